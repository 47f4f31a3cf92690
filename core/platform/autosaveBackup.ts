/**
 * The autosave's stored form, shared by the app that writes it and the tests that read it: an
 * entry written on each edit, small, holding the scenario as a delta (util/jsonDelta.ts) against
 * a base written once per editing session into one of three slots (with a League of Robot
 * Runners problem's files, which no edit changes). Backups from before bases hold the scenario
 * whole (`text`) and still read.
 */
import { applyJson, type JsonDelta } from '../util/jsonDelta.ts';

/** The slots of autosave's bases. */
export const AUTOSAVE_BASE_KEYS = ['mapf-lab/autosave-base-1', 'mapf-lab/autosave-base-2', 'mapf-lab/autosave-base-3'] as const;

/** A base's slot and its id (the id tells a rewritten slot from the base an entry was written against). */
export interface BaseRef {
  key: string;
  id: string;
}

/** The LoRR problem an entry was written with (renderer/src/lorr/lorrBackup.ts): its files are in the base when absent here. */
export interface EntryLorr {
  name: string;
  text: string;
  files?: Record<string, string>;
  planner: string;
  /** Absent in entries written before the scheduler was a choice: the greedy one. */
  scheduler?: string;
  steps: number;
  stepLimitMs: number;
}

export interface AutosaveEntry {
  savedAt: string;
  name: string;
  /** The scenario's JSON in full: backups written before bases. */
  text?: string;
  /** Or: the base the scenario is a delta against, and the delta (null: the base as it is). */
  base?: BaseRef;
  delta?: JsonDelta | null;
  lorr?: EntryLorr;
  /** The app's id of the document (what its kept comparisons are found by); absent in older backups. */
  documentId?: string;
}

/** A base as stored: its id first, so that an entry's base is checked without reading it all. */
export interface StoredBase {
  id: string;
  scenario: unknown;
  lorrFiles: Record<string, string> | null;
}

/** Whether every row is a string of '.' and '@' only (the check a writer that knows its rows skips). */
export function plainRows(rows: readonly unknown[]): boolean {
  return rows.every((row) => typeof row === 'string' && !/[^.@]/.test(row));
}

/**
 * The base's text. An inline map's rows of '.' and '@' (all a map written by the app has) need no
 * escaping, so they are joined between quotes instead of going through JSON.stringify: for a
 * 5000 x 5000 map that was 0.1 s of the UI thread's task at the first edit (Chromium, load 5.7).
 * `arePlain` says whether rows are such: a writer that made them says so without looking at
 * their characters again (the check itself took 79 ms there).
 */
export function storedBaseText(base: StoredBase, arePlain: (rows: readonly unknown[]) => boolean = plainRows): string {
  const whole = () => JSON.stringify({ id: base.id, scenario: base.scenario, lorrFiles: base.lorrFiles });
  const scenario = base.scenario as { map?: { rows?: unknown } } | null;
  const map = typeof scenario === 'object' && scenario !== null ? scenario.map : undefined;
  const rows = typeof map === 'object' && map !== null ? map.rows : undefined;
  if (!Array.isArray(rows) || rows.length === 0 || !arePlain(rows)) return whole();
  // The rows go where a mark stands in their place, found once (else, against all odds, the plain way).
  const mark = `rows ${base.id} ${Math.random()}`;
  const text = JSON.stringify({ id: base.id, scenario: { ...scenario, map: { ...map, rows: mark } }, lorrFiles: base.lorrFiles });
  const quoted = JSON.stringify(mark);
  const at = text.indexOf(quoted);
  if (at < 0 || text.indexOf(quoted, at + 1) >= 0) return whole();
  return `${text.slice(0, at)}["${(rows as string[]).join('","')}"]${text.slice(at + quoted.length)}`;
}

export type ResolvedBackup = { ok: true; text: string; lorr?: EntryLorr & { files: Record<string, string> } } | { ok: false; reason: string };

/** The scenario's JSON text and the LoRR problem an entry stands for, read with its base from `read`. */
export function resolveBackup(read: (key: string) => string | null, entry: AutosaveEntry): ResolvedBackup {
  if (typeof entry.text === 'string') return { ok: true, text: entry.text, lorr: entry.lorr === undefined ? undefined : { ...entry.lorr, files: entry.lorr.files ?? {} } };
  const ref = entry.base;
  if (ref === undefined || typeof ref.key !== 'string' || typeof ref.id !== 'string') return { ok: false, reason: 'the backup holds no scenario' };
  const raw = read(ref.key);
  if (raw === null || !raw.startsWith(`{"id":${JSON.stringify(ref.id)},`)) return { ok: false, reason: 'the part of the backup written at its first edit is missing' };
  try {
    const base = JSON.parse(raw) as StoredBase;
    const text = JSON.stringify(applyJson(base.scenario, entry.delta ?? null));
    const lorr = entry.lorr === undefined ? undefined : { ...entry.lorr, files: entry.lorr.files ?? base.lorrFiles ?? {} };
    return { ok: true, text, lorr };
  } catch (error) {
    return { ok: false, reason: `the backup is damaged (${error instanceof Error ? error.message : String(error)})` };
  }
}
