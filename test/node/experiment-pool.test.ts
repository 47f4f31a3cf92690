// The experiment pool over real worker threads: a run that kills its thread or blocks it is a
// failure record and the sweep goes on; two threads give the same results as one.
import { describe, expect, it } from 'vitest';
import { runPool } from '../../core/protocol/pool.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import type { RunRecord } from '../../core/experiments/runRecord.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';
import { spawnNodeSolverWorker } from '../../cli/solverWorker/spawnNodeSolverWorker.ts';

const spawn = () => spawnNodeSolverWorker({ testSolvers: true });
const files = { readText: (path: string): string => { throw new Error(`no file ${path}`); } };
const experiment = (solvers: { solver: string }[]) =>
  parseExperiment({
    format: 'mapf-lab/experiment',
    version: 1,
    name: 'threads',
    maps: [{ kind: 'random', width: 16, height: 16, density: 0.2, seeds: [1, 2] }],
    agents: [4, 8],
    solvers,
    turnLimit: 60,
  });

const untimed = (records: readonly RunRecord[]) => [...records].sort((a, b) => a.id - b.id).map(({ initMs: _i, maxTurnMs: _m, meanTurnMs: _t, elapsedMs: _e, ...rest }) => rest);

describe('experiment pool over worker threads', () => {
  it('records a thread crashed or hung by the same run three times as a failure and finishes the sweep on fresh threads', async () => {
    // Each attempt that fails costs a thread start-up (tsx included), so few runs: one instance.
    const runs = planRuns(experiment([{ solver: 'test-exit' }, { solver: 'hca' }, { solver: 'test-hang' }])).slice(0, 3);
    // Only the hanging run has a limit (its deadline: 100 ms + 100 ms grace); hca has none, so a
    // busy machine cannot make it time out or look hung.
    for (const r of runs) if (r.solver === 'test-hang') r.timeLimitMs = 100;
    const result = await runPool(runs, { spawn, workers: 2, files, runGraceMs: 100 }).done;
    expect(result.records).toHaveLength(3);
    for (const r of result.records) {
      if (r.solver === 'hca') expect(r.status).toBe('solved');
      if (r.solver === 'test-exit') expect(r).toMatchObject({ status: 'error', message: expect.stringMatching(/^the solver process crashed while running run .*\('test-exit'\) \(exit code 3\) \(3 attempts\)$/) });
      if (r.solver === 'test-hang') expect(r).toMatchObject({ status: 'error', message: 'solver process did not answer within 200 ms; it was stopped (3 attempts)' });
    }
    expect(result.progress).toMatchObject({ done: 3, failed: 2, state: 'finished' });
  });

  it('gives the same records on two threads as on one', async () => {
    const runs = planRuns(experiment([{ solver: 'whca' }, { solver: 'lra' }]));
    const one = await runPool(runs, { spawn, workers: 1, files }).done;
    const two = await runPool(runs, { spawn, workers: 2, files }).done;
    expect(untimed(one.records).every((r) => r.status !== 'error')).toBe(true);
    expect(untimed(two.records)).toEqual(untimed(one.records));
  });
});
