import { describe, expect, it } from 'vitest';
import { InstanceBuilder } from '../../../core/experiments/instances.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { executeRun, newRunContext, runSweep } from '../../../core/experiments/runner.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { formatSummary, summarize, toCsv } from '../../../core/experiments/summary.ts';

const SCEN = ['version 1', '0\tinline.map\t4\t3\t0\t0\t3\t2\t5', '0\tinline.map\t4\t3\t3\t0\t0\t2\t5', ''].join('\n');
const MAP = ['type octile', 'height 3', 'width 4', 'map', '....', '.@@.', '....', ''].join('\n');
const files = {
  readText(path: string): string {
    if (path === 'tiny.map') return MAP;
    if (path === 'tiny.scen') return SCEN;
    throw new Error(`no file ${path}`);
  },
};

const experiment = parseExperiment({
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'tiny',
  maps: [
    { kind: 'random', width: 8, height: 8, density: 0.2, seeds: [1, 2] },
    { kind: 'movingai', map: 'tiny.map', scen: ['tiny.scen'] },
  ],
  agents: [1, 2],
  solvers: [{ solver: 'independent', label: 'alone' }, { solver: 'independent', label: 'alone-again' }],
  repeats: 2,
});

describe('experiment runs', () => {
  it('expands maps x instances x counts x solvers, solvers innermost and sharing instances', () => {
    const runs = planRuns(experiment);
    // random: 2 seeds x 2 repeats x 2 counts x 2 solvers; movingai: 1 scenario x 2 counts x 2 solvers.
    expect(runs).toHaveLength(16 + 4);
    expect(runs.map((r) => r.id)).toEqual(runs.map((_, i) => i));
    expect(runs[0].instanceKey).toBe(runs[1].instanceKey);
    expect(new Set(runs.map((r) => r.instanceKey)).size).toBe(10);
    expect(runs.slice(16).map((r) => [r.mapName, r.agents, r.placement])).toEqual([
      ['tiny', 1, { kind: 'scenario', scen: 'tiny.scen' }], ['tiny', 1, { kind: 'scenario', scen: 'tiny.scen' }],
      ['tiny', 2, { kind: 'scenario', scen: 'tiny.scen' }], ['tiny', 2, { kind: 'scenario', scen: 'tiny.scen' }],
    ]);
    expect(planRuns(experiment)).toEqual(runs);
  });

  it('draws one agent count per instance from a uniform range', () => {
    const ranged = parseExperiment({ ...experiment, maps: [experiment.maps[0]], agents: { min: 2, max: 9, instances: 20 }, solvers: [{ solver: 'independent' }] });
    const counts = planRuns(ranged).map((r) => r.agents);
    expect(counts).toHaveLength(2 * 2 * 20);
    for (const count of counts) expect(count >= 2 && count <= 9).toBe(true);
    expect(new Set(counts).size).toBeGreaterThan(3);
  });

  it('gives every solver the same instance and takes the first K agents of a scenario', () => {
    const builder = new InstanceBuilder(files);
    const runs = planRuns(experiment);
    const a = builder.build(runs[0]).instance;
    const b = builder.build(runs[1]).instance;
    expect(b).toBe(a);
    const scenario = builder.build(runs[18]).instance;
    expect(scenario.agents).toEqual([{ start: 0, goal: 11 }, { start: 3, goal: 8 }]);
  });

  it('runs a sweep into flat records and a summary', () => {
    const records = [...runSweep(planRuns(experiment), newRunContext(files))];
    expect(records).toHaveLength(20);
    for (const record of records) {
      expect(record.status, record.message).not.toBe('error');
      if (record.agents === 1) {
        expect(record.status).toBe('solved');
        expect(record.pathRatio).toBe(1);
      }
    }
    const rows = summarize(records);
    expect(rows.map((r) => [r.label, r.agents, r.runs])).toEqual([['alone', 1, 5], ['alone', 2, 5], ['alone-again', 1, 5], ['alone-again', 2, 5]]);
    expect(rows[0].successRate).toBe(1);
    expect(formatSummary(rows).split('\n')[0]).toMatch(/^solver\s+agents\s+runs/);
    const csv = toCsv(records, ['id', 'label', 'message']).split('\n');
    expect(csv[0]).toBe('id,label,message');
    expect(csv).toHaveLength(22);
  });

  it('runs an inline map with its own agents, and places random agents on it when asked', () => {
    const inline = { kind: 'inline', name: 'corridor', rows: ['.....', '.@@@.', '.....'], agents: [[0, 0, 4, 2], [4, 0, 0, 2]] };
    const base = { ...experiment, maps: [inline], agents: [2], solvers: [{ solver: 'independent' }] };
    const [fromFile] = planRuns(parseExperiment(base));
    expect(fromFile.placement).toEqual({ kind: 'inline', agents: inline.agents });
    const record = executeRun(fromFile, newRunContext(files));
    expect(record.status).not.toBe('error');
    expect(record.meanLowerBound).toBe(6);
    const [placed] = planRuns(parseExperiment({ ...base, placement: 'random' }));
    expect(placed.placement.kind).toBe('random');
    const built = new InstanceBuilder(files).build(placed).instance;
    expect(built.agents).toHaveLength(2);
    for (const task of built.agents) expect(built.grid.isFree(task.start) && built.grid.isFree(task.goal)).toBe(true);
  });

  it('records the lower bound a solver proved, and the cost over it: 1 for cbs, at most w for eecbs, none for od', () => {
    const corridor = { kind: 'inline', name: 'pocket', rows: ['.....', '@@.@@'], agents: [[2, 0, 2, 0], [0, 0, 4, 0]] };
    const solvers = [{ solver: 'cbs' }, { solver: 'eecbs', params: { w: 1.5 } }, { solver: 'od' }];
    const [cbs, eecbs, od] = planRuns(parseExperiment({ ...experiment, maps: [corridor], agents: [2], solvers })).map((run) => executeRun(run, newRunContext(files)));
    expect([cbs.costLowerBound, cbs.sumOfCosts, cbs.costOverBound]).toEqual([7, 7, 1]);
    expect(eecbs.costLowerBound).toBeLessThanOrEqual(7);
    expect(eecbs.costOverBound).toBeLessThanOrEqual(1.5);
    expect(eecbs.sumOfCosts).toBe(eecbs.costOverBound * eecbs.costLowerBound);
    expect(od.costLowerBound).toBeNaN();
    expect(od.costOverBound).toBeNaN();
    const rows = summarize([cbs, eecbs, od]);
    expect(rows.find((r) => r.label === 'cbs')!.costOverBound).toBe(1);
  });

  it('counts sum of costs by the cost model the solver minimised: the run\'s, or the solver\'s own param', () => {
    // Unit 1 starts on its goal in a corridor and steps into the pocket while unit 2 passes:
    // 'away' charges it 2 (leave, come back), 'rest' 3 (until it rests); unit 2 needs 4 moves.
    const corridor = { kind: 'inline', name: 'pocket', rows: ['.....', '@@.@@'], agents: [[2, 0, 2, 0], [0, 0, 4, 0]] };
    const base = { ...experiment, maps: [corridor], agents: [2], solvers: [{ solver: 'od' }, { solver: 'od', label: 'od away', params: { costModel: 'away' } }] };
    const [rest, ownAway] = planRuns(parseExperiment({ ...base, costModel: 'rest' }));
    expect(executeRun(rest, newRunContext(files)).sumOfCosts).toBe(7);
    expect(executeRun(ownAway, newRunContext(files)).sumOfCosts).toBe(6);
    // 'rest' is the default, and every record names the model it was counted by.
    const [byDefault] = planRuns(parseExperiment(base));
    expect(byDefault.costModel).toBe('rest');
    const record = executeRun(byDefault, newRunContext(files));
    expect([record.sumOfCosts, record.makespan, record.costModel]).toEqual([7, 4, 'rest']);
    const [away] = planRuns(parseExperiment({ ...base, costModel: 'away' }));
    expect(executeRun(away, newRunContext(files))).toMatchObject({ sumOfCosts: 6, costModel: 'away' });
    expect(executeRun(ownAway, newRunContext(files)).costModel).toBe('away');
  });

  it('gives a run that did not solve no sum of costs or makespan (null in JSON, empty in CSV), and says what it reached', () => {
    // Two units cross a 4-wide room side by side: 3 moves each, so a turn limit of 2 stops them short.
    const corridor = { kind: 'inline', name: 'room', rows: ['....', '....'], agents: [[0, 0, 3, 0], [0, 1, 3, 1]] };
    const [run] = planRuns(parseExperiment({ ...experiment, maps: [corridor], agents: [2], solvers: [{ solver: 'hca' }], turnLimit: 2, repeats: 1 }));
    const record = executeRun(run, newRunContext(files));
    expect(record.status).not.toBe('solved');
    expect(record.sumOfCosts).toBeNaN();
    expect(record.makespan).toBeNaN();
    expect(record.arrived).toBe(0);
    expect(JSON.parse(JSON.stringify(record))).toMatchObject({ sumOfCosts: null, makespan: null, arrived: 0 });
    const csv = toCsv([record], ['status', 'arrived', 'sumOfCosts', 'makespan']).split('\n')[1];
    expect(csv).toBe(`${record.status},0,,`);
    const [long] = planRuns(parseExperiment({ ...experiment, maps: [corridor], agents: [2], solvers: [{ solver: 'hca' }], turnLimit: 100, repeats: 1 }));
    expect(executeRun(long, newRunContext(files))).toMatchObject({ status: 'solved', arrived: 2, sumOfCosts: expect.any(Number) });
  });

  it('records a run that cannot be set up as an error naming the reason', () => {
    const runs = planRuns(parseExperiment({ ...experiment, maps: [experiment.maps[1]], agents: [3] }));
    const record = executeRun(runs[0], newRunContext(files));
    expect(record.status).toBe('error');
    expect(record.message).toBe('tiny.scen has 2 agents, fewer than the 3 asked for');
  });
});
