/**
 * The editor window: secure web preferences, a title that shows the document and its unsaved
 * state, and a prompt before closing over unsaved changes (Save / Don't Save / Cancel).
 */
import { BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';
import { IPC, type DocumentState } from '../core/platform/desktopApi.ts';
import { forgetSession, sessionFor, windowTitle } from './documentSessions.ts';
import { stopLevelWatches } from './levelWatch.ts';
import { APP_ORIGIN } from './urlPolicy.ts';
import { on } from './ipc/trustedIpc.ts';

export function createMainWindow(devServerUrl: string | undefined): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'MAPF Lab',
    backgroundColor: '#1e1f24',
    // A literal, so static checkers (Electronegativity) read it. No middle-click (auxclick)
    // navigation past the will-navigate guard; the preload exposes the typed desktop API and
    // nothing of Node.
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    },
  });
  const contentsId = window.webContents.id;
  window.once('ready-to-show', () => window.show());
  // The page sets its own <title>; keep ours, which carries the unsaved marker.
  window.on('page-title-updated', (event) => event.preventDefault());
  window.on('close', (event) => {
    const session = sessionFor(contentsId);
    if (session.closing || !session.state.dirty) return;
    event.preventDefault();
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      buttons: ['Save', "Don't Save", 'Cancel'],
      defaultId: 0,
      cancelId: 2,
      message: `Save the changes to “${session.state.name}” before closing?`,
      detail: "Your changes will be lost if you don't save them.",
    });
    if (choice === 0) window.webContents.send(IPC.menuCommand, 'save-and-close');
    else if (choice === 1) {
      session.closing = true;
      window.close();
    }
  });
  window.on('closed', () => {
    forgetSession(contentsId);
    stopLevelWatches(contentsId);
  });
  void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
  return window;
}

/** The renderer reports its document; the renderer asks to close after saving. */
export function registerWindowIpc(): void {
  on(IPC.documentState, (event, state: unknown) => {
    if (!isDocumentState(state)) return;
    const session = sessionFor(event.sender.id);
    session.state = { name: state.name.slice(0, 200), dirty: state.dirty };
    const window = BrowserWindow.fromWebContents(event.sender);
    if (window) {
      window.setTitle(windowTitle(session.state));
      window.setDocumentEdited(state.dirty);
    }
  });
  on(IPC.closeWindow, (event) => {
    const window = BrowserWindow.fromWebContents(event.sender);
    if (!window) return;
    sessionFor(event.sender.id).closing = true;
    window.close();
  });
}

function isDocumentState(value: unknown): value is DocumentState {
  return typeof value === 'object' && value !== null && typeof (value as DocumentState).name === 'string' && typeof (value as DocumentState).dirty === 'boolean';
}
