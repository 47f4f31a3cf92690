// An experiment's timeLimitClock: 'cpu' reaches every run; 'wall', the default, is the same
// definition as a file that leaves it out (the same fingerprint, so results folders resume).
import { describe, expect, it } from 'vitest';
import { experimentHash } from '../../../core/experiments/hash.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';

const base = {
  format: 'mapf-lab/experiment', version: 1, name: 'clock',
  maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1] }],
  agents: [2], solvers: [{ solver: 'independent' }], timeLimitSeconds: 1,
};

describe('timeLimitClock', () => {
  it("is left out at 'wall' (same fingerprint as a file without it) and kept at 'cpu'", () => {
    const none = parseExperiment(base);
    const wall = parseExperiment({ ...base, timeLimitClock: 'wall' });
    const cpu = parseExperiment({ ...base, timeLimitClock: 'cpu' });
    expect(experimentHash(wall)).toBe(experimentHash(none));
    expect(experimentHash(cpu)).not.toBe(experimentHash(none));
    expect(planRuns(none).every((r) => r.timeLimitClock === undefined)).toBe(true);
    expect(planRuns(cpu).every((r) => r.timeLimitClock === 'cpu' && r.timeLimitMs === 1000)).toBe(true);
  });

  it('refuses another clock, naming the field', () => {
    expect(() => parseExperiment({ ...base, timeLimitClock: 'sundial' })).toThrow(/timeLimitClock/);
  });
});
