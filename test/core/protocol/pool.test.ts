// The experiment pool over in-memory solver processes: records as runs finish, failures as
// records, pause, resume, cancel, and results that do not depend on the pool's size.
import { describe, expect, it } from 'vitest';
import { type PoolProgress, runFiles, runPool } from '../../../core/protocol/pool.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { newRunContext, runSweep } from '../../../core/experiments/runner.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { createPortPair, memoryWorkerHandle } from '../../../core/protocol/memoryPort.ts';
import type { Port } from '../../../core/protocol/port.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import type { SolverEntry } from '../../../core/contract/types.ts';

const MAP = ['type octile', 'height 3', 'width 4', 'map', '....', '.@@.', '....', ''].join('\n');
const SCEN = ['version 1', '0\ttiny.map\t4\t3\t0\t0\t3\t2\t5', '0\ttiny.map\t4\t3\t3\t0\t0\t2\t5', ''].join('\n');
const reads: string[] = [];
const files = {
  readText(path: string): string {
    reads.push(path);
    if (path === 'tiny.map') return MAP;
    if (path === 'tiny.scen') return SCEN;
    throw new Error(`no file ${path}`);
  },
};

const boom: SolverEntry = {
  name: 'boom',
  label: 'throws',
  optimal: false,
  solve: () => {
    throw new TypeError('boom: params.weight must be a number');
  },
};
const lookup = (name: string) => (name === 'boom' ? boom : findSolver(name));

/**
 * In-memory solver processes. A run of solver 'crash' kills its process, one of 'hang' is
 * swallowed and never answered; everything else is served by serveSolvers.
 */
function spawner() {
  let spawned = 0;
  /** Instance keys each process was asked to run, by process. */
  const seen: string[][] = [];
  const spawn = () => {
    spawned++;
    const mine: string[] = [];
    seen.push(mine);
    const [caller, solverSide] = createPortPair();
    const handle = memoryWorkerHandle(caller);
    const port: Port = {
      postMessage: (m) => solverSide.postMessage(m),
      onMessage: (listener) =>
        solverSide.onMessage((m) => {
          const run = (m as { body?: { run?: { solver?: string; instanceKey: string } } }).body?.run;
          const solver = run?.solver;
          if (run) mine.push(run.instanceKey);
          if (solver === 'crash') return handle.crash('killed by the test');
          if (solver === 'hang') return;
          listener(m);
        }),
    };
    serveSolvers(port, { lookup });
    return handle;
  };
  return { spawn, spawned: () => spawned, seen };
}

const experiment = (solvers: { solver: string; label?: string }[]) =>
  parseExperiment({
    format: 'mapf-lab/experiment',
    version: 1,
    name: 'pool',
    maps: [
      { kind: 'random', width: 10, height: 10, density: 0.2, seeds: [1, 2] },
      { kind: 'movingai', map: 'tiny.map', scen: ['tiny.scen'] },
    ],
    agents: [1, 2],
    solvers,
    repeats: 2,
    turnLimit: 40,
  });

/** Everything but the times, which no two runs share. */
function measured(records: readonly RunRecord[]) {
  return [...records].sort((a, b) => a.id - b.id).map(({ initMs: _i, maxTurnMs: _m, meanTurnMs: _t, elapsedMs: _e, ...rest }) => rest);
}

describe('experiment pool', () => {
  it('records every run, each as it finishes, with the same results on 1 or 3 processes as in sequence', async () => {
    const runs = planRuns(experiment([{ solver: 'whca', label: 'WHCA*' }, { solver: 'independent' }]));
    const sequential = [...runSweep(runs, newRunContext(files))];
    const seen: RunRecord[] = [];
    const progress: PoolProgress[] = [];
    const one = await runPool(runs, { spawn: spawner().spawn, workers: 1, files, onRecord: (r) => seen.push(r), onProgress: (p) => progress.push(p) }).done;
    const pool = spawner();
    const three = await runPool(runs, { spawn: pool.spawn, workers: 3, files }).done;
    expect(one.cancelled).toBe(false);
    expect(seen).toEqual(one.records);
    expect(one.records).toHaveLength(runs.length);
    for (const r of one.records) expect(r.status, r.message).not.toBe('error');
    expect(measured(one.records)).toEqual(measured(sequential));
    expect(measured(three.records)).toEqual(measured(sequential));
    expect(pool.spawned()).toBe(3);
    const last = progress[progress.length - 1];
    expect(last).toMatchObject({ done: runs.length, total: runs.length, failed: 0, running: 0, state: 'finished', etaMs: undefined });
    expect(progress.some((p) => p.done > 0 && p.done < runs.length && typeof p.etaMs === 'number')).toBe(true);
  });

  it('runs the solvers of one instance in one process, so each instance is built once', async () => {
    const runs = planRuns(experiment([{ solver: 'independent' }, { solver: 'hca' }, { solver: 'lra' }]));
    const pool = spawner();
    const result = await runPool(runs, { spawn: pool.spawn, workers: 2, files }).done;
    expect(result.records).toHaveLength(runs.length);
    expect(pool.seen).toHaveLength(2);
    expect(pool.seen.every((keys) => keys.length > 0)).toBe(true);
    // At the very end an idle process may take the last run of the other's instance; only then
    // is an instance split.
    const split = new Set(runs.map((r) => r.instanceKey).filter((key) => pool.seen.every((keys) => keys.includes(key))));
    expect(split.size).toBeLessThanOrEqual(1);
  });

  it('records a run that throws as a failure at once, one that crashes its process or hangs every time after three attempts, and goes on', async () => {
    const runs = planRuns(experiment([{ solver: 'independent' }, { solver: 'boom' }, { solver: 'crash' }, { solver: 'hang' }])).slice(0, 8);
    // Only the hanging runs have a limit (their deadline: 20 ms + 30 ms grace): a busy machine
    // cannot make the others time out or look hung.
    for (const r of runs) if (r.solver === 'hang') r.timeLimitMs = 20;
    const result = await runPool(runs, { spawn: spawner().spawn, workers: 2, files, runGraceMs: 30 }).done;
    const bySolver = (name: string) => result.records.filter((r) => r.solver === name);
    expect(result.records).toHaveLength(8);
    for (const r of bySolver('independent')) expect(r.status).toBe('solved');
    for (const r of bySolver('boom')) expect(r).toMatchObject({ status: 'error', message: 'boom: params.weight must be a number' });
    for (const r of bySolver('crash')) expect(r.status === 'error' && r.message).toMatch(/^the solver process crashed while running run \d+:.*\('crash'\) \(killed by the test\) \(3 attempts\)$/);
    for (const r of bySolver('hang')) expect(r).toMatchObject({ status: 'error', message: 'solver process did not answer within 50 ms; it was stopped (3 attempts)' });
    expect(bySolver('hang')[0].successRate).toBe(0);
  });

  it('ships map and scenario texts with the runs, reading each file once, and records a missing file as an error', async () => {
    reads.length = 0;
    const runs = planRuns(experiment([{ solver: 'independent' }])).filter((r) => r.mapName === 'tiny');
    const result = await runPool(runs, { spawn: spawner().spawn, workers: 2, files }).done;
    expect(result.records.map((r) => r.status)).toEqual(['solved', 'solved']);
    expect(reads.sort()).toEqual(['tiny.map', 'tiny.scen']);
    const missing = runs.map((r) => ({ ...r, map: { kind: 'movingai' as const, map: 'gone.map' } }));
    const failed = await runPool(missing, { spawn: spawner().spawn, files }).done;
    expect(failed.records.map((r) => [r.status, r.message])).toEqual([['error', 'no file gone.map'], ['error', 'no file gone.map']]);
    expect(failed.progress).toMatchObject({ done: 2, failed: 2, state: 'finished' });
  });

  it('pauses (the runs in flight finish), resumes, and finishes', async () => {
    const runs = planRuns(experiment([{ solver: 'independent' }]));
    let paused = false;
    const pool = runPool(runs, {
      spawn: spawner().spawn,
      workers: 2,
      files,
      onRecord: () => {
        if (!paused) {
          paused = true;
          pool.pause();
        }
      },
    });
    while (pool.progress.running > 0 || !paused) await new Promise<void>((r) => setTimeout(r, 5));
    const atPause = pool.progress;
    expect(atPause.state).toBe('paused');
    // The runs handed over when it paused finish: at most 2 per process (one running, one posted behind).
    expect(atPause.done).toBeGreaterThanOrEqual(1);
    expect(atPause.done).toBeLessThanOrEqual(4);
    expect(atPause.etaMs).toBeUndefined();
    await new Promise<void>((r) => setTimeout(r, 30));
    expect(pool.progress.done).toBe(atPause.done);
    pool.resume();
    const result = await pool.done;
    expect(result.records).toHaveLength(runs.length);
    expect(result.cancelled).toBe(false);
  });

  it('cancels: runs in flight are cut short and leave no record', async () => {
    const runs = planRuns(experiment([{ solver: 'independent' }, { solver: 'hang' }]));
    const pool = runPool(runs, { spawn: spawner().spawn, workers: 2, files });
    while (pool.progress.done < 1 || pool.progress.running < 4) await new Promise<void>((r) => setTimeout(r, 5));
    pool.cancel();
    const result = await pool.done;
    expect(result.cancelled).toBe(true);
    expect(result.progress.state).toBe('cancelled');
    expect(result.records.every((r) => r.solver === 'independent')).toBe(true);
    expect(result.records.length).toBeLessThan(runs.length);
  });

  it('estimates the time left from the pace so far, leaving time paused out', async () => {
    let clock = 0;
    const runs = planRuns(experiment([{ solver: 'independent' }])).slice(0, 4);
    const etas: (number | undefined)[] = [];
    const pool = runPool(runs, {
      spawn: spawner().spawn,
      files,
      now: () => clock,
      onRecord: () => (clock += 100),
      onProgress: (p) => etas.push(p.done > 0 && p.state === 'running' ? p.etaMs : undefined),
    });
    await pool.done;
    // 100 ms per run: 3 left after the first, then 2, then 1.
    expect(etas.filter((e) => e !== undefined)).toEqual(expect.arrayContaining([300, 200, 100]));
  });
});

describe('the files a run names', () => {
  const base = { format: 'mapf-lab/experiment', version: 1, name: 'files', agents: [2], solvers: [{ solver: 'lra' }] };

  it('names a Moving AI map by path and its scenario, in that order', () => {
    const runs = planRuns(parseExperiment({ ...base, maps: [{ kind: 'movingai', map: '../maps/a.map', scen: ['s/a.scen'] }], placement: 'scenario' }));
    expect(runs.map((run) => runFiles(run))).toEqual([['../maps/a.map', 's/a.scen']]);
  });

  it('names only the map when the agents are placed at random', () => {
    const runs = planRuns(parseExperiment({ ...base, maps: [{ kind: 'movingai', map: 'a.map' }], placement: 'random', repeats: 2 }));
    expect(runs.map((run) => runFiles(run))).toEqual([['a.map'], ['a.map']]);
  });

  it('names nothing for random and inline maps, whatever the placement', () => {
    const runs = planRuns(parseExperiment({
      ...base,
      maps: [
        { kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1] },
        { kind: 'inline', name: 'bridge', rows: ['....', '.@@.', '....'], agents: [[0, 0, 3, 2], [3, 0, 0, 2]] },
      ],
      placement: 'auto',
    }));
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.map((run) => runFiles(run)).flat()).toEqual([]);
  });
});
