/**
 * What one autosave writes, sized to the edit rather than the document: the bulk (the scenario
 * as it was at the first unsaved edit, and a League of Robot Runners problem's map, agents and
 * tasks files, which no edit changes) goes once into a base; each later write is a small entry
 * holding the scenario's delta against that base (the stored form: core/platform/autosaveBackup.ts).
 * With warehouse_large (5,000 robots, its 1.1 MB tasks file) a painted wall wrote 2.1 MB before,
 * about a map row per wall painted since the base now.
 *
 * A new base is written (with its entry, in the same task: one IndexedDB transaction) when the
 * document has none yet, when a different LoRR problem is open, or when the edits outgrew a
 * quarter of it (a resized map). Bases go into one of three slots, never the one the entry on
 * disk reads nor the one the offered backup reads, so a crash between the two desktop files of a
 * write still leaves a backup whose base is whole. An entry names its base's slot and id; a base
 * that is gone or is another (its id) makes the backup unreadable, never a wrong document.
 */
import type { KeyValueStorage } from '../lab/resultStore.ts';
import type { LorrBackup } from '../lorr/lorrBackup.ts';
import { AUTOSAVE_BASE_KEYS, resolveBackup, storedBaseText, type AutosaveEntry, type BaseRef } from '../../../core/platform/autosaveBackup.ts';
import { diffJson } from '../../../core/util/jsonDelta.ts';

export type { AutosaveEntry, BaseRef };

/** Rebase once the edits' delta is larger than this share of the base. */
const REBASE_SHARE = 0.25;

let lastId = 0;
function newBaseId(savedAt: string): string {
  lastId++;
  return `${savedAt}#${lastId}#${Math.random().toString(36).slice(2, 10)}`;
}

/** Writes the bases and composes the entries of one window's autosave. */
export class AutosaveWriter {
  private current: { ref: BaseRef; scenario: unknown; lorrFiles: Record<string, string> | null; chars: number } | null = null;

  /**
   * `arePlain`: whether map rows are known to be '.' and '@' only (autosave's InlineMapRows made
   * them), so the base joins them without checking their characters; by default they are checked.
   */
  constructor(
    private readonly store: KeyValueStorage,
    private readonly arePlain?: (rows: readonly unknown[]) => boolean,
  ) {}

  /** A new document (loaded, recovered) or a saved one: the next entry starts a new base. */
  restart(): void {
    this.current = null;
  }

  /**
   * The entry for the scenario (its canonical JSON data) and the open LoRR problem, writing a new
   * base first where one is due. `busy`: bases other entries still read (the offered backup's).
   */
  entry(savedAt: string, name: string, scenario: Record<string, unknown>, lorr: LorrBackup | undefined, busy: readonly (BaseRef | undefined)[]): AutosaveEntry {
    const lorrFiles = lorr?.files ?? null;
    const lorrPart = lorr === undefined ? undefined : { name: lorr.name, text: lorr.text, planner: lorr.planner, scheduler: lorr.scheduler, steps: lorr.steps, stepLimitMs: lorr.stepLimitMs };
    const current = this.current;
    if (current !== null && current.lorrFiles === lorrFiles) {
      const delta = diffJson(current.scenario, scenario);
      const entry: AutosaveEntry = { savedAt, name, base: current.ref, delta, lorr: lorrPart };
      if (delta === null || JSON.stringify(delta).length <= current.chars * REBASE_SHARE) return entry;
    }
    const ref = { key: this.freeSlot(busy), id: newBaseId(savedAt) };
    const text = storedBaseText({ id: ref.id, scenario, lorrFiles }, this.arePlain);
    this.store.setItem(ref.key, text);
    this.current = { ref, scenario: writtenCopy(scenario), lorrFiles, chars: text.length };
    return { savedAt, name, base: ref, delta: null, lorr: lorrPart };
  }

  private freeSlot(busy: readonly (BaseRef | undefined)[]): string {
    const taken = new Set([this.current?.ref.key, ...busy.map((b) => b?.key)]);
    const key = AUTOSAVE_BASE_KEYS.find((k) => !taken.has(k));
    if (key === undefined) throw new Error('no free autosave base slot');
    return key;
  }
}

/**
 * The scenario as written (JSON data), not the live object the caller may reuse; but its map's
 * rows are the very strings written (strings do not change), so that the next delta passes the
 * rows no edit touched by reference: parsing a 5000 x 5000 map's base back gave 5,000 new strings
 * whose 25 million characters the next delta then compared one by one.
 */
function writtenCopy(scenario: Record<string, unknown>): unknown {
  const map = scenario.map as { rows?: unknown } | undefined;
  if (typeof map !== 'object' || map === null || !Array.isArray(map.rows)) return JSON.parse(JSON.stringify(scenario)) as unknown;
  const copy = JSON.parse(JSON.stringify({ ...scenario, map: { ...map, rows: [] } })) as { map: { rows: unknown[] } };
  copy.map.rows = map.rows.slice();
  return copy;
}

export type ResolvedEntry = { ok: true; text: string; lorr?: LorrBackup } | { ok: false; reason: string };

/** The scenario's JSON text and the LoRR backup an entry stands for, read with its base. */
export function resolveEntry(store: Pick<KeyValueStorage, 'getItem'>, entry: AutosaveEntry): ResolvedEntry {
  return resolveBackup((key) => store.getItem(key), entry);
}

/** Removes the bases no entry in `keep` reads. */
export function pruneBases(store: KeyValueStorage, keep: readonly (AutosaveEntry | null)[]): void {
  const kept = new Set(keep.map((e) => e?.base?.key));
  for (const key of AUTOSAVE_BASE_KEYS) if (!kept.has(key)) store.removeItem(key);
}
