/**
 * Text files main reads for a window, each no larger than the app opens: a file the user picked
 * (fileIpc.ts, labIpc.ts), a map beside a scenario, and the Moving AI .map or .scen an experiment
 * names by path, relative to the experiment file (as the command line does), for the desktop
 * lab's pool. No Electron here, so the lab's pool tests read real files without stubbing it.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_TEXT_FILE_BYTES, type OpenedTextFile } from '../core/platform/desktopApi.ts';
import { resolveExperimentFile } from './ipc/labArgs.ts';

export interface TextFileNaming {
  /** How errors name the file (default: its name without folders). */
  shownAs?: string;
  /** The error when the file cannot be found (default: the system's, which gives the full path). */
  missing?: string;
}

/** Reads `path` as text once its size is checked: a huge file fails before it fills memory. */
export async function readTextFile(path: string, naming: TextFileNaming = {}): Promise<OpenedTextFile> {
  const shownAs = naming.shownAs ?? basename(path);
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    if (naming.missing !== undefined) throw new Error(naming.missing);
    throw error;
  }
  if (size > MAX_TEXT_FILE_BYTES) throw new Error(`${shownAs} is ${size} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens`);
  return { name: basename(path), text: await readFile(path, 'utf8') };
}

/**
 * Only .map and .scen files. The renderer names the file but never learns where it is, so a
 * missing or oversized file is named as the experiment names it, not by its full path.
 */
export async function readExperimentFile(experimentPath: string | null, name: string): Promise<string> {
  const resolved = resolveExperimentFile(experimentPath, name);
  if (!resolved.ok) throw new Error(resolved.message);
  const file = await readTextFile(resolved.value, { shownAs: name, missing: `${name}: no such file beside the experiment` });
  return file.text;
}
