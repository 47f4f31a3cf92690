import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import './styles.css';
import { hasRecoveryOffer, startAutosave } from './autosave/autosave.ts';
import { startRecentScenarios } from './documents/recentScenarios.ts';
import { reopenFile } from './documents/fileActions.ts';
import { startKeptComparisons } from './compare/keptActions.ts';
import { startDesktopIntegration } from './state/desktopIntegration.ts';
import { desktopBackend, openBackendStore, openStore } from './autosave/persistentStore.ts';
import { desktopApi } from './platform/index.ts';
import { useResultStorage } from './lab/sweep.ts';
import './solve/liveMode.ts';
import { installTheme } from './state/themeState.ts';

startDesktopIntegration();
installTheme();

// The stores are read before the first render: the recovery offer and the lab's records are
// there from the start (an IndexedDB open takes a few milliseconds).
// On the desktop, backups are files main writes atomically in the user's data folder.
const backupStore = desktopApi ? openBackendStore('backups', desktopBackend(desktopApi)) : openStore('backups');
void Promise.all([backupStore, openStore('lab-results')]).then(([backups, labResults]) => {
  startAutosave(backups);
  startKeptComparisons(backups);
  // The browser edition comes back to the file that was open (the desktop app has Open Recent).
  if (!desktopApi) {
    const reopen = startRecentScenarios(backups, hasRecoveryOffer());
    if (reopen) void reopenFile(reopen);
  }
  useResultStorage(labResults);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
