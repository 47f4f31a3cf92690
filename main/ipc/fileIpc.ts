/**
 * Open and save through native dialogs. The user picks every path in a dialog shown by main; the
 * renderer only suggests a name and never sees or chooses a path, so it cannot write elsewhere.
 */
import { BrowserWindow, dialog, ipcMain } from 'electron';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { IPC, MAX_TEXT_FILE_BYTES, type OpenedTextFile, type SaveOutcome } from '../../core/platform/desktopApi.ts';
import { writeFileAtomic } from '../atomicWrite.ts';
import { checkFilters, checkSaveArgs } from './fileArgs.ts';

export function registerFileIpc(): void {
  ipcMain.handle(IPC.fileOpen, async (event, filtersArg: unknown): Promise<OpenedTextFile | null> => {
    const filters = checkFilters(filtersArg);
    if (!filters.ok) throw new Error(filters.message);
    const window = BrowserWindow.fromWebContents(event.sender);
    const options = { properties: ['openFile' as const], filters: [...filters.value, { name: 'All files', extensions: ['*'] }] };
    const choice = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    if (choice.canceled || choice.filePaths.length === 0) return null;
    const path = choice.filePaths[0];
    const { size } = await stat(path);
    if (size > MAX_TEXT_FILE_BYTES) throw new Error(`${basename(path)} is ${size} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens`);
    return { name: basename(path), text: await readFile(path, 'utf8') };
  });

  ipcMain.handle(IPC.fileSave, async (event, nameArg: unknown, textArg: unknown, filtersArg: unknown): Promise<SaveOutcome> => {
    const args = checkSaveArgs(nameArg, textArg);
    if (!args.ok) return { saved: false, error: args.message };
    const filters = checkFilters(filtersArg);
    if (!filters.ok) return { saved: false, error: filters.message };
    const window = BrowserWindow.fromWebContents(event.sender);
    const options = { defaultPath: args.value.name, filters: filters.value };
    const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return { saved: false };
    try {
      await writeFileAtomic(choice.filePath, args.value.text);
      return { saved: true, name: basename(choice.filePath) };
    } catch (error) {
      return { saved: false, error: `could not save ${basename(choice.filePath)}: ${error instanceof Error ? error.message : String(error)}` };
    }
  });
}
