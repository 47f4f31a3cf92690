import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT } from '../../../core/grid/movement.ts';
import { solveAStar } from '../../../core/search/astar.ts';
import { solveJps } from '../../../core/search/jps.ts';
import { solveJpsPlus } from '../../../core/search/jpsPlus.ts';
import { jumpTableFor } from '../../../core/search/jumpTable.ts';
import { SearchContext } from '../../../core/search/searchContext.ts';
import { asciiQuery, drawPath, isGridPath } from './searchTestKit.ts';

for (const [name, solve] of [['JPS', solveJps], ['JPS+', solveJpsPlus]] as const) {
  describe(name, () => {
    it('finds the optimal path through a room with a doorway, filling in every cell', () => {
      const query = asciiQuery([
        'S.......',
        '........',
        '@@@@.@@@',
        '........',
        '......G.',
      ]);
      const result = solve(query);
      expect(result.status).toBe('found');
      expect(result.length).toBeCloseTo(solveAStar(query).length, 9);
      expect(result.length).toBeCloseTo(6 + 2 * Math.SQRT2, 9);
      expect(isGridPath(query, result.path)).toBe(true);
      // Through the doorway straight down: entering it diagonally would clip the wall.
      const { grid } = query;
      expect(result.path).toEqual(expect.arrayContaining([grid.cell(4, 1), grid.cell(4, 2), grid.cell(4, 3)]));
      expect(result.path).toHaveLength(9);
      expect(drawPath(query, result)[2]).toBe('@@@@*@@@');
      // Jump points, not cells: far fewer expansions than A*.
      expect(result.expanded).toBeLessThan(solveAStar(query).expanded);
    });

    it('goes round a wall end (forced neighbour) without cutting its corner', () => {
      const query = asciiQuery([
        '......',
        '.@@@@.',
        'S...@G',
        '....@.',
      ]);
      const result = solve(query);
      expect(result.length).toBeCloseTo(solveAStar(query).length, 9);
      expect(isGridPath(query, result.path)).toBe(true);
    });

    it('reports an unreachable goal as data', () => {
      expect(solve(asciiQuery(['S.@..', '..@.G']))).toMatchObject({ status: 'unreachable', path: [], length: Infinity });
    });

    it('reaches a goal on the start row, column and diagonal', () => {
      for (const rows of [['S...G'], ['S', '.', 'G'], ['S..', '...', '..G'], ['G..', '...', '..S']]) {
        const query = asciiQuery(rows);
        expect(solve(query).length).toBeCloseTo(solveAStar(query).length, 12);
      }
    });

    it('refuses movement rules and weights it cannot handle', () => {
      const query = asciiQuery(['S.G']);
      expect(() => solve({ ...query, movement: OCTILE_CUT })).toThrow(`${name} needs 8-connected movement without corner cutting, got 8-connected 'cut'`);
      expect(() => solve({ ...query, movement: FOUR_CONNECTED })).toThrow('got 4-connected');
      query.grid.setWeight(1, 2);
      expect(() => solve(query)).toThrow(`${name} needs a uniform-cost grid`);
      expect(() => solve({ ...asciiQuery(['S@G']), goal: 1 })).toThrow('goal (1, 0) is on a wall');
    });
  });
}

describe('JPS+ jump table', () => {
  it('stores jump distances (> 0) and wall distances (<= 0) per direction', () => {
    // Row 1 moving east: (3, 1) has a forced neighbour because (2, 0) is a wall and (3, 0) free.
    const grid = Grid.fromAscii([
      '..@...',
      '......',
    ]);
    const table = jumpTableFor(grid, null);
    const east = 1;
    expect(table.distance[grid.cell(0, 1) * 8 + east]).toBe(3);
    expect(table.distance[grid.cell(3, 1) * 8 + east]).toBe(-2); // two free cells, then the edge
    expect(table.distance[grid.cell(5, 1) * 8 + east]).toBe(0);
    const west = 3;
    expect(table.distance[grid.cell(5, 0) * 8 + west]).toBe(-2);
  });

  it('is rebuilt when the grid changes and reused otherwise', () => {
    const context = new SearchContext();
    const query = asciiQuery(['S.....', '......', '.....G']);
    expect(solveJpsPlus(query, { context }).length).toBeCloseTo(3 + 2 * Math.SQRT2, 12);
    const table = context.jumpTable;
    solveJpsPlus(query, { context });
    expect(context.jumpTable).toBe(table);
    for (let y = 0; y < 2; y++) query.grid.setPassable(query.grid.cell(3, y), false);
    const after = solveJpsPlus(query, { context });
    expect(context.jumpTable).not.toBe(table);
    expect(after.length).toBeCloseTo(solveAStar(query).length, 12);
    expect(after.path).not.toContain(query.grid.cell(3, 1));
    query.grid.resize(7, 3);
    expect(solveJpsPlus({ ...query, goal: query.grid.cell(6, 0) }, { context }).length).toBeCloseTo(solveAStar({ ...query, goal: query.grid.cell(6, 0) }).length, 12);
  });
});
