import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { describeViolations, validatePlan } from '../../../core/mapf/validator.ts';
import { solveIndependent } from '../../../core/solvers/independent/independent.ts';
import { planController } from '../../../core/simulation/planController.ts';
import { runController, simulate } from '../../../core/simulation/simulator.ts';
import { validateReplay } from '../../../core/contract/replay.ts';
import { scriptedController } from '../simulation/scripted.ts';

// Two rooms joined by a door at (3, 1).
const ROWS = [
  '...@...',
  '.......',
  '...@...',
];

function corridor() {
  const grid = Grid.fromAscii(ROWS);
  return { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 1), goal: grid.cell(6, 1) }] };
}

describe('timed map events', () => {
  it('refuses the move of a controller that ignores a closed door, records it, and the replay still validates', () => {
    const instance = corridor();
    const door = instance.grid.cell(3, 1);
    const plan = solveIndependent(instance).paths;
    const result = runController(instance, () => planController(plan), { seed: 0, params: {} }, { turnLimit: 10, mapEvents: [{ t: 2, cells: [door], passable: false }] });
    expect(result.collisions.map((c) => [c.rule, c.t, c.cell])).toEqual(Array.from({ length: 8 }, (_, i) => ['wall', 2 + i, door]));
    expect(result.status).toBe('failed');
    expect(result.agents.success[0]).toBe(0);
    expect(result.paths[0].slice(2)).toEqual(new Array(9).fill(instance.grid.cell(2, 1)));
    expect(result.replay.mapChanges).toEqual([{ t: 2, cells: [door], passable: false }]);
    expect(result.replay.events.find((e) => e.kind === 'map-change')).toMatchObject({ t: 2, cell: door, detail: 'closed' });
    expect(result.validation?.valid, describeViolations(result.validation!)).toBe(true);
    // The caller's grid is untouched: the simulator worked on a copy.
    expect(instance.grid.isFree(door)).toBe(true);
  });

  it('judges each stretch of a replay on the map in force then', () => {
    const instance = corridor();
    const door = instance.grid.cell(3, 1);
    const plan = solveIndependent(instance).paths;
    // The agent walks through the door (t = 3 -> 4) before it closes at t = 5: valid.
    const passed = runController(instance, () => planController(plan), { seed: 0, params: {} }, { mapEvents: [{ t: 5, cells: [door], passable: false }] });
    expect(passed.status).toBe('solved');
    expect(passed.validation?.valid).toBe(true);
    // The same path against the final map alone would be wrong, which is what the cut avoids.
    const closed = instance.grid.clone();
    closed.setPassable(door, false);
    expect(validatePlan({ ...instance, grid: closed }, passed.paths).violations.map((v) => v.rule)).toContain('wall');
    // And a replay edited to walk through the closed door is caught.
    const forged = { ...passed.replay, mapChanges: [{ t: 1, cells: [door], passable: false }] };
    expect(validateReplay(instance, forged).violations.map((v) => v.rule)).toContain('wall');
  });

  it('opens a cell at its turn and tells the controller which cells changed', () => {
    const grid = Grid.fromAscii(['.@.']);
    const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 2 }] };
    const controller = scriptedController(grid, [[[1, 0], [1, 0], [1, 0], [2, 0]]]);
    const result = simulate(instance, controller, { mapEvents: [{ t: 2, cells: [1], passable: true }] });
    expect(controller.mapChanges).toEqual([[1]]);
    expect(result.collisions.map((c) => [c.rule, c.t])).toEqual([['wall', 0], ['wall', 1]]);
    expect(result.paths[0]).toEqual([0, 0, 0, 1, 2]);
    expect(result.validation?.valid).toBe(true);
  });

  it('does not close a door on a unit: the closing waits until the cell is empty', () => {
    const grid = Grid.fromAscii(['....']);
    const instance = { grid: grid.clone(), movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 3 }] };
    const controller = scriptedController(instance.grid, [[[1, 0], [1, 0], [2, 0], [3, 0]]]);
    const result = simulate(instance, controller, { mapEvents: [{ t: 1, cells: [1], passable: false }] }, grid);
    expect(result.replay.mapChanges).toEqual([{ t: 3, cells: [1], passable: false }]);
    expect(result.status).toBe('solved');
    expect(result.validation?.valid).toBe(true);
  });

  it('rejects an event outside the map, naming it', () => {
    const instance = corridor();
    expect(() => simulate(instance, planController([]), { mapEvents: [{ t: 0, cells: [999], passable: false }] })).toThrow(/map event 0: cell 999 is outside the 7x3 map/);
  });
});
