/**
 * The Electron main process: security setup, the solver utility process, IPC, the window.
 */
import { app, BrowserWindow, ipcMain } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN, guardWebContents, hardenSession, registerAppScheme, serveRenderer } from './security.ts';
import { registerSolverIpc } from './ipc/solverIpc.ts';
import { registerFileIpc } from './ipc/fileIpc.ts';
import { IPC, DESKTOP_API_VERSION, type AppInfo } from '../core/platform/desktopApi.ts';

const devServerUrl = process.env.ELECTRON_RENDERER_URL;

registerAppScheme();
app.enableSandbox();
guardWebContents(devServerUrl);

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'MAPF Lab',
    backgroundColor: '#1e1f24',
    webPreferences: {
      preload: join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
  return window;
}

void app.whenReady().then(() => {
  serveRenderer(join(__dirname, '../renderer'));
  hardenSession(devServerUrl);
  const solvers = registerSolverIpc();
  registerFileIpc();
  ipcMain.handle(IPC.appInfo, (): AppInfo => ({
    apiVersion: DESKTOP_API_VERSION,
    appVersion: app.getVersion(),
    electron: process.versions.electron,
    chrome: process.versions.chrome,
    node: process.versions.node,
    platform: process.platform,
  }));
  createMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
  app.on('before-quit', () => solvers.dispose());
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
