import { describe, expect, it } from 'vitest';
import { ExperimentError, experimentJsonSchema, parseExperiment } from '../../../core/experiments/schema.ts';

const valid = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'tiny',
  maps: [
    { kind: 'random', width: 8, height: 8, density: 0.2, seeds: [1, 2] },
    { kind: 'movingai', map: 'maps/empty-32-32.map', scen: ['scen/empty-32-32-random-1.scen'] },
    { kind: 'inline', name: 'corridor', rows: ['....', '.@@.'], agents: [[0, 0, 3, 0]] },
  ],
  agents: [2, 4],
  solvers: [{ solver: 'whca', label: 'WHCA*(16)', params: { window: 16 } }, { solver: 'lra' }],
  turnLimit: 100,
};

function problems(json: unknown, names?: string[]): string[] {
  try {
    parseExperiment(json, names);
  } catch (error) {
    expect(error).toBeInstanceOf(ExperimentError);
    return (error as ExperimentError).problems;
  }
  throw new Error('expected the experiment to be rejected');
}

describe('experiment file schema', () => {
  it('parses a valid file and fills defaults', () => {
    const experiment = parseExperiment(valid, ['whca', 'lra']);
    expect(experiment.connectivity).toBe(4);
    expect(experiment.corners).toBe('no-cut');
    expect(experiment.placement).toBe('auto');
    expect(experiment.repeats).toBe(1);
    expect(experiment.maps[0]).toMatchObject({ fill: true });
    expect(experiment.solvers[1].params).toEqual({});
  });

  it('accepts a uniform agent-count range (Standley)', () => {
    const experiment = parseExperiment({ ...valid, agents: { min: 2, max: 60, instances: 10 }, timeLimitSeconds: 1 });
    expect(experiment.agents).toEqual({ min: 2, max: 60, instances: 10 });
  });

  it('names the field at fault', () => {
    expect(problems({ ...valid, maps: [{ ...valid.maps[0], density: 1.5 }] })).toEqual([expect.stringMatching(/^maps\[0\]\.density: .*1/)]);
    expect(problems({ ...valid, agents: [0] })[0]).toMatch(/^agents/);
    expect(problems({ ...valid, solvers: [{ solver: 'whca', window: 16 }] })[0]).toMatch(/^solvers\[0\]: .*window/);
    expect(problems({ ...valid, format: 'other' })[0]).toMatch(/^format: /);
    expect(problems({ ...valid, maps: [{ kind: 'png' }] })[0]).toMatch(/^maps\[0\]\.kind: /);
    expect(problems({ ...valid, maps: [{ kind: 'inline', name: 'x', rows: ['...', '..'] }] })).toEqual(['maps[0].rows[1]: row has 2 cells, expected 3']);
    expect(problems({ ...valid, placement: 'scenario' })).toEqual(["maps[0]: a random map has no scenario; use placement 'random' or 'auto'"]);
  });

  it('rejects unknown solvers with the known names, duplicate labels and newer versions', () => {
    expect(problems(valid, ['lra'])).toEqual(["solvers[0].solver: unknown solver 'whca' (known: lra)"]);
    expect(problems({ ...valid, solvers: [{ solver: 'lra' }, { solver: 'lra' }] })[0]).toMatch(/^solvers\[1\]\.label: 'lra' is used twice/);
    expect(problems({ ...valid, version: 2 })).toEqual(['version: experiment version 2 is newer than this program reads (1)']);
  });

  it('exports a JSON Schema for the editor', () => {
    const schema = experimentJsonSchema() as { type: string; properties: Record<string, unknown>; required: string[] };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['format', 'version', 'maps', 'agents', 'solvers', 'turnLimit']));
    expect(schema.required).not.toContain('connectivity');
  });
});
