/**
 * Reads a Moving AI .map or .scen an experiment names by path, relative to the experiment file
 * (as the command line does), for the desktop lab's pool. Only those two kinds of file, no
 * larger than the app opens; the renderer names the file but never learns where it is.
 */
import { readFile, stat } from 'node:fs/promises';
import { MAX_TEXT_FILE_BYTES } from '../core/platform/desktopApi.ts';
import { resolveExperimentFile } from './ipc/labArgs.ts';

export async function readExperimentFile(experimentPath: string | null, name: string): Promise<string> {
  const resolved = resolveExperimentFile(experimentPath, name);
  if (!resolved.ok) throw new Error(resolved.message);
  let size: number;
  try {
    size = (await stat(resolved.value)).size;
  } catch {
    throw new Error(`${name}: no such file beside the experiment`);
  }
  if (size > MAX_TEXT_FILE_BYTES) throw new Error(`${name} is ${size} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens`);
  return readFile(resolved.value, 'utf8');
}
