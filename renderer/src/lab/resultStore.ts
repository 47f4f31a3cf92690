/**
 * The lab's results, kept in a store of their own (the window's IndexedDB, persistentStore.ts;
 * they used to share localStorage's ~5 MB with autosave and filled it) keyed by the experiment's
 * fingerprint (core/experiments/hash.ts), so a closed window loses only the runs in flight and
 * reopening the same definition resumes. Records are JSONL lines (core/experiments/results.ts) in
 * chunks of CHUNK_LINES: an append rewrites the last chunk only, never the whole sweep.
 * Pure over a Storage-like interface, so it is tested without a browser.
 */
import { readResults, recordLine } from '../../../core/experiments/results.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage whose keys can be listed (to count and clear every experiment's results). */
export interface ListedStorage extends KeyValueStorage {
  keys(): string[];
}

export const STORAGE_PREFIX = 'mapf-lab/lab/';
/** Every results chunk's key starts so (chunkKey). */
export const RESULTS_PREFIX = `${STORAGE_PREFIX}results/`;
export const CHUNK_LINES = 32;
/** The experiment text last open in the lab editor. */
export const LAST_EXPERIMENT_KEY = `${STORAGE_PREFIX}experiment`;
/** Set while the lab reads the stored experiment; found at start-up, it means the last reading never ended. */
export const LAB_OPENING_KEY = `${STORAGE_PREFIX}opening`;
/** The experiment's file name and the text last opened or saved (experimentFile.ts), so a restart keeps its name. */
export const EXPERIMENT_FILE_KEY = `${STORAGE_PREFIX}experiment-file`;

export function chunkKey(hash: string, index: number): string {
  return `${RESULTS_PREFIX}${hash}/${index}`;
}

export class ResultStore {
  private chunk = 0;
  private text = '';
  private lines = 0;

  constructor(private readonly storage: KeyValueStorage, readonly hash: string) {}

  /** Every record stored for this definition (one per run key, the later line winning); sets up appending. */
  load(): { records: RunRecord[]; problems: string[] } {
    let all = '';
    let index = 0;
    let last = '';
    for (;;) {
      const text = this.storage.getItem(chunkKey(this.hash, index));
      if (text === null) break;
      // A chunk cut mid-line (a quota error between writes) keeps its complete lines only.
      last = text.slice(0, text.lastIndexOf('\n') + 1);
      all += last;
      index++;
    }
    const result = readResults(all);
    this.chunk = Math.max(0, index - 1);
    this.text = last;
    this.lines = last === '' ? 0 : last.split('\n').length - 1;
    if (this.lines >= CHUNK_LINES) this.startChunk();
    return { records: result.records, problems: result.problems };
  }

  /**
   * Appends records with one write per chunk touched; throws what the storage throws (a full
   * quota), leaving the records written before intact.
   */
  append(records: readonly RunRecord[]): void {
    let text = this.text;
    let lines = this.lines;
    for (let i = 0; i < records.length; i++) {
      text += recordLine(records[i]);
      lines++;
      if (lines >= CHUNK_LINES || i === records.length - 1) {
        this.storage.setItem(chunkKey(this.hash, this.chunk), text);
        this.text = text;
        this.lines = lines;
        if (lines >= CHUNK_LINES) this.startChunk();
        text = this.text;
        lines = this.lines;
      }
    }
  }

  /** Forgets every record of this definition. */
  clear(): void {
    for (let index = 0; this.storage.getItem(chunkKey(this.hash, index)) !== null; index++) this.storage.removeItem(chunkKey(this.hash, index));
    this.chunk = 0;
    this.text = '';
    this.lines = 0;
  }

  private startChunk(): void {
    this.chunk++;
    this.text = '';
    this.lines = 0;
  }
}

/** A Map-backed storage (tests; and the fallback when the window has no localStorage). */
export function memoryStorage(): ListedStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    keys: () => [...map.keys()],
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** What the results of every experiment take in `storage`: bytes (UTF-16, keys included) and experiments. */
export function storedResults(storage: ListedStorage): { bytes: number; experiments: number } {
  let bytes = 0;
  const hashes = new Set<string>();
  for (const key of storage.keys()) {
    if (!key.startsWith(RESULTS_PREFIX)) continue;
    bytes += (key.length + (storage.getItem(key)?.length ?? 0)) * 2;
    hashes.add(key.slice(RESULTS_PREFIX.length, key.lastIndexOf('/')));
  }
  return { bytes, experiments: hashes.size };
}

/** Forgets the results of every experiment in `storage`. */
export function clearStoredResults(storage: ListedStorage): void {
  for (const key of storage.keys()) if (key.startsWith(RESULTS_PREFIX)) storage.removeItem(key);
}
