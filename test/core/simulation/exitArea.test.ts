import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { StreamSpawner, Streams } from '../../../core/mapf/streams.ts';
import { CONTROLLERS } from '../../../core/registry/registry.ts';
import { DiscoveryBudget, LazyDistanceTable } from '../../../core/search/lazyDistanceTable.ts';
import { GoalDistances } from '../../../core/search/goalDistances.ts';
import { runController } from '../../../core/simulation/simulator.ts';

// A corridor one row high; the exit is its last two cells, listed far one last. The first unit is
// sent to the near exit cell (6, 0); the second, appearing a turn later, to the far one (7, 0),
// which is free, and must pass the near one on its way.
const corridor = Grid.fromAscii(['........']);
const spawner: StreamSpawner = {
  name: 'west', cells: [corridor.cell(0, 0)], startTurn: 0, schedule: { kind: 'every', every: 1 }, count: 2, seed: 1,
  goal: { kind: 'exit', exit: 0 }, size: 1, speed: 1, priority: 0,
};
const streams: Streams = { spawners: [spawner], exits: [{ name: 'east', cells: [corridor.cell(6, 0), corridor.cell(7, 0)] }], placed: [] };

describe('a unit leaves on any cell of its exit', () => {
  it.each(CONTROLLERS.map((c) => c.name).filter((n) => n !== 'rhcr'))('%s: the second unit leaves on the near exit cell it reaches first, not the far one it was sent to', (name) => {
    const spec = CONTROLLERS.find((c) => c.name === name)!;
    const result = runController({ grid: corridor, movement: FOUR_CONNECTED, agents: [] }, spec.factory, { seed: 1, params: {} }, { turnLimit: 40, streams });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    const s = result.streams!;
    expect(s.left).toBe(2);
    // Both left on the near cell (6, 0); the second was sent to the far one (7, 0).
    expect(result.units!.map((u) => u.goal)).toEqual([corridor.cell(6, 0), corridor.cell(6, 0)]);
    // PIBT, which follows the exit's distances, leaves 6 moves after appearing, not 7 (the planners
    // that reserve cells may wait behind the first unit a turn or more).
    if (name === 'pibt') expect(s.leaveTurn[1] - s.appearTurn[1]).toBe(6);
  });
});

describe("distances to an area's nearest cell", () => {
  // A room with a wall across, open at one end; the area: three cells on either side of the wall.
  const grid = Grid.fromAscii(['..........', '..........', '@@@@@@@@..', '..........', '..........']);
  const area = [grid.cell(0, 0), grid.cell(5, 1), grid.cell(2, 4)];
  it('are the least of the distances to each of its cells, from every cell', () => {
    const table = new GoalDistances(grid).areaTable(0, area);
    const singles = area.map((c) => new LazyDistanceTable(grid, c));
    for (let c = 0; c < grid.cells; c++) {
      if (!grid.isFree(c)) continue;
      expect(table.get(c), `cell (${grid.x(c)}, ${grid.y(c)})`).toBe(Math.min(...singles.map((t) => t.get(c))));
    }
  });

  it('under a spent discovery budget are lower bounds (the grid distance to its first cell is none)', () => {
    const distances = new GoalDistances(grid);
    distances.budget.left = 4;
    const table = distances.areaTable(0, area);
    const exact = new GoalDistances(grid).areaTable(0, area);
    for (let c = 0; c < grid.cells; c++) if (grid.isFree(c)) expect(table.get(c)).toBeLessThanOrEqual(exact.get(c));
    expect(new DiscoveryBudget().left).toBe(Infinity);
  });
});
