/**
 * The lab's sweep: the experiment text being edited, its parsed definition and fingerprint, the
 * records so far, and the pool running the rest. Runs go to a SweepBackend: in the browser
 * edition core's experiment pool (core/protocol/pool.ts) over Web Workers serving the solver
 * protocol (workerPoolBackend below); in the desktop app main's pool of solver utility processes
 * (desktopLabPool.ts). Records are stored in batches as they arrive (resultStore.ts), so
 * reopening the same definition resumes with the runs not yet recorded.
 *
 * The UI thread only receives records: they are appended to a batch and handed to React at
 * most every FLUSH_MS; the charts take them at most every second, in small steps of their own
 * (chartQueue.ts).
 */
import { type Defer, deferredStart } from '../../../core/protocol/deferredStart.ts';
import { experimentHash } from '../../../core/experiments/hash.ts';
import { type PoolProgress, runPool } from '../../../core/protocol/pool.ts';
import { mergeRecords, pendingRuns, shardRuns } from '../../../core/experiments/results.ts';
import { type RunSpec, checkRunCount, plannedLabels, planRuns } from '../../../core/experiments/runPlan.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { type Experiment, ExperimentError, parseExperiment } from '../../../core/experiments/schema.ts';
import { solverNames } from '../../../core/registry/registry.ts';
import type { SweepBackend, SweepRun, SweepState } from './sweepTypes.ts';
import { filesMissing } from '../../../core/experiments/namedFiles.ts';
import { givenLabFile, labFilesReader } from './labFiles.ts';
import type { SpawnWorker } from '../../../core/protocol/port.ts';
import { spawnWebSolverWorker } from '../platform/webSolverService.ts';
import { Store } from '../state/store.ts';
import { deferredSpawn } from './deferredSpawn.ts';
import { defaultExperiment, experimentText } from './experimentForm.ts';
import { type KeyValueStorage, LAB_OPENING_KEY, LAST_EXPERIMENT_KEY, type ListedStorage, RESULTS_PREFIX, ResultStore, clearStoredResults, memoryStorage, storedResults } from './resultStore.ts';
import type { PersistentStore } from '../autosave/persistentStore.ts';

/**
 * Longest the charts and the storage wait for new records. Storage writes are batched too (a
 * localStorage write per record cost the UI thread more than the charts did), each in the task
 * after the batch renders. The window's pagehide writes what is waiting, so a closed window
 * still loses only the runs in flight.
 */
export const FLUSH_MS = 400;

function defaultWorkers(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 0;
  return Math.max(1, Math.min(16, cores || 2));
}

function windowStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Storage blocked (privacy settings): results live as long as the window.
  }
  return memoryStorage();
}

let results: ResultStore | null = null;
let pool: SweepRun | null = null;
/** The runs of the current definition, planned the first time a sweep, a merge or a replay needs them (null: not yet). */
let plannedRuns: RunSpec[] | null = null;
/** The experiment text and the opening mark: small, in localStorage. */
let storage = windowStorage();
/** The records: a store of their own (useResultStorage), in memory until the app gives one. */
let resultStorage: ListedStorage = memoryStorage();

/** Where the lab keeps its small state (the text, the experiment's file name): the window's storage. */
export function labStorage(): KeyValueStorage {
  return storage;
}

/** Tests: where the last text (`next`) and the records (`records`) are kept. */
export function setLabStorage(next: ListedStorage, records: ListedStorage = next): void {
  storage = next;
  resultStorage = records;
  results = null;
  plannedRuns = null;
  sweepStore.set({ hash: null, text: '', labels: [], records: [], phase: 'idle', progress: null, stored: storedResults(records) });
}

/**
 * The app's store for records (IndexedDB). Records an earlier version kept in localStorage move
 * into it, which also gives autosave its room back.
 */
export function useResultStorage(store: PersistentStore): void {
  try {
    const old: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && key.startsWith(RESULTS_PREFIX)) old.push(key);
    }
    for (const key of old) {
      if (store.getItem(key) === null) store.setItem(key, localStorage.getItem(key) ?? '');
      localStorage.removeItem(key);
    }
  } catch {
    // localStorage blocked: nothing to move.
  }
  store.onError = (message) => sweepStore.set({ warning: `results could not be stored (${message}); export them before closing the window` });
  resultStorage = store;
  results = null;
  sweepStore.set({ stored: storedResults(store) });
}

/** Forgets the stored results of every experiment (the lab's "Clear all"). */
export function clearAllResults(): void {
  if (pool) return;
  clearStoredResults(resultStorage);
  results?.clear();
  sweepStore.set({ records: [], phase: 'idle', progress: null, before: 0, sweepMs: null, stored: storedResults(resultStorage) });
}

function updateStored(): void {
  sweepStore.set({ stored: storedResults(resultStorage) });
}

function initialText(): string {
  try {
    return storage.getItem(LAST_EXPERIMENT_KEY) ?? experimentText(defaultExperiment());
  } catch {
    return experimentText(defaultExperiment());
  }
}

export const sweepStore = new Store<SweepState>({
  text: '',
  problems: [],
  experiment: null,
  hash: null,
  planned: 0,
  labels: [],
  records: [],
  phase: 'idle',
  progress: null,
  before: 0,
  workers: defaultWorkers(),
  warning: null,
  sweepMs: null,
  unit: 'Web Worker',
  shard: null,
  stored: { bytes: 0, experiments: 0 },
});


/**
 * Reads the text: the definition, its fingerprint and, for a definition not seen this session,
 * its stored records. Runs are planned only when the fingerprint changed: the editor calls this
 * on every keystroke, and planning a 3,000-run definition costs far more than parsing and
 * fingerprinting it, while an edit that keeps the fingerprint (whitespace, key order, a default
 * spelled out) plans the same runs again (planRuns depends on the parsed definition only).
 */
export function setExperimentText(text: string): void {
  try {
    storage.setItem(LAST_EXPERIMENT_KEY, text);
    // Cleared once the text is read: still set at the next start means the lab died opening it.
    storage.setItem(LAB_OPENING_KEY, '1');
  } catch {
    // A full quota: the text stays in the editor.
  }
  readExperimentText(text);
  try {
    storage.removeItem(LAB_OPENING_KEY);
  } catch {
    // Nothing to clear.
  }
}

function readExperimentText(text: string): void {
  let experiment: Experiment;
  try {
    experiment = parseExperiment(JSON.parse(text), solverNames());
  } catch (error) {
    sweepStore.set({ text, problems: problemsOf(error), experiment: null });
    return;
  }
  const hash = experimentHash(experiment);
  if (hash === sweepStore.get().hash) {
    sweepStore.set({ text, problems: [], experiment });
    return;
  }
  let planned: number;
  try {
    // Counted, not built: the runs are planned when a sweep, a merge or a replay needs them, so
    // typing never plans, and a definition past MAX_RUNS (repeats 1000000) is refused at once.
    planned = checkRunCount(experiment);
  } catch (error) {
    sweepStore.set({ text, problems: problemsOf(error), experiment: null });
    return;
  }
  // A running sweep keeps its definition; the editor is read-only meanwhile.
  if (pool) return;
  plannedRuns = null;
  results = new ResultStore(resultStorage, hash);
  const loaded = results.load();
  sweepStore.set({
    stored: storedResults(resultStorage),
    text, problems: [], experiment, hash, planned, labels: plannedLabels(experiment), records: loaded.records, phase: 'idle', progress: null, before: loaded.records.length,
    warning: loaded.problems.length > 0 ? `${loaded.problems.length} stored records could not be read; those runs will run again` : null,
  });
}

function problemsOf(error: unknown): string[] {
  return error instanceof ExperimentError ? error.problems : [error instanceof Error ? error.message : String(error)];
}

export function initSweep(): void {
  if (sweepStore.get().text !== '') return;
  const text = initialText();
  let crashed = false;
  try {
    crashed = storage.getItem(LAB_OPENING_KEY) !== null;
    storage.removeItem(LAB_OPENING_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
  if (crashed) {
    // The last window closed (or crashed) while it read this text: show it for repair instead
    // of reading it blindly again; the first edit reads it as usual.
    sweepStore.set({ text, experiment: null, problems: ['The lab closed while it opened this experiment last time, so it was not opened again. Check it (its size: repeats, seeds, agent counts, solvers), then edit it to open it.'] });
    return;
  }
  setExperimentText(text);
}

/** The current definition's runs, planned now if not yet (at most MAX_RUNS: checked when the text was read). */
function currentRuns(): RunSpec[] {
  const experiment = sweepStore.get().experiment;
  if (plannedRuns === null) plannedRuns = experiment ? planRuns(experiment) : [];
  return plannedRuns;
}

export function setWorkers(workers: number): void {
  sweepStore.set({ workers: Math.max(1, Math.min(64, Math.floor(workers) || 1)) });
}

/** The RunSpec behind a record of the current definition. */
export function runSpecFor(record: RunRecord): RunSpec | undefined {
  return currentRuns().find((r) => r.key === record.key);
}

/**
 * Core's experiment pool over solver workers in this window (Web Workers; tests pass in-memory
 * ones). Neither the pool nor its workers start in Run's click: the pool a task later
 * (core/protocol/deferredStart.ts), each worker in a task of its own after that (deferredSpawn.ts).
 */
export function workerPoolBackend(spawn: SpawnWorker = spawnWebSolverWorker): SweepBackend {
  const later: Defer = (start) => void setTimeout(start, 0);
  const laterSpawn = deferredSpawn(spawn, later);
  return {
    unit: 'Web Worker',
    start: (runs, options) =>
      deferredStart(() => runPool(runs, { spawn: laterSpawn, workers: options.workers, files: labFilesReader, onRecord: options.onRecord, onProgress: options.onProgress }), runs.length, later),
  };
}

/** Runs what the definition plans and is not recorded yet. `flushMs` is for tests. */
export function startSweep(backend: SweepBackend = workerPoolBackend(), flushMs = FLUSH_MS): void {
  const state = sweepStore.get();
  if (pool || !state.experiment || !results) return;
  const store = results;
  // An experiment naming files the runs cannot read would record an error per run: stopped here (the bar lists the files).
  if (!backend.readsFilesByPath && filesMissing(state.experiment, givenLabFile).length > 0) return;
  const runs = currentRuns();
  const pending = pendingRuns(state.shard ? shardRuns(runs, state.shard) : runs, state.records);
  if (pending.length === 0) {
    sweepStore.set({ phase: 'finished' });
    return;
  }
  if (state.experiment.timeLimitClock === 'cpu' && backend.cpuClock !== true) {
    // Refused before any run, rather than each recorded as an error for want of a clock.
    sweepStore.set({ warning: `timeLimitClock 'cpu': ${backend.unit}s cannot read their CPU time; run it in the desktop app or with mapf-lab experiment, or set timeLimitClock to 'wall'` });
    return;
  }
  let batch: RunRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PoolProgress | undefined;
  // Records shown but not stored yet: the storage write is a task of its own, after the one that
  // renders the batch, so neither is long on a busy machine.
  let unstored: RunRecord[] = [];
  let storeTimer: ReturnType<typeof setTimeout> | undefined;
  const storeBatch = () => {
    clearTimeout(storeTimer);
    storeTimer = undefined;
    if (unstored.length === 0) return;
    const added = unstored;
    unstored = [];
    try {
      store.append(added);
      updateStored();
    } catch (error) {
      sweepStore.set({ warning: `results could not be stored (${error instanceof Error ? error.message : String(error)}); export them before closing the window` });
    }
  };
  const flush = () => {
    timer = undefined;
    if (batch.length === 0) return;
    const added = batch;
    batch = [];
    sweepStore.set((s) => ({ records: s.records.concat(added), progress: latest ?? s.progress }));
    unstored = unstored.concat(added);
    if (storeTimer === undefined) storeTimer = setTimeout(storeBatch, 0);
  };
  const onHide = () => {
    clearTimeout(timer);
    flush();
    storeBatch();
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onHide);
  const started = performance.now();
  sweepStore.set({ phase: 'running', before: state.records.length, progress: null, sweepMs: null, unit: backend.unit });
  const current = backend.start(pending, {
    workers: state.workers,
    onRecord(record) {
      batch.push(record);
      if (timer === undefined) timer = setTimeout(flush, flushMs);
    },
    onProgress(progress) {
      // A new state (paused, running) shows at once; counts and the estimate come with the next batch of records.
      latest = progress;
      const phase = progress.state === 'finished' || progress.state === 'cancelled' ? sweepStore.get().phase : progress.state;
      if (phase !== sweepStore.get().phase || sweepStore.get().progress === null) sweepStore.set({ progress, phase });
    },
  });
  pool = current;
  void current.done.then((result) => {
    clearTimeout(timer);
    flush();
    storeBatch();
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', onHide);
    pool = null;
    sweepStore.set({
      phase: result.cancelled || result.error !== undefined ? 'cancelled' : 'finished',
      progress: result.progress,
      sweepMs: result.cancelled || result.error !== undefined ? null : performance.now() - started,
      ...(result.error !== undefined ? { warning: `The sweep could not run: ${result.error}` } : {}),
    });
  });
}

export function pauseSweep(): void {
  pool?.pause();
}

export function resumeSweep(): void {
  pool?.resume();
}

export function cancelSweep(): void {
  pool?.cancel();
}

export function setShard(shard: { index: number; count: number } | null): void {
  sweepStore.set({ shard });
}

/** What merging a results file brought in. */
export interface MergeOutcome {
  /** Runs not recorded here before. */
  added: number;
  /** Runs recorded here as errors that the file measured (the measurement replaces the error). */
  replaced: number;
  /** Records left out: their run is recorded here already, or earlier in the file. */
  duplicates: number;
  /** Records of runs this definition does not plan (another experiment's, or an edited one's). */
  foreign: number;
}

/**
 * Merges records from elsewhere (another machine's shard, the command line's results.jsonl, a
 * JSONL export) into this definition's: only runs it plans, one record per run, by core's rule
 * (mergeRecords: a measurement beats an error record, otherwise the one here stays). Records
 * that enter are stored like the sweep's own, so Run then does only what is still missing; a
 * replacement is appended too, and the store's later line wins when it is read back
 * (readResults). In memory a replaced record also moves to the end, so the records are the same,
 * in the same order, as a reload gives, and the charts (which take appended records only) see
 * a changed array and start over.
 */
export function mergeResults(incoming: readonly RunRecord[]): MergeOutcome {
  if (pool || !results) throw new Error('merge when no sweep is running');
  const planned = new Set(currentRuns().map((r) => r.key));
  const ours = incoming.filter((r) => planned.has(r.key));
  const current = sweepStore.get().records;
  const here = new Map(current.map((r) => [r.key, r]));
  // mergeRecords keeps record objects: one that is not the record here came in from the file.
  const entered = mergeRecords([current, ours]).records.filter((r) => here.get(r.key) !== r);
  const replaced = new Set(entered.filter((r) => here.has(r.key)).map((r) => r.key));
  if (entered.length > 0) {
    results.append(entered);
    updateStored();
    sweepStore.set({ records: current.filter((r) => !replaced.has(r.key)).concat(entered), phase: 'idle', progress: null });
  }
  return { added: entered.length - replaced.size, replaced: replaced.size, duplicates: ours.length - entered.length, foreign: incoming.length - ours.length };
}

/** Forgets this definition's stored records (the next Run starts from scratch). */
export function clearResults(): void {
  if (pool || !results) return;
  results.clear();
  sweepStore.set({ records: [], phase: 'idle', progress: null, before: 0, sweepMs: null, stored: storedResults(resultStorage) });
}
