/**
 * Open and save through native dialogs. The user picks every path in a dialog shown by main; the
 * renderer only suggests a name and never sees or chooses a path, so it cannot write elsewhere.
 * Main remembers each window's current files (Save without a dialog, a scenario's map beside
 * it) and keeps the recent files list.
 */
import { BrowserWindow, app, dialog, ipcMain, type WebContents } from 'electron';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { IPC, MAX_TEXT_FILE_BYTES, type OpenedTextFile, type SaveOutcome } from '../../core/platform/desktopApi.ts';
import { writeFileAtomic } from '../atomicWrite.ts';
import { rememberFile, sessionFor } from '../documentSessions.ts';
import type { RecentFiles } from '../recentFiles.ts';
import { checkFilters, checkSaveArgs, resolveMapBeside } from './fileArgs.ts';

export async function readTextFile(path: string): Promise<OpenedTextFile> {
  const { size } = await stat(path);
  if (size > MAX_TEXT_FILE_BYTES) throw new Error(`${basename(path)} is ${size} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens`);
  return { name: basename(path), text: await readFile(path, 'utf8') };
}

/** Opens `path` in the window (File > Open Recent, or a file given on the command line). */
export async function openPathInWindow(contents: WebContents, path: string, recent: RecentFiles): Promise<void> {
  try {
    const file = await readTextFile(path);
    rememberFile(sessionFor(contents.id), path);
    void recent.add(path);
    app.addRecentDocument(path);
    contents.send(IPC.fileOpened, file);
  } catch (error) {
    void recent.remove(path);
    const window = BrowserWindow.fromWebContents(contents);
    const message = `Could not open ${basename(path)}: ${error instanceof Error ? error.message : String(error)}`;
    if (window) void dialog.showMessageBox(window, { type: 'error', message });
  }
}

export function registerFileIpc(recent: RecentFiles, onRecentChanged: () => void): void {
  ipcMain.handle(IPC.fileOpen, async (event, filtersArg: unknown): Promise<OpenedTextFile | null> => {
    const filters = checkFilters(filtersArg);
    if (!filters.ok) throw new Error(filters.message);
    const window = BrowserWindow.fromWebContents(event.sender);
    const options = { properties: ['openFile' as const], filters: [...filters.value, { name: 'All files', extensions: ['*'] }] };
    const choice = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    if (choice.canceled || choice.filePaths.length === 0) return null;
    const path = choice.filePaths[0];
    const file = await readTextFile(path);
    rememberFile(sessionFor(event.sender.id), path);
    await recent.add(path);
    app.addRecentDocument(path);
    onRecentChanged();
    return file;
  });

  ipcMain.handle(IPC.fileSave, async (event, nameArg: unknown, textArg: unknown, filtersArg: unknown, optionsArg: unknown): Promise<SaveOutcome> => {
    const args = checkSaveArgs(nameArg, textArg);
    if (!args.ok) return { saved: false, error: args.message };
    const filters = checkFilters(filtersArg);
    if (!filters.ok) return { saved: false, error: filters.message };
    const session = sessionFor(event.sender.id);
    const reuse = typeof optionsArg === 'object' && optionsArg !== null && (optionsArg as { reuseCurrentFile?: unknown }).reuseCurrentFile === true;
    let path = reuse ? session.files.get(extname(args.value.name).toLowerCase()) : undefined;
    if (path === undefined) {
      const window = BrowserWindow.fromWebContents(event.sender);
      const options = { defaultPath: args.value.name, filters: filters.value };
      const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
      if (choice.canceled || !choice.filePath) return { saved: false };
      path = choice.filePath;
    }
    try {
      await writeFileAtomic(path, args.value.text);
    } catch (error) {
      return { saved: false, error: `could not save ${basename(path)}: ${error instanceof Error ? error.message : String(error)}` };
    }
    rememberFile(session, path);
    await recent.add(path);
    app.addRecentDocument(path);
    onRecentChanged();
    return { saved: true, name: basename(path) };
  });

  ipcMain.handle(IPC.fileReadBeside, async (event, relativeArg: unknown): Promise<OpenedTextFile> => {
    const resolved = resolveMapBeside(sessionFor(event.sender.id).scenarioPath, relativeArg);
    if (!resolved.ok) throw new Error(resolved.message);
    return readTextFile(resolved.value);
  });
}
