// A pool run started later (a task later in the browser lab, once its files are read in main's):
// nothing runs in the asking task; pause, resume and cancel asked before the start are applied
// when it starts; cancelled before, it never starts.
import { describe, expect, it } from 'vitest';
import { deferredStart, type PoolControls } from '../../../core/protocol/deferredStart.ts';
import type { PoolProgress, PoolResult } from '../../../core/protocol/pool.ts';

function fakeRun(log: string[]): PoolControls<PoolResult> & { finish(cancelled: boolean): void } {
  let finish!: (cancelled: boolean) => void;
  const progress: PoolProgress = { done: 3, total: 3, failed: 0, running: 0, state: 'finished', elapsedMs: 5, etaMs: undefined };
  const done = new Promise<PoolResult>((resolve) => (finish = (cancelled) => resolve({ records: [], cancelled, progress })));
  log.push('started');
  return { pause: () => void log.push('pause'), resume: () => void log.push('resume'), cancel: () => void log.push('cancel'), done, finish };
}

function laterTasks() {
  const tasks: (() => void)[] = [];
  return { tasks, defer: (start: () => void) => void tasks.push(start) };
}

describe('deferredStart', () => {
  it('starts in a later task and passes its controls and its end through', async () => {
    const log: string[] = [];
    const { tasks, defer } = laterTasks();
    let inner: ReturnType<typeof fakeRun> | undefined;
    const run = deferredStart(() => (inner = fakeRun(log)), 3, defer);
    expect(log).toEqual([]);
    tasks.shift()!();
    run.pause();
    run.resume();
    run.cancel();
    expect(log).toEqual(['started', 'pause', 'resume', 'cancel']);
    inner!.finish(true);
    expect((await run.done).cancelled).toBe(true);
  });

  it('applies a pause asked before the start, and forgets one resumed before it', () => {
    const log: string[] = [];
    const { tasks, defer } = laterTasks();
    deferredStart(() => fakeRun(log), 3, defer).pause();
    tasks.shift()!();
    expect(log).toEqual(['started', 'pause']);
    const again = deferredStart(() => fakeRun(log), 3, defer);
    again.pause();
    again.resume();
    tasks.shift()!();
    expect(log).toEqual(['started', 'pause', 'started']);
  });

  it('never starts a sweep cancelled before its start, and ends it as cancelled with nothing done', async () => {
    const log: string[] = [];
    const { tasks, defer } = laterTasks();
    const run = deferredStart(() => fakeRun(log), 7, defer);
    run.cancel();
    tasks.shift()!();
    expect(log).toEqual([]);
    const result = await run.done;
    expect(result.cancelled).toBe(true);
    expect(result).toEqual({ records: [], cancelled: true, progress: { done: 0, total: 7, failed: 0, running: 0, state: 'cancelled', elapsedMs: 0, etaMs: undefined } });
  });

  it('ends as cancelled with the error when starting throws, instead of never settling', async () => {
    const { tasks, defer } = laterTasks();
    const run = deferredStart((): PoolControls<PoolResult> => {
      throw new Error('no solver process could be spawned');
    }, 4, defer);
    expect(() => tasks.shift()!()).not.toThrow();
    expect(await run.done).toEqual({
      records: [],
      cancelled: true,
      progress: { done: 0, total: 4, failed: 0, running: 0, state: 'cancelled', elapsedMs: 0, etaMs: undefined },
      error: 'no solver process could be spawned',
    });
    // Its controls stay harmless.
    run.pause();
    run.resume();
    run.cancel();
  });
});
