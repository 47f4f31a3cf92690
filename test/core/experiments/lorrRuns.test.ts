/**
 * LoRR problems as experiment instances: a 'lorr' map runs each of its team sizes with the
 * lifelong planners (starts from the agents file, drawn from the free cells past it), records
 * tasks finished and tasks per step, labels each curve with its problem, and the report charts
 * throughput against team size; the pool ships the problem's own files with its runs; a MAPF
 * solver on a LoRR problem, or LoRR problems beside other maps, are refused by the schema.
 */
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../../core/experiments/aggregate.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { newRunContext, runSweep } from '../../../core/experiments/runner.ts';
import { ExperimentError, parseExperiment } from '../../../core/experiments/schema.ts';
import { chartSeries } from '../../../core/experiments/report/reportCharts.ts';
import { readResults, recordLine } from '../../../core/experiments/results.ts';
import { runFiles } from '../../../core/protocol/pool.ts';
import { runSpecSchema } from '../../../core/experiments/runSchemas.ts';
import { solverNames } from '../../../core/registry/registry.ts';

const ROWS = ['........', '.@@..@@.', '........', '.@@..@@.', '........', 'E......S'];
const FILES: Record<string, string> = {
  'lorr/p.json': JSON.stringify({ mapFile: 'maps/m.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 4, numTasksReveal: 1.5 }),
  'lorr/maps/m.map': ['type octile', `height ${ROWS.length}`, 'width 8', 'map', ...ROWS, ''].join('\n'),
  'lorr/a.agents': ['# robots', '4', '0', '7', '32', '39', ''].join('\n'),
  'lorr/t.tasks': ['# tasks', '4', '40,7', '47,0', '4,44', '20,3', ''].join('\n'),
};
const files = { readText: (path: string) => { const text = FILES[path]; if (text === undefined) throw new Error(`${path}: no such file`); return text; } };
const base = {
  format: 'mapf-lab/experiment', version: 1, name: 'lorr',
  maps: [{ kind: 'lorr', problem: 'lorr/p.json', teamSizes: [2, 4, 8], steps: 60 }],
  agents: [1],
  solvers: [{ solver: 'flow-pibt' }, { solver: 'pibt-rotations' }],
};

describe('LoRR problems in experiments', () => {
  it('runs each team size with each lifelong planner and records its throughput', () => {
    const experiment = parseExperiment(base, solverNames());
    const runs = planRuns(experiment);
    expect(runs.map((r) => [r.agents, r.label])).toEqual([[2, 'flow-pibt · p'], [2, 'pibt-rotations · p'], [4, 'flow-pibt · p'], [4, 'pibt-rotations · p'], [8, 'flow-pibt · p'], [8, 'pibt-rotations · p']]);
    expect(runFiles(runs[0], files.readText)).toEqual(['lorr/p.json', 'lorr/maps/m.map', 'lorr/a.agents', 'lorr/t.tasks']);
    const records = [...runSweep(runs, newRunContext(files))];
    for (const record of records) {
      expect(record.status, record.message).toBe('solved');
      expect(record.turns).toBe(60);
      expect(record.tasksFinished).toBeGreaterThan(0);
      expect(record.tasksPerStep).toBeCloseTo(record.tasksFinished / 60, 12);
    }
    // Eight robots on a 6 x 8 map with four listed: the other four drawn from free cells, and they finish tasks too.
    expect(records[4].message).toMatch(/^60 steps at 1000 ms a step: \d+ tasks finished/);
    // Results files: written and read back with the throughput columns; older lines without them read as NaN.
    const text = records.map(recordLine).join('');
    expect(readResults(text).records.map((r) => r.tasksPerStep)).toEqual(records.map((r) => r.tasksPerStep));
    const old = JSON.parse(recordLine(records[0]));
    delete old.tasksFinished;
    delete old.tasksPerStep;
    expect(readResults(`${JSON.stringify(old)}\n`).records[0].tasksPerStep).toBeNaN();
    // The report's throughput chart: a curve per planner and problem, a point per team size.
    const series = chartSeries(aggregate(records));
    expect(series.map((s) => s.label)).toEqual(['flow-pibt · p', 'pibt-rotations · p']);
    expect(series[0].points.tasksPerStep.map(([agents, mean]) => [agents, mean])).toEqual([2, 4, 8].map((n, i) => [n, records[2 * i].tasksPerStep]));
  });

  it('takes the scheduler as an axis beside the planner: labelled, run with it, refused when unknown or off LoRR', () => {
    const experiment = parseExperiment({
      ...base,
      maps: [{ ...base.maps[0], teamSizes: [4] }],
      solvers: [{ solver: 'pibt-rotations' }, { solver: 'pibt-rotations', scheduler: 'hungarian' }, { solver: 'flow-pibt', scheduler: 'ours', label: 'near first' }],
    }, solverNames());
    const runs = planRuns(experiment);
    expect(runs.map((r) => [r.label, r.scheduler])).toEqual([['pibt-rotations · p', undefined], ['pibt-rotations + hungarian · p', 'hungarian'], ['near first · p', 'ours']]);
    // The scheduler travels with a run to a solver process.
    expect(runSpecSchema.parse(runs[1]).scheduler).toBe('hungarian');
    const records = [...runSweep(runs, newRunContext(files))];
    expect(records.map((r) => r.status)).toEqual(['solved', 'solved', 'solved']);
    expect(records.map((r) => /\(planner ([\w-]+), scheduler (\w+)\)$/.exec(r.message)?.slice(1))).toEqual([['pibt-rotations', 'greedy'], ['pibt-rotations', 'hungarian'], ['flow-pibt', 'ours']]);
    expect(() => parseExperiment({ ...base, solvers: [{ solver: 'flow-pibt', scheduler: 'auction' }] }, solverNames())).toThrow(/solvers\[0\]\.scheduler: unknown task scheduler 'auction' \(known: greedy, hungarian, ours\)/);
    const mapf = { ...base, maps: [{ kind: 'inline', name: 'x', rows: ['....'], agents: [[0, 0, 3, 0]] }], solvers: [{ solver: 'pibt', scheduler: 'greedy' }] };
    expect(() => parseExperiment(mapf, solverNames())).toThrow(/solvers\[0\]\.scheduler: a task scheduler runs only on LoRR problems/);
  });

  it('refuses a MAPF solver on a LoRR problem and LoRR problems beside other maps', () => {
    expect(() => parseExperiment({ ...base, solvers: [{ solver: 'whca' }] }, solverNames())).toThrow(/solvers\[0\]\.solver: 'whca' does not run LoRR problems \(lifelong planners: flow-pibt, pibt-rotations, epibt, wppl\)/);
    expect(() => parseExperiment({ ...base, maps: [...base.maps, { kind: 'inline', name: 'x', rows: ['..'] }] }, solverNames())).toThrow(ExperimentError);
  });
});
