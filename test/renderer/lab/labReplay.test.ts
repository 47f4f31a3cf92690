import { describe, expect, it } from 'vitest';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { runDocument } from '../../../renderer/src/lab/labReplay.ts';
import { isLabShortcut } from '../../../renderer/src/lab/viewMode.ts';

describe('replay of a run', () => {
  it('loads the run instance, agents and solver settings as a scenario', () => {
    const experiment = parseExperiment({
      format: 'mapf-lab/experiment', version: 1, name: 'x',
      maps: [{ kind: 'inline', name: 'bridge', rows: ['....', '.@@.', '....'], agents: [[0, 0, 3, 2], [3, 0, 0, 2]] }],
      agents: [2], placement: 'scenario', solvers: [{ solver: 'whca', label: 'W', params: { window: 4 } }], turnLimit: 20, timeLimitSeconds: 2,
    });
    const [run] = planRuns(experiment);
    const doc = runDocument(run);
    expect(doc.grid.toAscii()).toEqual(['....', '.@@.', '....']);
    expect(doc.agents.map((a) => [a.start, a.goal])).toEqual([[[0, 0], [3, 2]], [[3, 0], [0, 2]]]);
    expect(doc.solver).toMatchObject({ solver: 'whca', seed: run.seed, window: 4, order: 'given', params: {}, turnLimit: 20, timeLimitMs: 2000 });
    expect(doc.name).toContain('run 0');
  });

  it('a run on a map file says it cannot be replayed yet', () => {
    const experiment = parseExperiment({ format: 'mapf-lab/experiment', version: 1, name: 'x', maps: [{ kind: 'movingai', map: 'a.map' }], agents: [2], solvers: [{ solver: 'whca' }] });
    expect(() => runDocument(planRuns(experiment)[0])).toThrow('cannot be replayed from the lab yet');
  });

  it('Ctrl+Shift+L switches views; L alone is the line tool', () => {
    expect(isLabShortcut({ key: 'L', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false })).toBe(true);
    expect(isLabShortcut({ key: 'l', ctrlKey: false, metaKey: true, shiftKey: true, altKey: false })).toBe(true);
    expect(isLabShortcut({ key: 'l', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })).toBe(false);
    expect(isLabShortcut({ key: 'l', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })).toBe(false);
  });
});
