/**
 * Experiments among moving obstacles: random patrols on every map, the same for every
 * solver of an instance; runs of 'independent' replan by params.strategy and record Patel's
 * path steps, and so do the cooperative solvers (in the simulator, with their turn times); the
 * others record an error saying why; records read back with the new column.
 */
import { describe, expect, it } from 'vitest';
import { randomPatrols } from '../../../core/mapgen/patrols.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { obstacleTimetable } from '../../../core/mapf/obstacles.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { executeRun, newRunContext } from '../../../core/experiments/runner.ts';
import { readResults, recordLine } from '../../../core/experiments/results.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';

const noFiles = { readText: (path: string): string => { throw new Error(`no file ${path}`); } };

const experiment = parseExperiment({
  format: 'mapf-lab/experiment', version: 1, name: 'patrols',
  maps: [{ kind: 'random', width: 24, height: 24, density: 0.1, seeds: [1, 2] }],
  agents: [4],
  solvers: [
    { solver: 'independent', label: 'recalc', params: { strategy: 'recalc' } },
    { solver: 'independent', label: 'splice', params: { strategy: 'splice', m: 6 } },
    { solver: 'independent', label: 'predict', params: { strategy: 'predict' } },
    { solver: 'whca', label: 'whca watch', params: { strategy: 'watch', regionSize: 6 } },
    { solver: 'cbs', label: 'cbs' },
  ],
  turnLimit: 400,
  obstacles: { count: 6, routeLength: 8, speed: 2 },
});

describe('experiments among moving obstacles', () => {
  it('generates patrols with routes of the asked length, off the units\' starts, the same for a seed', () => {
    const grid = new Grid(20, 20);
    const avoid = new Set([0, 1, 2]);
    const patrols = randomPatrols(grid, { count: 5, routeLength: 7, speed: 2 }, 42, avoid);
    expect(patrols).toHaveLength(5);
    for (const p of patrols) {
      expect(avoid.has(p.route[0])).toBe(false);
      expect(p).toMatchObject({ mode: 'ping-pong', speed: 2, size: 1 });
      expect(obstacleTimetable(grid, p).cells.length - 1).toBe(7);
    }
    expect(randomPatrols(grid, { count: 5, routeLength: 7, speed: 2 }, 42, avoid)).toEqual(patrols);
    expect(new Set(patrols.map((p) => p.route[0])).size).toBe(5);
  });

  it('runs each strategy on the same patrols, records path steps, and refuses other solvers by name', () => {
    const runs = planRuns(experiment);
    expect(runs).toHaveLength(2 * 5);
    // One patrol seed per instance, whatever the solver.
    expect(new Set(runs.slice(0, 5).map((r) => r.obstacles!.seed)).size).toBe(1);
    expect(runs[0].obstacles!.seed).not.toBe(runs[5].obstacles!.seed);
    const context = newRunContext(noFiles);
    const records = runs.map((run) => executeRun(run, context));
    for (const record of records.filter((r) => r.solver === 'independent')) {
      expect(record.status, record.message).not.toBe('error');
      expect(record.pathStepsComputed).toBeGreaterThan(0);
      expect(record.meanPathLength).toBeGreaterThanOrEqual(record.meanLowerBound);
    }
    // WHCA* runs among the same patrols in the simulator: its turn times are measured.
    const whca = records.filter((r) => r.solver === 'whca');
    expect(whca).toHaveLength(2);
    for (const record of whca) {
      expect(record.status, record.message).toBe('solved');
      expect(record.collisions).toBe(0);
      expect(record.pathStepsComputed).toBeGreaterThan(0);
      expect(record.maxTurnMs).toBeGreaterThan(0);
      expect(record.meanPathLength).toBeGreaterThanOrEqual(record.meanLowerBound);
    }
    const cbs = records.filter((r) => r.solver === 'cbs');
    expect(cbs.every((r) => r.status === 'error' && /cbs does not take moving obstacles: it plans once for a fixed world/.test(r.message))).toBe(true);
    // The column reads back; lines written before it read as NaN.
    const back = readResults(records.map(recordLine).join(''), 'rest').records;
    expect(back.map((r) => r.pathStepsComputed)).toEqual(records.map((r) => r.pathStepsComputed));
    const { pathStepsComputed: _drop, ...old } = records[0];
    expect(readResults(recordLine(old as never), 'rest').records[0].pathStepsComputed).toBeNaN();
  });
});
