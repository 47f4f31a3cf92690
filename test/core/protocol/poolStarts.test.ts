// A run is recorded as an error only for a reason in the run itself: a solver process slow to
// start (a loaded machine: 4 of 600 runs of a sweep were once recorded as "the solver process
// could not start" after a 30 s wait), one that dies before it is ready, or one that crashes
// under a run once, leaves the run to be measured all the same.
import { describe, expect, it, vi } from 'vitest';
import { runPool } from '../../../core/protocol/pool.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { createPortPair, memoryWorkerHandle } from '../../../core/protocol/memoryPort.ts';
import type { Port } from '../../../core/protocol/port.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';

const runs = planRuns(parseExperiment({
  format: 'mapf-lab/experiment', version: 1, name: 'starts',
  maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1, 2] }],
  agents: [1, 2], solvers: [{ solver: 'independent' }, { solver: 'ca' }], turnLimit: 30,
}));
const NO_FILES = { readText: (name: string): string => { throw new Error(`no file ${name}`); } };

/**
 * In-memory solver processes; `startDelayMs(i)` holds process i's ready message back that long,
 * `dies(i)` makes it exit before it is ready, `crashes(i, key)` makes it die as that run arrives.
 */
function spawner(options: { startDelayMs?: (i: number) => number; dies?: (i: number) => boolean; crashes?: (i: number, key: string) => boolean }) {
  let spawned = 0;
  const spawn = () => {
    const i = spawned++;
    const [caller, solverSide] = createPortPair();
    const handle = memoryWorkerHandle(caller);
    if (options.dies?.(i)) {
      setTimeout(() => handle.crash('exit code 1'), 1);
      return handle;
    }
    const port: Port = {
      postMessage: (m) => solverSide.postMessage(m),
      onMessage: (listener) => solverSide.onMessage((m) => {
        const key = (m as { body?: { run?: { key: string } } }).body?.run?.key;
        if (key !== undefined && options.crashes?.(i, key)) return handle.crash('killed by the test');
        listener(m);
      }),
    };
    // No solver here needs set-up (Detour's WebAssembly is not asked for): the start is the test's delay alone.
    setTimeout(() => serveSolvers(port, { prepare: async () => {} }), options.startDelayMs?.(i) ?? 0);
    return handle;
  };
  return { spawn, spawned: () => spawned };
}

const errors = (records: { status: string; message: string }[]) => records.filter((r) => r.status === 'error').map((r) => r.message);

describe('experiment pool: starting and crashing processes', () => {
  it('waits for processes that take two minutes to start: no run is recorded as an error', async () => {
    vi.useFakeTimers();
    try {
      const pool = spawner({ startDelayMs: () => 120_000 });
      const done = runPool(runs, { spawn: pool.spawn, workers: 2, files: NO_FILES }).done;
      await vi.advanceTimersByTimeAsync(121_000);
      const result = await done;
      expect(result.records).toHaveLength(runs.length);
      expect(errors(result.records)).toEqual([]);
      expect(pool.spawned()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('replaces a process that dies before it is ready: the runs are measured', async () => {
    const pool = spawner({ dies: (i) => i < 2 });
    const result = await runPool(runs, { spawn: pool.spawn, workers: 1, files: NO_FILES }).done;
    expect(errors(result.records)).toEqual([]);
    expect(result.records).toHaveLength(runs.length);
    expect(pool.spawned()).toBe(3);
  });

  it('runs again, on a fresh process, a run whose process crashed once: it is measured', async () => {
    const victim = runs[1].key;
    let crashed = 0;
    const pool = spawner({ crashes: (_i, key) => key === victim && crashed++ === 0 });
    const result = await runPool(runs, { spawn: pool.spawn, workers: 1, files: NO_FILES }).done;
    expect(crashed).toBe(2);
    expect(errors(result.records)).toEqual([]);
    expect(result.records.find((r) => r.key === victim)?.status).not.toBe('error');
  });
});
