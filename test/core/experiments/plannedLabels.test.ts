// The lab set up one chart line per solver before any run, but a LoRR problem's runs are labelled
// with the problem too ('pibt-rotations · random-32-32-20'): a line named 'pibt-rotations' stayed
// empty in the legend beside the one that got the points.
import { describe, expect, it } from 'vitest';
import { plannedLabels, planRuns } from '../../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';

const base = { format: 'mapf-lab/experiment', version: 1, name: 't', seed: 1, timeLimitClock: 'wall' };

function runLabels(json: object): string[] {
  return [...new Set(planRuns(parseExperiment(json)).map((r) => r.label))];
}

describe('planned labels', () => {
  it("are the labels a LoRR experiment's runs carry, per planner and problem, in plan order", () => {
    const json = {
      ...base,
      maps: [
        { kind: 'lorr', problem: 'a/random_32_32_20_100.json', name: 'random-32-32-20', teamSizes: [50, 100], steps: 10 },
        { kind: 'lorr', problem: 'b/paris_1_256_250.json', teamSizes: [100], steps: 10 },
      ],
      agents: [100],
      solvers: [{ solver: 'flow-pibt' }, { solver: 'pibt-rotations', label: 'PIBT-R' }],
    };
    expect(plannedLabels(parseExperiment(json))).toEqual(['flow-pibt · random-32-32-20', 'PIBT-R · random-32-32-20', 'flow-pibt · paris_1_256_250', 'PIBT-R · paris_1_256_250']);
    expect(plannedLabels(parseExperiment(json))).toEqual(runLabels(json));
  });

  it("are the solvers' labels for other maps", () => {
    const json = {
      ...base,
      maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1, 2] }, { kind: 'random', width: 6, height: 6, density: 0, seeds: [1] }],
      agents: [2, 3],
      solvers: [{ solver: 'cbs' }, { solver: 'pibt', label: 'P' }],
    };
    expect(plannedLabels(parseExperiment(json))).toEqual(['cbs', 'P']);
    expect(plannedLabels(parseExperiment(json))).toEqual(runLabels(json));
  });
});
