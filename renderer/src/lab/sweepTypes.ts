/**
 * What the lab's sweep (sweep.ts) is and where its runs go: its state as the lab's views read it,
 * and the backends that run it (Web Workers in the browser edition, main's solver processes).
 */
import type { PoolProgress } from '../../../core/protocol/pool.ts';
import type { RunSpec } from '../../../core/experiments/runPlan.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import type { Experiment } from '../../../core/experiments/schema.ts';

/** A sweep in progress, wherever its runs execute. */
export interface SweepRun {
  pause(): void;
  resume(): void;
  cancel(): void;
  /** Never rejects; `error` says why a sweep could not run at all. */
  readonly done: Promise<{ cancelled: boolean; progress: PoolProgress; error?: string }>;
}

export interface SweepBackendOptions {
  workers: number;
  onRecord(record: RunRecord): void;
  onProgress(progress: PoolProgress): void;
}

/** Where the runs execute: Web Workers in the renderer, or main's solver processes. */
export interface SweepBackend {
  /** Shown in the status line: 'Web Worker' or 'solver process'. */
  readonly unit: string;
  /** Whether its runs can read the Moving AI files an experiment names by path (main's pool can; Web Workers cannot). */
  readonly readsFilesByPath?: boolean;
  /** Whether its processes can read their CPU time, for experiments on the 'cpu' clock (Web Workers cannot). */
  readonly cpuClock?: boolean;
  start(runs: RunSpec[], options: SweepBackendOptions): SweepRun;
}

export type SweepPhase = 'idle' | 'running' | 'paused' | 'cancelled' | 'finished';

export interface SweepState {
  text: string;
  /** Why the text is not a runnable experiment (empty when it is). */
  problems: string[];
  experiment: Experiment | null;
  hash: string | null;
  /** Runs the definition plans. */
  planned: number;
  /** Its solver settings (run labels), in run order: the charts' lines, set up before any run. */
  labels: string[];
  /** Recorded runs of this definition, stored ones first, in the order they finished. */
  records: RunRecord[];
  phase: SweepPhase;
  /** Progress of the pool over the runs it was given (records stored before are not in it). */
  progress: PoolProgress | null;
  /** Records already stored when the current pool started. */
  before: number;
  workers: number;
  /** Storage trouble (a full quota): the sweep goes on, but records may not survive a reload. */
  warning: string | null;
  /** Wall time of the last sweep that ran to the end, in ms. */
  sweepMs: number | null;
  /** What the current or last sweep ran on ('Web Worker', 'solver process'). */
  unit: string;
  /** Run only shard I of N (as `mapf-lab experiment --shard I/N`); null for every run. */
  shard: { index: number; count: number } | null;
  /** What the stored results of every experiment take (the lab shows it, with Clear all). */
  stored: { bytes: number; experiments: number };
}
