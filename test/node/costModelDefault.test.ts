// The default cost model is the field's standard measure ('rest'), and the one shipped
// experiment that reproduces Standley's paper keeps his ('away') by naming it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COST_MODEL, costModelOf, pathCost } from '../../core/mapf/plan.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';

describe('the default cost model', () => {
  it("is 'rest': a unit that steps off its goal and back pays until it rests there for good", () => {
    expect(DEFAULT_COST_MODEL).toBe('rest');
    expect(costModelOf(undefined)).toBe('rest');
    expect(costModelOf({ costModel: 'away' })).toBe('away');
    // On its goal (cell 0) at t = 0, steps aside, comes back at t = 2: rest 2, away 2; waits
    // on the goal before leaving count under rest only.
    expect(pathCost([0, 0, 1, 0], 0, costModelOf(undefined))).toBe(3);
    expect(pathCost([0, 0, 1, 0], 0, 'away')).toBe(2);
  });

  it("is an experiment's default, and standley2010.json names 'away' itself", () => {
    const minimal = { format: 'mapf-lab/experiment', version: 1, name: 'x', maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1] }], agents: [2], solvers: [{ solver: 'od' }] };
    expect(parseExperiment(minimal).costModel).toBe('rest');
    const standley = JSON.parse(readFileSync(new URL('../../experiments/standley2010.json', import.meta.url), 'utf8'));
    expect(standley.costModel).toBe('away');
  });
});
