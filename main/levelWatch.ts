/**
 * Keeping a scenario in step with its level: the level files a window read beside its scenario
 * (the Tiled map or LDtk project and the tilesets and levels it names) are watched, and the
 * window is told, by the path it read, when one changes on disk, so it can read the level again.
 * Each file's folder is watched, not the file: Tiled and LDtk save by writing a new file and
 * renaming it over the old one, which a watch on the old file would not see. A burst of changes
 * (write, rename, touch) is told once, after it settles.
 */
import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

/** Where the news goes: the window's web contents. */
export interface LevelWatchTarget {
  send(channel: string, relativePath: string): void;
  isDestroyed(): boolean;
}

interface FolderWatch {
  watcher: FSWatcher;
  /** File name in the folder -> the path the window read it by. */
  files: Map<string, string>;
  timers: Map<string, ReturnType<typeof setTimeout>>;
}

const windows = new Map<number, Map<string, FolderWatch>>();

/** Quiet time after the last change before the window is told: a save is several events. */
export const SETTLE_MS = 300;

/** Watches `absolutePath` for window `owner`, telling it `relativePath` on `channel` when it changes. */
export function watchLevelFile(owner: number, target: LevelWatchTarget, channel: string, absolutePath: string, relativePath: string, settleMs = SETTLE_MS): void {
  let folders = windows.get(owner);
  if (!folders) {
    folders = new Map();
    windows.set(owner, folders);
  }
  const folder = dirname(absolutePath);
  let entry = folders.get(folder);
  if (!entry) {
    const files = new Map<string, string>();
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, name) => {
        const file = name === null ? undefined : files.get(name.toString());
        if (file === undefined) return;
        clearTimeout(timers.get(file));
        timers.set(file, setTimeout(() => {
          timers.delete(file);
          if (!target.isDestroyed()) target.send(channel, file);
        }, settleMs));
      });
    } catch {
      // A folder that cannot be watched (gone, no permission): the window reloads by hand.
      return;
    }
    watcher.on('error', () => stopFolder(owner, folder));
    entry = { watcher, files, timers };
    folders.set(folder, entry);
  }
  entry.files.set(basename(absolutePath), relativePath);
}

function stopFolder(owner: number, folder: string): void {
  const entry = windows.get(owner)?.get(folder);
  if (!entry) return;
  entry.watcher.close();
  for (const timer of entry.timers.values()) clearTimeout(timer);
  windows.get(owner)!.delete(folder);
}

/** Stops every watch of window `owner` (it closed, or opened another document). */
export function stopLevelWatches(owner: number): void {
  for (const folder of [...(windows.get(owner)?.keys() ?? [])]) stopFolder(owner, folder);
  windows.delete(owner);
}
