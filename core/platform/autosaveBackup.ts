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
}

/** A base as stored: its id first, so that an entry's base is checked without reading it all. */
export interface StoredBase {
  id: string;
  scenario: unknown;
  lorrFiles: Record<string, string> | null;
}

export function storedBaseText(base: StoredBase): string {
  return JSON.stringify({ id: base.id, scenario: base.scenario, lorrFiles: base.lorrFiles });
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
