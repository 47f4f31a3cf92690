// The lab reads an experiment at every keystroke but plans its runs only when a sweep (or a merge,
// or a replay) needs them: typing counts the runs (core's countRuns) and never builds them, so a
// definition of 24 M runs no longer freezes the window, and a definition past MAX_RUNS is
// refused with the count. A lab that died while reading its stored text does not read it again.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as runPlan from '../../../core/experiments/runPlan.ts';
import { memoryStorage } from '../../../renderer/src/lab/resultStore.ts';
import { LAB_OPENING_KEY, LAST_EXPERIMENT_KEY } from '../../../renderer/src/lab/resultStore.ts';
import { initSweep, mergeResults, setExperimentText, setLabStorage, sweepStore } from '../../../renderer/src/lab/sweep.ts';

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

  it('counts a definition without planning it; edits that keep its fingerprint keep the count', () => {
    setExperimentText(JSON.stringify(SWEEP));
    expect(planRuns).toHaveBeenCalledTimes(0);
    const first = sweepStore.get();
    expect(first.planned).toBe(2 * 2 * 2 * 2);
    expect(first.labels).toEqual(['LRA*', 'CA*']);

    const spaced = JSON.stringify(SWEEP, null, 2);
    setExperimentText(spaced);
    const { seed, ...rest } = SWEEP;
    const reordered = JSON.stringify({ seed, ...rest, connectivity: 4 }); // 4 is the default
    setExperimentText(reordered);
    expect(planRuns).toHaveBeenCalledTimes(0);
    const after = sweepStore.get();
    expect(after.text).toBe(reordered);
    expect(after.hash).toBe(first.hash);
    expect(after.planned).toBe(first.planned);
    expect(after.problems).toEqual([]);
    expect(after.experiment).not.toBeNull();

    setExperimentText(JSON.stringify({ ...SWEEP, seed: 8 }));
    expect(planRuns).toHaveBeenCalledTimes(0);
    expect(sweepStore.get().hash).not.toBe(first.hash);
  });

  it('plans the runs once, when they are first needed', () => {
    setExperimentText(JSON.stringify(SWEEP));
    expect(mergeResults([]).added).toBe(0);
    expect(mergeResults([]).added).toBe(0);
    expect(planRuns).toHaveBeenCalledTimes(1);
  });

  it('refuses a definition past a million runs with the count, without planning (the tab crashed at 24 M)', () => {
    setExperimentText(JSON.stringify({ ...SWEEP, repeats: 1_000_000 }));
    const state = sweepStore.get();
    expect(state.experiment).toBeNull();
    expect(state.problems.join('\n')).toMatch(/asks for 8,000,000 runs .*at most 1,000,000 per experiment/);
    expect(planRuns).toHaveBeenCalledTimes(0);
  });

  it('a stored text the last window died reading is shown for repair, not read again', () => {
    const storage = memoryStorage();
    setLabStorage(storage);
    storage.setItem(LAST_EXPERIMENT_KEY, JSON.stringify(SWEEP));
    storage.setItem(LAB_OPENING_KEY, '1');
    initSweep();
    const state = sweepStore.get();
    expect(state.text).toBe(JSON.stringify(SWEEP));
    expect(state.experiment).toBeNull();
    expect(state.problems.join('\n')).toMatch(/closed while it opened this experiment/);
    expect(storage.getItem(LAB_OPENING_KEY)).toBeNull();
    // An edit reads it as usual, and a finished reading leaves no mark behind.
    setExperimentText(JSON.stringify(SWEEP));
    expect(sweepStore.get().experiment).not.toBeNull();
    expect(storage.getItem(LAB_OPENING_KEY)).toBeNull();
  });

  it('a broken edit and its undo: the definition comes back without planning', () => {
    setExperimentText(JSON.stringify(SWEEP));
    setExperimentText(JSON.stringify(SWEEP).slice(0, -1));
    expect(sweepStore.get().experiment).toBeNull();
    expect(sweepStore.get().problems).toHaveLength(1);
    setExperimentText(JSON.stringify(SWEEP));
    expect(sweepStore.get().experiment).not.toBeNull();
    expect(sweepStore.get().problems).toEqual([]);
    expect(planRuns).toHaveBeenCalledTimes(0);
  });

  it('a definition that parses but cannot be planned says why', () => {
    setExperimentText(JSON.stringify({ ...SWEEP, placement: 'scenario' }));
    expect(sweepStore.get().experiment).toBeNull();
    expect(sweepStore.get().problems.join('\n')).toContain('a random map has no scenario');
  });
});
