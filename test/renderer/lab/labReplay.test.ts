import { describe, expect, it } from 'vitest';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { runFiles } from '../../../core/protocol/pool.ts';
import { runDocument } from '../../../renderer/src/lab/labReplay.ts';
import { isLabShortcut, passesInLab } from '../../../renderer/src/lab/viewMode.ts';

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

  it('a run on map files by path: replayed from the texts read for it, or says why not', () => {
    const experiment = parseExperiment({ format: 'mapf-lab/experiment', version: 1, name: 'x', maps: [{ kind: 'movingai', map: '../maps/a.map', scen: ['a.scen'] }], agents: [2], placement: 'scenario', solvers: [{ solver: 'whca' }] });
    const [run] = planRuns(experiment);
    expect(runFiles(run)).toEqual(['../maps/a.map', 'a.scen']);
    expect(() => runDocument(run)).toThrow('../maps/a.map: the browser edition cannot read files by path');
    const map = 'type octile\nheight 3\nwidth 4\nmap\n....\n.@@.\n....\n';
    const scen = 'version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\t5\n0\ta.map\t4\t3\t3\t0\t0\t2\t5\n';
    const doc = runDocument(run, { '../maps/a.map': map, 'a.scen': scen });
    expect(doc.grid.toAscii()).toEqual(['....', '.@@.', '....']);
    expect(doc.agents.map((a) => [a.start, a.goal])).toEqual([[[0, 0], [3, 2]], [[3, 0], [0, 2]]]);
  });

  it('Ctrl+Shift+L switches views; L alone is the line tool', () => {
    expect(isLabShortcut({ key: 'L', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false })).toBe(true);
    expect(isLabShortcut({ key: 'l', ctrlKey: false, metaKey: true, shiftKey: true, altKey: false })).toBe(true);
    expect(isLabShortcut({ key: 'l', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })).toBe(false);
    expect(isLabShortcut({ key: 'l', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })).toBe(false);
  });

  it('in the lab, ? opens the shortcut list and Escape closes it; the editor\'s other keys stay off', () => {
    const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(passesInLab(key('?'), false)).toBe(true);
    expect(passesInLab(key('Escape'), true)).toBe(true);
    expect(passesInLab(key('Escape'), false)).toBe(false);
    expect(passesInLab(key('p'), false)).toBe(false);
    expect(passesInLab(key('?', { ctrlKey: true }), false)).toBe(false);
  });
});
