/**
 * A pool run that starts later than it is asked for, with its controls working from the start.
 * The browser lab starts its pool a task after Run's click (the click's render comes first); main's
 * lab starts it once the Moving AI files the runs name are read. Pause, resume and cancel asked in
 * between are kept and applied when it starts; a run cancelled before it started never starts,
 * and ends as a pool cancelled with nothing done. Pure: `defer` says when to start.
 *
 * A `start` that throws ends the run the same way, with `error` saying why: `defer` calls it where
 * nobody catches (main's in a promise's then), so a throw would leave `done` pending for good and
 * main's IPC call, which awaits it, would never return.
 */
import type { PoolProgress, PoolResult } from './pool.ts';

/** Calls `start` once, later (a task later, or once something is ready). */
export type Defer = (start: () => void) => void;

/** What a caller holds of a pool run (PoolRun, or a host's wrapper around one). */
export interface PoolControls<R> {
  pause(): void;
  resume(): void;
  cancel(): void;
  /** Never rejects. */
  readonly done: Promise<R>;
}

/** How a run that never started ends: cancelled before its start, or `start` threw (`error`). */
export interface NotStarted extends PoolResult {
  /** Why `start` failed; absent when the run was cancelled before it. */
  error?: string;
}

/** `total` is the run count, for the progress of a run that never started. */
export function deferredStart<R>(start: () => PoolControls<R>, total: number, defer: Defer): PoolControls<R | NotStarted> {
  let run: PoolControls<R> | null = null;
  let paused = false;
  let cancelled = false;
  let settle!: (result: R | NotStarted) => void;
  const done = new Promise<R | NotStarted>((resolve) => (settle = resolve));
  defer(() => {
    if (cancelled) {
      settle({ records: [], cancelled: true, progress: notStarted(total) });
      return;
    }
    try {
      run = start();
    } catch (error) {
      settle({ records: [], cancelled: true, progress: notStarted(total), error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (paused) run.pause();
    void run.done.then(settle);
  });
  return {
    pause() {
      if (run) run.pause();
      else paused = true;
    },
    resume() {
      if (run) run.resume();
      else paused = false;
    },
    cancel() {
      if (run) run.cancel();
      else cancelled = true;
    },
    done,
  };
}

function notStarted(total: number): PoolProgress {
  return { done: 0, total, failed: 0, running: 0, state: 'cancelled', elapsedMs: 0, etaMs: undefined };
}
