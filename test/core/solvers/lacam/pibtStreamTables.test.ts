/**
 * PIBT in a stream is built again whenever units come or go; its units heading for an exit read
 * the exit's distance table. The controller holds each exit's table and a Pibt keeps its units'
 * tables between steps, so the run asks the distance cache once per exit, not once per unit per
 * turn (each ask is a Map lookup and an LRU touch: 1,000 to 2,000 units a turn on Berlin_1_256).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import type { Streams } from '../../../../core/mapf/streams.ts';
import { CONTROLLERS } from '../../../../core/registry/registry.ts';
import { GoalDistances } from '../../../../core/search/goalDistances.ts';
import { runController } from '../../../../core/simulation/simulator.ts';

// A 12 x 6 room: a unit a turn from the west column to an exit on the east column, and back.
const grid = Grid.fromAscii(Array.from({ length: 6 }, () => '.'.repeat(12)));
const column = (x: number) => Array.from({ length: 6 }, (_, y) => grid.cell(x, y));
const side = (name: string, x: number, exit: number) => ({
  name, cells: column(x), startTurn: 0, schedule: { kind: 'every' as const, every: 1 }, count: 60, seed: 1, goal: { kind: 'exit' as const, exit }, size: 1, speed: 1, priority: 0,
});
const streams: Streams = { spawners: [side('west', 0, 0), side('east', 11, 1)], exits: [{ name: 'east', cells: column(11) }, { name: 'west', cells: column(0) }], placed: [] };

afterEach(() => vi.restoreAllMocks());

describe('PIBT in a stream', () => {
  it('asks the distance cache for each exit\'s table once, not for every unit every turn', () => {
    const asks = vi.spyOn(GoalDistances.prototype, 'table');
    const pibt = CONTROLLERS.find((c) => c.name === 'pibt')!.factory;
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, pibt, { seed: 1, params: {} }, { turnLimit: 200, streams });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.streams!.left).toBe(120);
    expect(asks.mock.calls.length).toBeLessThanOrEqual(2);
  });
});
