/**
 * HCA* and WHCA* units heading for a stream's exit read the exit's table (distance to its nearest
 * cell, exitDistances.ts): they leave by whichever cell of the exit is nearest, and the abstract
 * distances cost one table per exit, not a reverse search per unit.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import type { StreamSpawner, Streams } from '../../../../core/mapf/streams.ts';
import { CONTROLLERS } from '../../../../core/registry/registry.ts';
import { runController } from '../../../../core/simulation/simulator.ts';
import type { TurnController } from '../../../../core/contract/controller.ts';

const factory = (name: string) => CONTROLLERS.find((c) => c.name === name)!.factory;

describe('cooperative units heading for an exit', () => {
  // An open 12 x 6 room; two units appear at turn 0 on (0, 0) and (0, 1), heading for an exit of
  // the cells (11, 0) and (11, 5). The stream gives the first the nearest cell, (11, 0), and the
  // second the other one, (11, 5), 15 moves away, though (11, 0) is 12 away once the first has gone.
  const grid = Grid.fromAscii(Array.from({ length: 6 }, () => '.'.repeat(12)));
  const spawner: StreamSpawner = {
    name: 'west', cells: [grid.cell(0, 0), grid.cell(0, 1)], startTurn: 0, schedule: { kind: 'waves', waves: [{ turn: 0, count: 2 }] }, count: 2, seed: 1,
    goal: { kind: 'exit', exit: 0 }, size: 1, speed: 1, priority: 0,
  };
  const streams: Streams = { spawners: [spawner], exits: [{ name: 'east', cells: [grid.cell(11, 0), grid.cell(11, 5)] }], placed: [] };

  it.each(['hca', 'whca'])('%s: a unit leaves by the exit\'s nearest cell, not only the one it was given', (name) => {
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory(name), { seed: 1, params: {} }, { turnLimit: 60, streams });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.streams!.left).toBe(2);
    // The goal a unit that left holds is the exit cell it left by.
    expect(result.units!.map((u) => [grid.x(u.goal), grid.y(u.goal)])).toEqual([[11, 0], [11, 0]]);
    expect(result.streams!.timeInSystem!.max).toBeLessThan(15);
  });

  it('WHCA*: fifty units heading for one exit cost one distance table, not a search each', () => {
    // A 40 x 40 room with a wall across it (one gap at its south end): the exit is the east column.
    const rows = Array.from({ length: 40 }, (_, y) => Array.from({ length: 40 }, (_, x) => (x === 20 && y < 38 ? '@' : '.')).join(''));
    const room = Grid.fromAscii(rows);
    const west: StreamSpawner = {
      name: 'west', cells: Array.from({ length: 40 }, (_, y) => room.cell(0, y)), startTurn: 0, schedule: { kind: 'waves', waves: [{ turn: 0, count: 50 }] }, count: 50, seed: 1,
      goal: { kind: 'exit', exit: 0 }, size: 1, speed: 1, priority: 0,
    };
    const east = { name: 'east', cells: Array.from({ length: 40 }, (_, y) => room.cell(39, y)) };
    let controller: TurnController | null = null;
    const make = factory('whca');
    const result = runController({ grid: room, movement: FOUR_CONNECTED, agents: [] }, (instance, options) => (controller = make(instance, options)), { seed: 1, params: {} }, { turnLimit: 400, streams: { spawners: [{ ...west, admitShare: 1 }], exits: [east], placed: [] } });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.streams!.left).toBe(50);
    // Space-time expansions (a window of 16 a search, a few hundred searches) plus the table's cells:
    // a reverse search per unit across the room and round the wall closes hundreds of cells each.
    const spaceTime = (controller as unknown as { sta: { totalExpanded: number } }).sta.totalExpanded;
    expect(controller!.counters().expanded - spaceTime).toBeLessThanOrEqual(room.cells);
  });
});
