import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';
import { startAutosave } from './state/autosave.ts';
import { startDesktopIntegration } from './state/desktopIntegration.ts';
import './state/liveMode.ts';

startAutosave();
startDesktopIntegration();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
