import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';
import { startAutosave } from './state/autosave.ts';
import { startDesktopIntegration } from './state/desktopIntegration.ts';
import { openStore } from './state/persistentStore.ts';
import { useResultStorage } from './lab/sweep.ts';
import './state/liveMode.ts';

startDesktopIntegration();

// The stores are read before the first render: the recovery offer and the lab's records are
// there from the start (an IndexedDB open takes a few milliseconds).
void Promise.all([openStore('backups'), openStore('lab-results')]).then(([backups, labResults]) => {
  startAutosave(backups);
  useResultStorage(labResults);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
