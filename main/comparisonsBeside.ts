/**
 * The comparisons kept beside a scenario file: NAME.compare.json next to NAME.json, the side file
 * the Compare panel's Save… writes (core/replayFile/comparisonSchema.ts). When the desktop app
 * opens a scenario, main reads that file from the scenario's own folder (the renderer never
 * learns the path), checks it with the format's one zod schema (parseComparisonsFile) and hands
 * back the comparisons, or the reason it could not, located as "bridge.compare.json:12:5:
 * comparisons[0].costModel: …". A scenario without the side file simply has none. No Electron
 * here, so tests read real files.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { comparisonsFileName, parseComparisonsFile } from '../core/replayFile/comparisonFile.ts';
import type { ComparisonsBeside } from '../core/platform/desktopApi.ts';
import { readChecked } from './namedFiles.ts';

/** The side file of `scenarioPath` (a .json scenario; null for anything else). */
export function comparisonsPathBeside(scenarioPath: string | null): string | null {
  if (scenarioPath === null || extname(scenarioPath).toLowerCase() !== '.json') return null;
  const name = basename(scenarioPath);
  // A comparisons file opened as a scenario has no side file of its own.
  if (/\.compare\.json$/i.test(name)) return null;
  return join(dirname(scenarioPath), comparisonsFileName(name));
}

/** Reads and checks the comparisons beside `scenarioPath`: null when there is no such file. */
export async function readComparisonsBeside(scenarioPath: string | null): Promise<ComparisonsBeside> {
  const path = comparisonsPathBeside(scenarioPath);
  if (path === null) return null;
  const name = basename(path);
  try {
    await stat(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
  }
  const text = await readChecked(path, name);
  if (text instanceof Error) return { name, error: text.message };
  try {
    return { name, file: parseComparisonsFile(text, name) };
  } catch (error) {
    return { name, error: error instanceof Error ? error.message : String(error) };
  }
}
