import { describe, expect, it } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { describeViolations, validatePlan } from '../../../core/mapf/validator.ts';
import { randomTasks } from '../../../core/mapgen/placement.ts';
import { randomMap } from '../../../core/mapgen/randomMap.ts';
import { findSolver } from '../../../core/solvers/registry.ts';

const NAMES = ['lra', 'ca', 'hca', 'whca'];

describe('cooperative solvers as registry entries (run in the turn simulator)', () => {
  const grid = randomMap({ width: 16, height: 16, density: 0.2, seed: 5 });
  const crowded = { grid, movement: FOUR_CONNECTED, agents: randomTasks(grid, 20, 9) };

  it.each(NAMES)('%s returns executed paths that validate, a status that matches the agents, and the metrics', (name) => {
    for (const instance of [chokepointExample(), crowded]) {
      const result = findSolver(name)!.solve(instance, { seed: 1 });
      expect(result.solver).toBe(name);
      const validation = validatePlan(instance, result.paths, { requireGoals: false });
      expect(validation.valid, describeViolations(validation)).toBe(true);
      const n = instance.agents.length;
      const home = result.paths.filter((p, a) => p[p.length - 1] === instance.agents[a].goal).length;
      expect(result.stats.successes).toBeLessThanOrEqual(home);
      expect(result.status === 'solved').toBe(result.stats.successes === n);
      if (result.status === 'solved') expect(validatePlan(instance, result.paths).valid).toBe(true);
      else expect(result.message).toMatch(/agents failed after \d+ turns/);
      for (const key of ['successRate', 'cyclesPerAgent', 'initMs', 'maxTurnMs', 'meanTurnMs', 'turns', 'reservationsMax']) {
        expect(result.stats[key], key).toBeTypeOf('number');
      }
      if (result.stats.successes > 0) expect(result.stats.pathRatio).toBeGreaterThanOrEqual(1);
      expect(result.stats.turns).toBeLessThanOrEqual(100);
    }
  });

  it('passes params through to the controller and takes turnLimit for the simulator', () => {
    const whca = findSolver('whca')!;
    const short = whca.solve(crowded, { params: { window: 4, turnLimit: 3 } });
    expect(short.stats.turns).toBeLessThanOrEqual(3);
    for (const path of short.paths) expect(path.length).toBeLessThanOrEqual(4);
    expect(() => whca.solve(crowded, { params: { windw: 4 } })).toThrow(/windw/);
    // No agent can arrive in zero turns: the path figures do not exist and are left out of stats.
    const none = whca.solve(crowded, { params: { turnLimit: 0 } });
    expect(none.stats.successes).toBe(0);
    expect('pathRatio' in none.stats).toBe(false);
    for (const value of Object.values(none.stats)) expect(Number.isFinite(value)).toBe(true);
    expect(() => whca.solve(crowded, { params: { turnLimit: -1 } })).toThrow(/turnLimit must be a whole number >= 0/);
  });
});
