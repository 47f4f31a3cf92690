/**
 * Experiments are counted before they are planned (`repeats: 1e9` ran the CLI into an
 * out-of-memory abort, 24 M runs froze the lab): countRuns equals what planRuns builds, and more
 * than MAX_RUNS is refused at once with the count and what multiplies up to it.
 */
import { describe, expect, it } from 'vitest';
import { MAX_RUNS, checkRunCount, countRuns, planRuns } from '../../../core/experiments/runPlan.ts';
import { type Experiment, ExperimentError, parseExperiment } from '../../../core/experiments/schema.ts';

function experiment(fields: Record<string, unknown>): Experiment {
  return parseExperiment({
    format: 'mapf-lab/experiment', version: 1, name: 'count',
    maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1, 2, 3] }],
    agents: [2, 3], solvers: [{ solver: 'whca' }, { solver: 'hca' }],
    ...fields,
  });
}

describe('countRuns', () => {
  it.each([
    ['random maps with repeats', {}],
    ['repeats', { repeats: 4 }],
    ['uniform agent draws', { agents: { min: 2, max: 9, instances: 5 } }],
    ['a Moving AI map with scenarios and one without', {
      maps: [{ kind: 'movingai', map: 'a.map', scen: ['a-1.scen', 'a-2.scen'] }, { kind: 'movingai', map: 'b.map' }], repeats: 3,
    }],
    ['random placement ignores scenarios', { placement: 'random', maps: [{ kind: 'movingai', map: 'a.map', scen: ['a-1.scen'] }], repeats: 2 }],
    ['inline maps with and without agents', {
      maps: [{ kind: 'inline', name: 'i', rows: ['...', '...'], agents: [[0, 0, 2, 1]] }, { kind: 'inline', name: 'j', rows: ['..'] }], repeats: 2,
    }],
  ])('equals the runs planned: %s', (_, fields) => {
    const e = experiment(fields);
    expect(countRuns(e)).toBe(planRuns(e).length);
  });

  it('refuses more than MAX_RUNS before building any run, naming the count', () => {
    // As a definition that got past the file's checks (the lab's form builds them too).
    const huge: Experiment = { ...experiment({}), repeats: 1e9 };
    expect(countRuns(huge)).toBe(3 * 1e9 * 2 * 2);
    expect(() => checkRunCount(huge)).toThrow(ExperimentError);
    expect(() => planRuns(huge)).toThrow(/asks for 12,000,000,000 runs .*at most 1,000,000 per experiment/);
    const justEnough = experiment({ repeats: MAX_RUNS / 12 - (MAX_RUNS / 12) % 1 });
    expect(checkRunCount(justEnough)).toBeLessThanOrEqual(MAX_RUNS);
  });

  // Planning 12e9 runs would run out of memory long before a timeout: reaching the message at all
  // shows the file was refused by counting, not by building the runs.
  it.each([
    ['repeats 1e9', { repeats: 1e9 }, /asks for 12,000,000,000 runs/],
    ['a billion drawn agent counts', { agents: { min: 2, max: 9, instances: 1e9 } }, /asks for 6,000,000,000 runs/],
  ])('the experiment file itself is refused past the lab\'s run limit: %s', (_, fields, count) => {
    expect(() => experiment(fields)).toThrow(ExperimentError);
    expect(() => experiment(fields)).toThrow(count);
    expect(() => experiment(fields)).toThrow(/at most 1,000,000 per experiment \(the lab's run limit\)/);
  });
});
