import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { solverNames } from '../../../core/registry/registry.ts';
import {
  defaultExperiment, describeMap, formatAgents, parseAgents, withMapSeeds, experimentText, inlineMapSpec, movingAiMapSpec, optionalNumber, parseIntList, randomMapSpec, readExperimentJson, solverChoices, solverRows, hasLorrMaps,
  mapsOf, withField, withMaps, withScenarioAgents, withSolvers,
} from '../../../renderer/src/lab/experimentForm.ts';

describe('experiment form', () => {
  it('the default sweep is a valid experiment', () => {
    const experiment = parseExperiment(defaultExperiment(), solverNames());
    expect(planRuns(experiment).length).toBe(3 * 4 * 2 * 2);
  });

  it('reads agent counts as lists and ranges, and says what it cannot read', () => {
    expect(parseIntList('4, 8 12')).toEqual([4, 8, 12]);
    expect(parseIntList('2-10:2')).toEqual([2, 4, 6, 8, 10]);
    expect(parseIntList('1-3, 7')).toEqual([1, 2, 3, 7]);
    expect(() => parseIntList('4, x')).toThrow("'x' is not a whole number");
    expect(() => parseIntList('10-2')).toThrow('FROM <= TO');
    expect(() => parseIntList('  ')).toThrow('at least one');
    expect(() => parseIntList('1-100000')).toThrow('10,000');
  });

  it('sets and removes fields without touching the rest', () => {
    const json = defaultExperiment();
    const next = withField(withField(json, 'turnLimit', undefined), 'timeLimitSeconds', 2);
    expect(next.turnLimit).toBeUndefined();
    expect(next.timeLimitSeconds).toBe(2);
    expect(json.turnLimit).toBe(100);
    expect(optionalNumber('')).toBeUndefined();
    expect(() => optionalNumber('abc')).toThrow('not a number');
  });

  it('solver rows round-trip, with parameters as JSON objects', () => {
    const json = defaultExperiment();
    const rows = solverRows(json);
    expect(rows[0]).toEqual({ solver: 'whca', label: 'WHCA*(8)', params: '{"window":8}', scheduler: '' });
    const next = withSolvers(json, [...rows, { solver: 'whca', label: 'WHCA*(16)', params: '{"window":16}' }]);
    expect((next.solvers as unknown[])[2]).toEqual({ solver: 'whca', label: 'WHCA*(16)', params: { window: 16 } });
    expect(() => withSolvers(json, [{ solver: 'whca', label: '', params: '[1]' }])).toThrow('solver 1: parameters must be a JSON object');
    expect(() => withSolvers(json, [{ solver: 'whca', label: '', params: '{' }])).toThrow('solver 1');
  });

  it('keeps a LoRR solver row\'s task scheduler through an edit of the row (the form once dropped fields it did not show)', () => {
    const json = { ...defaultExperiment(), maps: [{ kind: 'lorr', problem: 'p.json' }], solvers: [{ solver: 'flow-pibt', scheduler: 'hungarian', params: {} }, { solver: 'flow-pibt', params: {} }] };
    expect(hasLorrMaps(json)).toBe(true);
    expect(hasLorrMaps(defaultExperiment())).toBe(false);
    const rows = solverRows(json);
    expect(rows.map((r) => r.scheduler)).toEqual(['hungarian', '']);
    const next = withSolvers(json, rows.map((r, i) => (i === 0 ? { ...r, label: 'assigned' } : { ...r, scheduler: 'ours' })));
    expect(next.solvers).toEqual([{ solver: 'flow-pibt', label: 'assigned', scheduler: 'hungarian', params: {} }, { solver: 'flow-pibt', scheduler: 'ours', params: {} }]);
  });

  it('the current map becomes an inline map with its units, runnable by the experiment', () => {
    const grid = Grid.fromAscii(['....', '.@@.', '....']);
    const spec = inlineMapSpec('bridge', grid, [{ start: [0, 0], goal: [3, 2] }, { start: [3, 0], goal: [0, 2] }]);
    expect(spec).toEqual({ kind: 'inline', name: 'bridge', rows: ['....', '.@@.', '....'], agents: [[0, 0, 3, 2], [3, 0, 0, 2]] });
    const json = withField(withMaps(defaultExperiment(), [spec]), 'agents', [1, 2]);
    const experiment = parseExperiment(withField(json, 'placement', 'scenario'), solverNames());
    const runs = planRuns(experiment);
    expect(runs.map((r) => r.agents)).toEqual([1, 1, 2, 2]);
    expect(describeMap(spec)).toBe('bridge: inline 4×3, 2 units');
    expect(describeMap(randomMapSpec(16, 8, 0.25, [1, 2]))).toBe('random-16x8-25: random 16×8, 25% walls, 2 seeds');
  });

  it('reads only JSON objects', () => {
    expect(readExperimentJson(experimentText(defaultExperiment()))).toEqual(defaultExperiment());
    expect(readExperimentJson('[1]')).toBeNull();
    expect(readExperimentJson('{')).toBeNull();
  });
});

describe('Moving AI files in the lab', () => {
  const MAP = 'type octile\nheight 3\nwidth 4\nmap\n....\n.@T.\n....\n';
  const SCEN = 'version 1\n0\tsmall.map\t4\t3\t0\t0\t3\t2\t5\n0\tsmall.map\t4\t3\t3\t0\t0\t2\t5\n';

  it('carries a .map inline, with a .scen as its agents', () => {
    const spec = movingAiMapSpec('maps/small.map', MAP);
    expect(spec).toEqual({ kind: 'inline', name: 'small', rows: ['....', '.@@.', '....'] });
    const withAgents = withScenarioAgents(spec, 'small.scen', SCEN);
    expect(withAgents.agents).toEqual([[0, 0, 3, 2], [3, 0, 0, 2]]);
    const json = withField(withField(withMaps(defaultExperiment(), [withAgents]), 'placement', 'auto'), 'agents', [1, 2]);
    const runs = planRuns(parseExperiment(json, solverNames()));
    expect(runs.map((r) => [r.agents, r.placement.kind])).toEqual([[1, 'inline'], [1, 'inline'], [2, 'inline'], [2, 'inline']]);
  });

  it('says which line of a .scen does not fit the map', () => {
    const spec = movingAiMapSpec('small.map', MAP);
    expect(() => withScenarioAgents(spec, 'bad.scen', 'version 1\n0\tsmall.map\t4\t3\t1\t1\t3\t2\t5\n')).toThrow(/bad\.scen.*wall/);
    expect(() => withScenarioAgents({ kind: 'random' }, 'x.scen', SCEN)).toThrow('add a .map first');
  });
});

describe('narrowing a preset in the form', () => {
  it('reads agent lists and Standley draws, and writes them back', () => {
    expect(parseAgents('4, 8')).toEqual([4, 8]);
    expect(parseAgents('2-10:4')).toEqual([2, 6, 10]);
    expect(parseAgents(' 2-60x10 ')).toEqual({ min: 2, max: 60, instances: 10 });
    expect(parseAgents('2-8×2')).toEqual({ min: 2, max: 8, instances: 2 });
    expect(() => parseAgents('9-3x2')).toThrow(/MIN <= MAX/);
    expect(() => parseAgents('2-8x0')).toThrow(/INSTANCES >= 1/);
    expect(formatAgents({ min: 2, max: 60, instances: 10 })).toBe('2-60x10');
    expect(formatAgents([1, 2])).toBe('1, 2');
    expect(formatAgents('nonsense')).toBe('');
  });

  it('replaces one random map\'s seeds, and plans one map per seed', () => {
    const json = withMaps(defaultExperiment(), [randomMapSpec(16, 16, 0.2, [1, 2, 3]), randomMapSpec(8, 8, 0.1, [4])]);
    const narrowed = withMapSeeds(json, 0, [7]);
    expect((mapsOf(narrowed)[0] as { seeds: number[] }).seeds).toEqual([7]);
    expect((mapsOf(narrowed)[1] as { seeds: number[] }).seeds).toEqual([4]);
    const before = planRuns(parseExperiment(json, solverNames())).length;
    const after = planRuns(parseExperiment(narrowed, solverNames())).length;
    expect(after * 4).toBe(before * 2);
    expect(() => withMapSeeds(withMaps(json, [{ kind: 'inline', name: 'x', rows: ['.'] }]), 0, [1])).toThrow(/not a random map/);
  });

  it("describes a LoRR problem and offers the lifelong planners for it (it said unknown kind 'lorr' and 'pibt-rotations (unknown)')", () => {
    const lorr = { kind: 'lorr', name: 'random-32-32-20', problem: '../lorr/random.domain/random_32_32_20_100.json', teamSizes: [50, 100], steps: 200, stepLimitMs: 100 };
    expect(describeMap(lorr)).toBe('random-32-32-20: LoRR problem random_32_32_20_100.json, team sizes 50, 100, 200 steps at 100 ms a step');
    expect(describeMap({ kind: 'lorr', problem: 'p.json' })).toBe('LoRR problem p.json, 500 steps at 1000 ms a step');
    const json = withMaps(defaultExperiment(), [lorr]);
    expect(solverChoices(json)).toContain('pibt-rotations');
    expect(solverChoices(json)).toContain('flow-pibt');
    expect(solverChoices(json)).not.toContain('cbs');
    expect(solverChoices(defaultExperiment())).toEqual(solverNames());
  });
});
