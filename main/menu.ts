/**
 * The application menu. Shortcuts the renderer already handles are shown but not registered
 * (registerAccelerator: false), so a key press reaches the page exactly as in the browser
 * edition (and text fields keep their own undo); clicking an item sends the same command.
 */
import { BrowserWindow, Menu, app, type MenuItemConstructorOptions } from 'electron';
import { basename } from 'node:path';
import { IPC, type MenuCommand } from '../core/platform/desktopApi.ts';

export interface MenuHooks {
  recentFiles(): readonly string[];
  openRecent(path: string): void;
  clearRecent(): void;
  development: boolean;
}

function send(command: MenuCommand): void {
  BrowserWindow.getFocusedWindow()?.webContents.send(IPC.menuCommand, command);
}

function item(label: string, command: MenuCommand, accelerator?: string): MenuItemConstructorOptions {
  return { label, accelerator, registerAccelerator: false, click: () => send(command) };
}

export function buildMenu(hooks: MenuHooks): void {
  const recent = hooks.recentFiles();
  const recentItems: MenuItemConstructorOptions[] = recent.length
    ? [
        ...recent.map((path) => ({ label: basename(path), sublabel: path, click: () => hooks.openRecent(path) })),
        { type: 'separator' as const },
        { label: 'Clear Recent', click: () => hooks.clearRecent() },
      ]
    : [{ label: 'No recent files', enabled: false }];
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        item('New Scenario', 'new', 'Alt+N'),
        item('Open…', 'open', 'CmdOrCtrl+O'),
        { label: 'Open Recent', submenu: recentItems },
        { type: 'separator' },
        item('Save', 'save', 'CmdOrCtrl+S'),
        item('Save As…', 'save-as'),
        { type: 'separator' },
        item('Open Moving AI Map…', 'open-map'),
        item('Units from Moving AI Scenario…', 'units-from-scen'),
        item('Save Moving AI Map…', 'save-map', 'CmdOrCtrl+Shift+S'),
        {
          label: 'Export',
          submenu: [
            item('Replay (MAPF Lab JSON)…', 'export-replay'),
            item('Plan for mapf-visualizer…', 'export-plan'),
            item('Plan for PlanViz Qt (interchange)…', 'export-planviz'),
            item('Plan for PlanViz run.py (LoRR 2023)…', 'export-lorr'),
            item('Units as Moving AI Scenario…', 'export-scen'),
            item('Replay as Video (GIF, MP4, WebM)…', 'export-video', 'CmdOrCtrl+Shift+E'),
          ],
        },
        { type: 'separator' },
        process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: '&Edit',
      submenu: [
        item('Undo', 'undo', 'CmdOrCtrl+Z'),
        item('Redo', 'redo', 'CmdOrCtrl+Shift+Z'),
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: '&View',
      submenu: [
        item('JSON Editor', 'toggle-json', 'CmdOrCtrl+J'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { role: 'togglefullscreen' },
        ...(hooks.development ? [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
      ],
    },
    {
      label: '&Run',
      submenu: [item('Solve', 'solve', 'CmdOrCtrl+Enter'), item('Cancel Solve', 'cancel', 'Escape')],
    },
    {
      label: '&Help',
      submenu: [{ label: `MAPF Lab ${app.getVersion()}`, enabled: false }],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
