import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import type { StreamSpawner, Streams } from '../../../../core/mapf/streams.ts';
import type { TurnController } from '../../../../core/contract/controller.ts';
import { GridAStar } from '../../../../core/solvers/cooperative/gridAStar.ts';
import { createLraController } from '../../../../core/solvers/cooperative/localRepairAStar.ts';
import { RebuildController } from '../../../../core/simulation/rebuildController.ts';
import { simulate } from '../../../../core/simulation/simulator.ts';
import { Random } from '../../../../core/util/random.ts';

// An open 16 x 16 room: four placed units walk along rows 2, 5, 8 and 11 from the left column to
// the right one; a spawner in the bottom-right corner sends a unit every 8 turns from turn 4 to an
// exit of two cells in the top-right corner, up the right column, crossing no placed unit's row
// before that unit is home (they arrive at turn 15; the second spawned unit appears at 12 and
// reaches row 11 at turn 16).
const grid = Grid.fromAscii(Array.from({ length: 16 }, () => '.'.repeat(16)));
const placed = [2, 5, 8, 11].map((y) => ({ start: grid.cell(0, y), goal: grid.cell(15, y) }));
const spawner: StreamSpawner = {
  name: 'corner', cells: [grid.cell(15, 15)], startTurn: 4, schedule: { kind: 'every', every: 8 }, count: 3, seed: 1,
  goal: { kind: 'exit', exit: 0 }, size: 1, speed: 1, priority: 0,
};
const streams: Streams = { spawners: [spawner], exits: [{ name: 'top', cells: [grid.cell(15, 0), grid.cell(14, 0)] }], placed: [] };

/** The search work of every turn (the changes and the plans), LRA* taking the stream's changes itself or (rebuild) built again over every unit at each change. */
function run(rebuild: boolean) {
  const world = { grid, movement: FOUR_CONNECTED, agents: placed };
  const options = { seed: 1, params: {} };
  const controller: TurnController = rebuild ? new RebuildController(world, createLraController, options) : createLraController(world, options);
  expect(controller.unitsChanged).toBeDefined();
  const work: number[] = [];
  let before = 0;
  const step = controller.step.bind(controller);
  controller.step = (view, next, emit) => {
    step(view, next, emit);
    const now = controller.counters().expanded;
    work.push(now - before);
    before = now;
  };
  const result = simulate(world, controller, { turnLimit: 200, streams });
  return { result, work };
}

/** The expansions of one A* from the spawn cell to unit a's exit cell, alone on the map. */
function alone(goal: number): number {
  const astar = new GridAStar(grid, FOUR_CONNECTED);
  expect(astar.search(grid.cell(15, 15), goal, 1, 0, new Random(1))).toBe(true);
  return astar.expanded;
}

describe('LRA* in a stream', () => {
  it('plans a unit that appears alone: the turn costs its one search, every plan valid, every spawned unit leaves', () => {
    const { result, work } = run(false);
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.streams!.appeared).toBe(7);
    expect(result.streams!.left).toBe(3);
    const spawnTurns = result.streams!.appearTurn.slice(4);
    expect(spawnTurns).toEqual([4, 12, 20]);
    spawnTurns.forEach((t, k) => expect(work[t], `turn ${t}`).toBe(alone(result.units![4 + k].goal)));
  });

  it('built again at each change instead, every unit on the map searches again (what the test above rules out)', () => {
    const { result, work } = run(true);
    expect(result.validation?.valid).toBe(true);
    expect(work[4]).toBeGreaterThan(alone(result.units![4].goal));
  });
});
