import { describe, expect, it } from 'vitest';
import { chokepointExample } from '../../../../core/examples/chokepoint.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { randomTasks } from '../../../../core/mapgen/placement.ts';
import { randomMap } from '../../../../core/mapgen/randomMap.ts';
import { findSolver, solveWith } from '../../../../core/registry/registry.ts';
import { Grid } from '../../../../core/grid/grid.ts';
import { replayCell, validateReplay } from '../../../../core/contract/replay.ts';

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

describe('map events through SolveOptions.mapEvents', () => {
  // A dead-end corridor: the door at (3, 0) closes at turn 1 and opens at turn 5, so every
  // controller must wait for it (no way round).
  const corridor = () => {
    const grid = Grid.fromAscii(['.......']);
    return { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 6 }] };
  };
  const events = [{ t: 1, cells: [3], passable: false }, { t: 5, cells: [3], passable: true }];

  it.each(NAMES)('%s runs the simulator with the events and returns its replay', (name) => {
    const instance = corridor();
    const entry = findSolver(name)!;
    expect(entry.mapEvents).toBe(true);
    const result = solveWith(entry, instance, { seed: 1, mapEvents: events });
    expect(result.status).toBe('solved');
    const replay = result.replay!;
    expect(replay.mapChanges.map((c) => [c.t, c.passable])).toEqual([[1, false], [5, true]]);
    for (let t = 1; t <= 5; t++) expect(replayCell(replay, t, 0)).not.toBe(3);
    expect(validateReplay(instance, replay, { requireGoals: true }).valid).toBe(true);
    // The caller's grid is not edited by the run.
    expect(instance.grid.isFree(3)).toBe(true);
  });

  it('solveWith refuses events for a solver without support and passes an empty list through', () => {
    const independent = findSolver('independent')!;
    expect(independent.mapEvents).toBeUndefined();
    const refused = solveWith(independent, corridor(), { mapEvents: events });
    expect(refused).toMatchObject({ status: 'failed', paths: [], message: expect.stringContaining('does not support timed map events (2 given)') });
    expect(solveWith(independent, corridor(), { mapEvents: [] }).status).toBe('solved');
  });
});
