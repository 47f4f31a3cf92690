/** Units that cannot reach their goals are found before solving, footprints included. */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT, OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import { unreachableUnits } from '../../../core/mapf/reachability.ts';
import { buildDistanceTable, UNREACHABLE } from '../../../core/search/distanceTable.ts';
import { Random } from '../../../core/util/random.ts';

describe('unreachableUnits', () => {
  it('names the units walled off from their goals, as a search from each goal would', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = new Random(seed);
      const grid = new Grid(12, 9);
      for (let c = 0; c < grid.cells; c++) if (random.next() < 0.35) grid.passable[c] = 0;
      const free = Array.from({ length: grid.cells }, (_, c) => c).filter((c) => grid.passable[c] === 1);
      const agents = Array.from({ length: 8 }, () => ({ start: free[random.int(free.length)], goal: free[random.int(free.length)] }));
      for (const movement of [FOUR_CONNECTED, OCTILE_NO_CUT, OCTILE_CUT]) {
        const expected = agents.flatMap((a, i) => (buildDistanceTable(grid, movement, a.goal).distance[a.start] === UNREACHABLE ? [i] : []));
        expect(unreachableUnits(grid, movement, agents), `seed ${seed} ${movement.connectivity}${movement.corners}`).toEqual(expected);
      }
    }
  });

  it('a 2x2 unit cannot pass a one-cell gap that a small unit can', () => {
    const grid = Grid.fromAscii(['....@....', '....@....', '.........', '....@....']);
    const agents = [{ start: grid.cell(0, 0), goal: grid.cell(7, 0) }, { start: grid.cell(0, 0), goal: grid.cell(7, 0), size: 2 }];
    expect(unreachableUnits(grid, FOUR_CONNECTED, agents)).toEqual([1]);
  });
});
