/**
 * The Electron main process: security setup, the solver utility process, the lab's pool of
 * solver processes, IPC, menus, windows.
 */
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { guardWebContents, hardenSession, registerAppScheme, serveRenderer } from './security.ts';
import { devServerUrlFor } from './urlPolicy.ts';
import { registerSolverIpc } from './ipc/solverIpc.ts';
import { registerLabIpc } from './ipc/labIpc.ts';
import { registerBackupIpc } from './ipc/backupIpc.ts';
import { openPathInWindow, registerFileIpc } from './ipc/fileIpc.ts';
import { IPC, DESKTOP_API_VERSION, type AppInfo } from '../core/platform/desktopApi.ts';
import { createMainWindow, registerWindowIpc } from './mainWindow.ts';
import { buildMenu } from './menu.ts';
import { RecentFiles } from './recentFiles.ts';
import { handle, trustDevServer } from './ipc/trustedIpc.ts';

// The dev server only in development: a packaged build ignores ELECTRON_RENDERER_URL.
const devServerUrl = devServerUrlFor(process.env, app.isPackaged);
trustDevServer(devServerUrl);

registerAppScheme();
app.enableSandbox();
guardWebContents(devServerUrl);

void app.whenReady().then(() => {
  serveRenderer(join(__dirname, '../renderer'));
  hardenSession(devServerUrl);
  const solvers = registerSolverIpc();
  const lab = registerLabIpc();
  registerBackupIpc();
  const recent = new RecentFiles(app.getPath('userData'));
  const rebuildMenu = () =>
    buildMenu({
      recentFiles: () => recent.list(),
      openRecent: (path) => {
        const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
        if (window) void openPathInWindow(window.webContents, path, recent).then(rebuildMenu);
      },
      clearRecent: () => void recent.clear().then(rebuildMenu),
      development: devServerUrl !== undefined,
    });
  registerFileIpc(recent, rebuildMenu);
  registerWindowIpc();
  handle(IPC.appInfo, (): AppInfo => ({
    apiVersion: DESKTOP_API_VERSION,
    appVersion: app.getVersion(),
    electron: process.versions.electron,
    chrome: process.versions.chrome,
    node: process.versions.node,
    platform: process.platform,
  }));
  rebuildMenu();
  createMainWindow(devServerUrl);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(devServerUrl);
  });
  app.on('before-quit', () => {
    lab.dispose();
    solvers.dispose();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
