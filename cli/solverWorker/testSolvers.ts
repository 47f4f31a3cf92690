/**
 * Misbehaving solvers for the protocol's tests and benchmark, never in the production registry:
 * a worker offers them only when spawned with workerData { testSolvers: true }.
 */
import type { SolveResult, SolverEntry } from '../../core/contract/types.ts';

const done = (solver: string, extra: Record<string, number> = {}): SolveResult => ({
  solver,
  status: 'solved',
  paths: [],
  stats: { expanded: 0, generated: 0, elapsedMs: 0, ...extra },
});

/** Blocks the thread for `ms` without burning a core (the machine is shared). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export const TEST_SOLVERS: readonly SolverEntry[] = [
  {
    // A tight loop that never looks at shouldStop or its messages: only termination stops it.
    name: 'test-spin',
    label: 'Spins forever',
    optimal: false,
    solve: () => {
      let x = 0;
      for (;;) x = (x * 1103515245 + 12345) | 0;
    },
  },
  {
    // The cooperative alternative, for the benchmark: spins until params.stopFlag[0] becomes 1
    // (an Int32Array over a SharedArrayBuffer that the caller sets instead of terminating).
    name: 'test-spin-flag',
    label: 'Spins until a shared flag is set',
    optimal: false,
    solve: (_instance, options) => {
      const flag = options.params?.stopFlag;
      if (!(flag instanceof Int32Array)) throw new TypeError('params.stopFlag must be an Int32Array over a SharedArrayBuffer');
      let spins = 0;
      while (Atomics.load(flag, 0) === 0) spins++;
      return { solver: 'test-spin-flag', status: 'cancelled', paths: [], message: 'stopped by the shared flag', stats: { expanded: 0, generated: 0, elapsedMs: 0, spins } };
    },
  },
  {
    // Takes the whole thread down, as a native crash or an out-of-memory kill would.
    name: 'test-exit',
    label: 'Exits the thread with code 3',
    optimal: false,
    solve: () => process.exit(3),
  },
  {
    // Answers, then dies of an uncaught exception thrown asynchronously (after the reply).
    name: 'test-throw-async',
    label: 'Throws asynchronously after answering',
    optimal: false,
    solve: () => {
      queueMicrotask(() => {
        throw new Error('solver blew up after answering');
      });
      return done('test-throw-async');
    },
  },
  {
    // Never answers and never returns, without using the CPU.
    name: 'test-hang',
    label: 'Blocks forever',
    optimal: false,
    solve: () => {
      for (;;) sleep(60_000);
    },
  },
  {
    // Answers after params.delayMs with its seed in the stats, so tests can match replies.
    name: 'test-echo',
    label: 'Echoes its seed after a delay',
    optimal: false,
    solve: (_instance, options) => {
      const delay = options.params?.delayMs;
      if (typeof delay === 'number' && delay > 0) sleep(delay);
      return done('test-echo', { seed: options.seed ?? -1 });
    },
  },
];
