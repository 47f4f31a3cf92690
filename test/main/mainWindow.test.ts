// The app window's web preferences with Electron stubbed: isolated and sandboxed, no Node in the
// page or its workers, no <webview>, and no middle-click (auxclick) navigation (
// Electronegativity's AUXCLICK, CONTEXT_ISOLATION and SANDBOX checks).
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({ options: [] as { webPreferences: Record<string, unknown> }[] }));

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { id: 1 };
    constructor(options: { webPreferences: Record<string, unknown> }) {
      electron.options.push(options);
    }
    once(): void {}
    on(): void {}
    loadURL(): Promise<void> {
      return Promise.resolve();
    }
  }
  return { BrowserWindow, dialog: {}, ipcMain: { handle: () => undefined, on: () => undefined } };
});

const { createMainWindow } = await import('../../main/mainWindow.ts');

describe('main window', () => {
  it('is isolated and sandboxed, with no Node, no webview and no auxclick', () => {
    createMainWindow(undefined);
    const prefs = electron.options[0].webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, webSecurity: true, webviewTag: false, allowRunningInsecureContent: false });
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(String(prefs.disableBlinkFeatures).split(',')).toContain('Auxclick');
  });
});
