// The lab plans an experiment's runs only when an edit changes its fingerprint: the editor
// reports every keystroke, and an edit that keeps the definition (whitespace, key order, a
// default spelled out) must not plan the runs again.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as runPlan from '../../../core/experiments/runPlan.ts';
import { memoryStorage } from '../../../renderer/src/lab/resultStore.ts';
import { setExperimentText, setLabStorage, sweepStore } from '../../../renderer/src/lab/sweep.ts';

vi.mock('../../../core/experiments/runPlan.ts', async (importOriginal) => {
  const original = await importOriginal<typeof runPlan>();
  return { ...original, planRuns: vi.fn(original.planRuns) };
});

const planRuns = vi.mocked(runPlan.planRuns);

const SWEEP = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'planning',
  maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1, 2] }],
  agents: [2, 3],
  placement: 'random',
  solvers: [{ solver: 'lra', label: 'LRA*' }, { solver: 'ca', label: 'CA*' }],
  repeats: 2,
  seed: 7,
};

describe('lab sweep planning', () => {
  beforeEach(() => {
    setLabStorage(memoryStorage());
    planRuns.mockClear();
  });

  it('plans a new definition once; edits that keep its fingerprint do not plan again', () => {
    setExperimentText(JSON.stringify(SWEEP));
    expect(planRuns).toHaveBeenCalledTimes(1);
    const first = sweepStore.get();
    expect(first.planned).toBe(2 * 2 * 2 * 2);
    expect(first.labels).toEqual(['LRA*', 'CA*']);

    const spaced = JSON.stringify(SWEEP, null, 2);
    setExperimentText(spaced);
    const { seed, ...rest } = SWEEP;
    const reordered = JSON.stringify({ seed, ...rest, connectivity: 4 }); // 4 is the default
    setExperimentText(reordered);
    expect(planRuns).toHaveBeenCalledTimes(1);
    const after = sweepStore.get();
    expect(after.text).toBe(reordered);
    expect(after.hash).toBe(first.hash);
    expect(after.planned).toBe(first.planned);
    expect(after.problems).toEqual([]);
    expect(after.experiment).not.toBeNull();

    setExperimentText(JSON.stringify({ ...SWEEP, seed: 8 }));
    expect(planRuns).toHaveBeenCalledTimes(2);
    expect(sweepStore.get().hash).not.toBe(first.hash);
  });

  it('a broken edit and its undo: the definition comes back without planning', () => {
    setExperimentText(JSON.stringify(SWEEP));
    setExperimentText(JSON.stringify(SWEEP).slice(0, -1));
    expect(sweepStore.get().experiment).toBeNull();
    expect(sweepStore.get().problems).toHaveLength(1);
    setExperimentText(JSON.stringify(SWEEP));
    expect(sweepStore.get().experiment).not.toBeNull();
    expect(sweepStore.get().problems).toEqual([]);
    expect(planRuns).toHaveBeenCalledTimes(1);
  });

  it('a definition that parses but cannot be planned says why', () => {
    setExperimentText(JSON.stringify({ ...SWEEP, placement: 'scenario' }));
    expect(sweepStore.get().experiment).toBeNull();
    expect(sweepStore.get().problems.join('\n')).toContain('a random map has no scenario');
  });
});
