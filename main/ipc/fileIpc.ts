/**
 * Open and save through native dialogs. The user picks every path in a dialog shown by main; the
 * renderer only suggests a name and never sees or chooses a path, so it cannot write elsewhere.
 * Main remembers each window's current files (Save without a dialog, a scenario's map beside
 * it) and keeps the recent files list. The lab's experiment file goes through the same dialogs
 * and save (labIpc.ts), remembered apart.
 */
import { BrowserWindow, app, dialog, type WebContents } from 'electron';
import { basename, dirname, extname, resolve } from 'node:path';
import { IPC, type ComparisonsBeside, type FileFilter, type OpenedTextFile, type SaveOutcome } from '../../core/platform/desktopApi.ts';
import { writeFileAtomic } from '../../cli/atomicWrite.ts';
import { rememberFile, sessionFor } from '../documentSessions.ts';
import { watchLevelFile } from '../levelWatch.ts';
import { readTextFile } from '../labFiles.ts';
import type { RecentFiles } from '../recentFiles.ts';
import { LEVEL_BESIDE, LEVEL_EXTENSIONS, LORR_BESIDE, LORR_EXTENSIONS, MAP_BESIDE, checkFilters, checkSaveArgs, checkSaveBinaryArgs } from './fileArgs.ts';
import { readNamedFiles } from '../namedFiles.ts';
import { namedFileAccess } from './folderConsent.ts';
import { handle } from './trustedIpc.ts';
import { readComparisonsBeside } from '../comparisonsBeside.ts';

const ALL_FILES: FileFilter = { name: 'All files', extensions: ['*'] };

/** The file the user picks in the open dialog (the sender's window's, when it has one), or null when cancelled. */
export async function chooseFileToOpen(sender: WebContents, filters: FileFilter[]): Promise<string | null> {
  const window = BrowserWindow.fromWebContents(sender);
  const options = { properties: ['openFile' as const], filters: [...filters, ALL_FILES] };
  const choice = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return choice.canceled || choice.filePaths.length === 0 ? null : choice.filePaths[0];
}

/** Whether the renderer asked Save to write to the current file (SaveOptions.reuseCurrentFile). */
export function wantsCurrentFile(options: unknown): boolean {
  return typeof options === 'object' && options !== null && (options as { reuseCurrentFile?: unknown }).reuseCurrentFile === true;
}

/**
 * Writes `file.text` atomically to `path` or, without one, where the user picks in the save
 * dialog (suggesting `file.name`). `remember` runs only once the file is written, so a cancelled
 * or failed save leaves the window's current file as it was.
 */
export async function saveText(
  sender: WebContents,
  file: { name: string; text: string | Uint8Array },
  filters: FileFilter[],
  path: string | undefined,
  remember: (path: string) => void | Promise<void>,
): Promise<SaveOutcome> {
  if (path === undefined) {
    const window = BrowserWindow.fromWebContents(sender);
    const options = { defaultPath: file.name, filters };
    const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return { saved: false };
    path = choice.filePath;
  }
  try {
    await writeFileAtomic(path, file.text);
  } catch (error) {
    return { saved: false, error: `could not save ${basename(path)}: ${error instanceof Error ? error.message : String(error)}` };
  }
  await remember(path);
  return { saved: true, name: basename(path) };
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
    const reason = error instanceof Error ? error.message : String(error);
    // readTextFile's reasons mostly start with the file's name already.
    const message = reason.startsWith(`${basename(path)}: `) ? `Could not open ${reason}` : `Could not open ${basename(path)}: ${reason}`;
    if (window) void dialog.showMessageBox(window, { type: 'error', message });
  }
}

export function registerFileIpc(recent: RecentFiles, onRecentChanged: () => void): void {
  const addRecent = async (path: string): Promise<void> => {
    await recent.add(path);
    app.addRecentDocument(path);
    onRecentChanged();
  };

  handle(IPC.fileOpen, async (event, filtersArg: unknown): Promise<OpenedTextFile | null> => {
    const filters = checkFilters(filtersArg);
    if (!filters.ok) throw new Error(filters.message);
    const path = await chooseFileToOpen(event.sender, filters.value);
    if (path === null) return null;
    const file = await readTextFile(path);
    rememberFile(sessionFor(event.sender.id), path);
    await addRecent(path);
    return file;
  });

  handle(IPC.fileSave, async (event, nameArg: unknown, textArg: unknown, filtersArg: unknown, optionsArg: unknown): Promise<SaveOutcome> => {
    const args = checkSaveArgs(nameArg, textArg);
    if (!args.ok) return { saved: false, error: args.message };
    const filters = checkFilters(filtersArg);
    if (!filters.ok) return { saved: false, error: filters.message };
    const session = sessionFor(event.sender.id);
    const current = wantsCurrentFile(optionsArg) ? session.files.get(extname(args.value.name).toLowerCase()) : undefined;
    return saveText(event.sender, args.value, filters.value, current, async (path) => {
      rememberFile(session, path);
      await addRecent(path);
    });
  });

  // A replay clip: the same dialog and atomic write, but not a document (Save keeps its file) nor a recent file (the app cannot open it).
  handle(IPC.fileSaveBinary, async (event, nameArg: unknown, bytesArg: unknown, filtersArg: unknown): Promise<SaveOutcome> => {
    const args = checkSaveBinaryArgs(nameArg, bytesArg);
    if (!args.ok) return { saved: false, error: args.message };
    const filters = checkFilters(filtersArg);
    if (!filters.ok) return { saved: false, error: filters.message };
    return saveText(event.sender, { name: args.value.name, text: args.value.bytes }, filters.value, undefined, () => undefined);
  });

  handle(IPC.fileReadBeside, async (event, relativeArg: unknown, kindArg: unknown): Promise<OpenedTextFile> => {
    const lorr = kindArg === 'lorr';
    const level = kindArg === 'level';
    const wording = lorr ? LORR_BESIDE : level ? LEVEL_BESIDE : MAP_BESIDE;
    if (typeof relativeArg !== 'string') throw new Error(wording.invalid);
    const text = (await readNamedFiles(namedFileAccess(event.sender.id, 'scenario'), [relativeArg], lorr ? LORR_EXTENSIONS : level ? LEVEL_EXTENSIONS : ['.map'], wording)).get(relativeArg)!;
    if (text instanceof Error) throw text;
    // A level read beside the scenario is watched: its window re-reads it when the designer saves it.
    const scenarioPath = sessionFor(event.sender.id).scenarioPath;
    if (level && scenarioPath) watchLevelFile(event.sender.id, event.sender, IPC.levelChanged, resolve(dirname(scenarioPath), relativeArg), relativeArg);
    return { name: basename(relativeArg), text };
  });

  // The comparisons kept beside the window's scenario: main picks the path (the renderer sends nothing), and checks the file with its schema.
  handle(IPC.fileReadComparisons, (event): Promise<ComparisonsBeside> => readComparisonsBeside(sessionFor(event.sender.id).scenarioPath));
}
