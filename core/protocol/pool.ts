/**
 * Runs an experiment's runs on a pool of solver processes (SolverClient 'run' requests), handing
 * each record to the caller as soon as its run finishes.
 * More on this in README.md, "pool.ts".
 */
import { lorrProblemFiles } from '../experiments/lorrRun.ts';
import { SolverClient } from './client.ts';
import type { RunRequestBody } from './messages.ts';
import type { SpawnWorker, WorkerHandle } from './port.ts';
import type { ExperimentFiles } from '../experiments/instances.ts';
import type { RunSpec } from '../experiments/runPlan.ts';
import { failureRecord } from '../experiments/runner.ts';
import { type RunRecord, isFailure } from '../experiments/runRecord.ts';

export interface PoolOptions {
  spawn: SpawnWorker;
  /** Solver processes side by side (default 1). */
  workers?: number;
  /** The host's file access; map and scenario texts are read here, once each per pool. */
  files: ExperimentFiles;
  /**
   * Send each text to a process with the first run that names it, and only the name after
   * (sendingFilesOnce): a Moving AI map and its scenario are 100 KB or more per run otherwise.
   * Needs processes that keep the texts they were sent (serveSolvers does); off by default.
   */
  sendFilesOnce?: boolean;
  /**
   * Wall time a run may take past its time limit (set-up, lower bounds, replay) before it counts
   * as hung (default 10 s). A run on the 'cpu' clock gets RUN_DEADLINE_MS at least, or ten times
   * its limit: on a busy machine its CPU second can take many wall seconds.
   */
  runGraceMs?: number;
  /** Deadline of a run without a time limit (default 10 minutes). */
  runDeadlineMs?: number;
  /** How long a new process may take to say ready before it is replaced by a fresh one (default: no limit; see SolverClientOptions). */
  startTimeoutMs?: number;
  onRecord?: (record: RunRecord) => void;
  onProgress?: (progress: PoolProgress) => void;
  /** Clock for elapsed time and the estimate (default performance.now); tests pass their own. */
  now?: () => number;
}

export type PoolState = 'running' | 'paused' | 'cancelled' | 'finished';

export interface PoolProgress {
  done: number;
  total: number;
  /** Runs recorded as failures (status 'error': set-up, throw, crash or hang). */
  failed: number;
  /** Runs handed to processes: running, or posted behind a running one. */
  running: number;
  state: PoolState;
  elapsedMs: number;
  /** Estimated time to finish from the pace so far (time paused left out); undefined until a run is done, while paused or once over. */
  etaMs: number | undefined;
}

export interface PoolResult {
  /** In the order the runs finished. */
  records: RunRecord[];
  cancelled: boolean;
  progress: PoolProgress;
}

export interface PoolRun {
  /** Stops starting runs; those in flight finish and are recorded. */
  pause(): void;
  resume(): void;
  /** Terminates the runs in flight (they leave no record) and starts no more. */
  cancel(): void;
  readonly progress: PoolProgress;
  /** Resolves when every run is recorded or the sweep was cancelled; never rejects. */
  readonly done: Promise<PoolResult>;
}

interface Lane {
  client: SolverClient;
  /** The rest of the instance this lane is working through. */
  queue: RunSpec[];
  inFlight: number;
}

/** Handed to a lane's process at once: the one it runs and the one posted behind it. */
const RUNS_PER_LANE = 2;

/** Times a run is tried when its process crashes, hangs or cannot start, before it is recorded as a failure. */
export const RUN_ATTEMPTS = 3;

/** Why a run may be tried again: its process's trouble, not (yet) the run's. */
const RETRIED_CAUSES: readonly string[] = ['crashed', 'hung', 'not-started'];

/**
 * The Moving AI files a run names by path (none for random and inline maps): what a pool's host
 * must read for it (PoolOptions.files), and what a replay of the run needs. A LoRR problem's run
 * names the problem file and, given `readText` to read the problem, the files it names.
 */
export function runFiles(run: RunSpec, readText?: (name: string) => string): string[] {
  const names: string[] = [];
  if (run.map.kind === 'movingai') names.push(run.map.map);
  if (run.map.kind === 'lorr') names.push(run.map.problem, ...(readText ? lorrProblemFiles(run.map.problem, readText(run.map.problem)) : []));
  if (run.placement.kind === 'scenario') names.push(run.placement.scen);
  return names;
}

/**
 * A SpawnWorker whose processes are sent a file's text with the first run request naming it and
 * only its name after: the process's run handler keeps every text it was sent (runHandler.ts),
 * and this pool reads each name once, so a name stands for one text. What was sent is kept per
 * handle and decided when a request is posted, so a fresh process after a crash, hang or cancel
 * (a new handle), and a request the client re-posts to it, carry the texts again.
 */
function sendingFilesOnce(spawn: SpawnWorker): SpawnWorker {
  return () => {
    const handle = spawn();
    const sent = new Set<string>();
    const postMessage = (message: unknown): void => {
      const body = (message as { body?: RunRequestBody }).body;
      if (body?.kind !== 'run') return handle.port.postMessage(message);
      const files: Record<string, string> = {};
      const names = Object.keys(body.files).filter((name) => !sent.has(name));
      for (const name of names) files[name] = body.files[name];
      handle.port.postMessage({ ...(message as object), body: { ...body, files } });
      for (const name of names) sent.add(name); // only once posted: a post that throws sent nothing
    };
    const wrapped: WorkerHandle = {
      port: { postMessage, onMessage: (listener) => handle.port.onMessage(listener) },
      terminate: () => handle.terminate(),
      onExit: (listener) => handle.onExit(listener),
    };
    return wrapped;
  };
}

/** Runs in order, cut where the instance changes (the solvers of one instance are adjacent, see runPlan.ts). */
function groupByInstance(runs: readonly RunSpec[]): RunSpec[][] {
  const groups: RunSpec[][] = [];
  for (const run of runs) {
    const last = groups[groups.length - 1];
    if (last && last[0].instanceKey === run.instanceKey) last.push(run);
    else groups.push([run]);
  }
  return groups;
}

export function runPool(runs: readonly RunSpec[], options: PoolOptions): PoolRun {
  const workers = Math.max(1, Math.floor(options.workers ?? 1));
  const now = options.now ?? (() => performance.now());
  const graceMs = options.runGraceMs ?? 10_000;
  const runDeadlineMs = options.runDeadlineMs ?? 10 * 60_000;
  const spawn = options.sendFilesOnce ? sendingFilesOnce(options.spawn) : options.spawn;
  const lanes: Lane[] = Array.from({ length: workers }, () => ({
    client: new SolverClient(spawn, { poolSize: 1, startTimeoutMs: options.startTimeoutMs, pipeline: true }),
    queue: [],
    inFlight: 0,
  }));
  const groups = groupByInstance(runs);
  let nextGroup = 0;
  const texts = new Map<string, string>();
  const records: RunRecord[] = [];
  /** Endings without a record so far, by run key (see RUN_ATTEMPTS). */
  const attempts = new Map<string, number>();
  const started = now();
  let pausedSince: number | undefined;
  let pausedMs = 0;
  let inFlight = 0;
  let failed = 0;
  let state: PoolState = 'running';
  let settled = false;
  let finish!: (result: PoolResult) => void;
  const done = new Promise<PoolResult>((resolve) => (finish = resolve));

  const progress = (): PoolProgress => {
    const at = now();
    const active = at - started - pausedMs - (pausedSince === undefined ? 0 : at - pausedSince);
    const left = runs.length - records.length;
    const etaMs = state === 'running' && records.length > 0 ? (active / records.length) * left : undefined;
    return { done: records.length, total: runs.length, failed, running: inFlight, state, elapsedMs: at - started, etaMs };
  };

  const report = (): void => {
    if (!options.onProgress) return;
    try {
      options.onProgress(progress());
    } catch (error) {
      console.error('experiment pool: onProgress threw', error);
    }
  };

  const record = (result: RunRecord): void => {
    records.push(result);
    if (isFailure(result)) failed++;
    try {
      options.onRecord?.(result);
    } catch (error) {
      // The caller's bookkeeping failing (say, a full disk) must not wedge the pool; it sees the error.
      console.error('experiment pool: onRecord threw', error);
    }
  };

  const filesFor = (run: RunSpec): Record<string, string> => {
    const files: Record<string, string> = {};
    const read = (name: string): string => {
      let text = texts.get(name);
      if (text === undefined) texts.set(name, (text = options.files.readText(name)));
      return text;
    };
    for (const name of runFiles(run, read)) files[name] = read(name);
    return files;
  };

  /** The lane's next run: its instance's next, a new instance's first, or the tail of the busiest lane's. */
  const take = (lane: Lane): RunSpec | undefined => {
    if (lane.queue.length === 0 && nextGroup < groups.length) lane.queue = groups[nextGroup++].slice();
    if (lane.queue.length > 0) return lane.queue.shift();
    let richest: Lane | undefined;
    for (const other of lanes) if (other.queue.length > 0 && (!richest || other.queue.length > richest.queue.length)) richest = other;
    return richest?.queue.pop();
  };

  const left = (): boolean => nextGroup < groups.length || lanes.some((l) => l.queue.length > 0);

  const disposeAll = (): void => {
    for (const lane of lanes) lane.client.dispose();
  };

  const settleIfOver = (): void => {
    if (settled || inFlight > 0 || (state !== 'cancelled' && left())) return;
    settled = true;
    if (state !== 'cancelled') state = 'finished';
    disposeAll();
    report();
    finish({ records, cancelled: state === 'cancelled', progress: progress() });
  };

  const dispatch = (lane: Lane, run: RunSpec): void => {
    const sent = now();
    let body: RunRequestBody;
    try {
      body = { kind: 'run', run, files: filesFor(run) };
    } catch (error) {
      record(failureRecord(run, error instanceof Error ? error.message : String(error), 0));
      return;
    }
    inFlight++;
    lane.inFlight++;
    const limit = run.timeLimitMs;
    const deadlineMs = limit === undefined ? runDeadlineMs : run.timeLimitClock === 'cpu' ? Math.max(runDeadlineMs, 10 * limit + graceMs) : limit + graceMs;
    void lane.client.run(body, { deadlineMs }).result.then((outcome) => {
      inFlight--;
      lane.inFlight--;
      if (outcome.ok) record(outcome.record);
      else if (outcome.status === 'failed') {
        const tries = (attempts.get(run.key) ?? 0) + 1;
        attempts.set(run.key, tries);
        // Back to the front of its lane, on the fresh process the client starts (or to the next lane).
        if (RETRIED_CAUSES.includes(outcome.cause) && tries < RUN_ATTEMPTS && state !== 'cancelled') lane.queue.unshift(run);
        else record(failureRecord(run, tries > 1 ? `${outcome.message} (${tries} attempts)` : outcome.message, now() - sent));
      }
      // 'cancelled' only comes from our own cancel: no record, so that resume runs it again.
      pump();
    });
  };

  const pump = (): void => {
    for (const lane of lanes) {
      while (state === 'running' && lane.inFlight < RUNS_PER_LANE) {
        const run = take(lane);
        if (!run) break;
        const before = records.length;
        dispatch(lane, run);
        if (records.length > before) report(); // recorded without a process (its files could not be read)
      }
    }
    report();
    settleIfOver();
  };

  queueMicrotask(pump);

  return {
    pause() {
      if (state !== 'running') return;
      state = 'paused';
      pausedSince = now();
      report();
    },
    resume() {
      if (state !== 'paused') return;
      state = 'running';
      pausedMs += now() - pausedSince!;
      pausedSince = undefined;
      pump();
    },
    cancel() {
      if (state === 'cancelled' || state === 'finished') return;
      if (pausedSince !== undefined) pausedMs += now() - pausedSince;
      pausedSince = undefined;
      state = 'cancelled';
      disposeAll(); // in-flight runs resolve 'cancelled' and are not recorded
      settleIfOver();
    },
    get progress() {
      return progress();
    },
    done,
  };
}
