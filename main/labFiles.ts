/**
 * Text files main reads for a window, each no larger than the app opens: a file the user picked
 * (fileIpc.ts, labIpc.ts), a map beside a scenario, and the Moving AI .map or .scen an experiment
 * names by path, relative to the experiment file (as the command line does), for the desktop
 * lab's pool. No Electron here, so the lab's pool tests read real files without stubbing it.
 */
import { basename } from 'node:path';
import type { OpenedTextFile } from '../core/platform/desktopApi.ts';
import { EXPERIMENT_FILE } from './ipc/labArgs.ts';
import { type NamedFileAccess, readChecked, readNamedFiles } from './namedFiles.ts';

export interface TextFileNaming {
  /** How errors name the file (default: its name without folders). */
  shownAs?: string;
  /** The error when the file cannot be found (default: "NAME: no such file"). */
  missing?: string;
}

/** Reads `path` (a file the user picked) as text once its size is checked: a huge file fails before it fills memory. Errors name it by its file name only. */
export async function readTextFile(path: string, naming: TextFileNaming = {}): Promise<OpenedTextFile> {
  const shownAs = naming.shownAs ?? basename(path);
  const text = await readChecked(path, shownAs);
  if (text instanceof Error) throw naming.missing !== undefined && text.message === `${shownAs}: no such file` ? new Error(naming.missing) : text;
  return { name: basename(path), text };
}

/**
 * The Moving AI .map and .scen files an experiment names, relative to it (namedFiles.ts's rules);
 * for a sweep's runs (`SWEEP_EXTENSIONS`) also a LoRR problem's .json and the .agents and .tasks
 * files it names.
 */
export function readExperimentFiles(access: NamedFileAccess, names: readonly string[], extensions: readonly string[] = ['.map', '.scen']): Promise<Map<string, string | Error>> {
  return readNamedFiles(access, names, extensions, EXPERIMENT_FILE);
}

/** What a sweep's runs may read: Moving AI maps and scenarios, LoRR problems and their files. */
export const SWEEP_EXTENSIONS: readonly string[] = ['.map', '.scen', '.json', '.agents', '.tasks'];

/** One file an experiment names (the lab's replay of a run); rejects with the reason. */
export async function readExperimentFile(access: NamedFileAccess, name: string): Promise<string> {
  const text = (await readExperimentFiles(access, [name])).get(name)!;
  if (text instanceof Error) throw text;
  return text;
}
