import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT, OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import { solveAStar } from '../../../core/search/astar.ts';
import { solveDijkstra } from '../../../core/search/dijkstra.ts';
import { SearchContext } from '../../../core/search/searchContext.ts';
import { solveWeightedAStar } from '../../../core/search/weightedAStar.ts';
import { asciiQuery, drawPath, isGridPath } from './searchTestKit.ts';

describe('A*', () => {
  it('goes round a wall on an 8-connected map without cutting corners', () => {
    const query = asciiQuery([
      'S.@...',
      '..@.@.',
      '..@.@.',
      '....@G',
    ]);
    const result = solveAStar(query);
    expect(result.status).toBe('found');
    expect(result.length).toBeCloseTo(12 + Math.SQRT2, 9);
    expect(result.cost).toBeCloseTo(result.length, 9);
    expect(result.path[0]).toBe(query.start);
    expect(result.path[result.path.length - 1]).toBe(query.goal);
    expect(isGridPath(query, result.path)).toBe(true);
    // Under the first wall, over the second: no diagonal may clip a wall's corner.
    expect(drawPath(query, result)[0]).toBe('*.@***');
    expect(result.expanded).toBeGreaterThan(0);
  });

  it('cuts the corner only when the movement allows it', () => {
    const rows = ['S@', '@G'];
    expect(solveAStar(asciiQuery(rows, OCTILE_NO_CUT)).status).toBe('unreachable');
    const cut = solveAStar(asciiQuery(rows, OCTILE_CUT));
    expect(cut.status).toBe('found');
    expect(cut.length).toBeCloseTo(Math.SQRT2, 12);
  });

  it('finds the exact 4-connected path (bucket queue) with Manhattan length', () => {
    const query = asciiQuery([
      'S..@....',
      '.@.@.@@.',
      '.@...@G.',
    ], FOUR_CONNECTED);
    const result = solveAStar(query);
    expect(result.length).toBe(14);
    expect(result.cost).toBe(14);
    expect(drawPath(query, result)).toEqual([
      '***@****',
      '.@*@*@@*',
      '.@***@**',
    ]);
  });

  it('pays cell weights and detours round an expensive cell', () => {
    const query = asciiQuery(['S.G', '...'], FOUR_CONNECTED);
    query.grid.setWeight(1, 5);
    const result = solveAStar(query);
    expect(result.cost).toBe(4);
    expect(result.length).toBe(4);
    expect(result.path).not.toContain(1);
    const diag = solveAStar({ ...query, movement: OCTILE_NO_CUT });
    expect(diag.cost).toBeCloseTo(2 * Math.SQRT2, 12);
  });

  it('reports an unreachable goal as data', () => {
    const result = solveAStar(asciiQuery(['S.@..', '..@.G']));
    expect(result).toMatchObject({ status: 'unreachable', path: [], cost: Infinity, length: Infinity });
    expect(result.expanded).toBe(4);
    expect(solveAStar(asciiQuery(['S@G'], FOUR_CONNECTED)).status).toBe('unreachable');
  });

  it('returns the start alone when start is the goal', () => {
    const query = asciiQuery(['S..']);
    expect(solveAStar({ ...query, goal: query.start })).toMatchObject({ status: 'found', path: [query.start], cost: 0 });
  });

  it('throws naming the cell for starts and goals off the map or on walls', () => {
    const query = asciiQuery(['S.@', '..G']);
    expect(() => solveAStar({ ...query, start: 6 })).toThrow('start cell 6 is outside the 3x2 map');
    expect(() => solveAStar({ ...query, start: -1 })).toThrow('start cell -1 is outside the 3x2 map');
    expect(() => solveAStar({ ...query, goal: 2 })).toThrow('goal (2, 0) is on a wall');
    expect(() => solveAStar({ ...query, goal: 1.5 })).toThrow('goal cell 1.5 is outside');
  });

  it('reuses one context across queries, map edits and resizes', () => {
    const context = new SearchContext();
    const query = asciiQuery(['S....', '.....', '....G']);
    const first = solveAStar(query, { context });
    expect(first.length).toBeCloseTo(2 + 2 * Math.SQRT2, 12);
    const g = context.g;
    expect(solveAStar(query, { context }).path).toEqual(first.path);
    expect(context.g).toBe(g); // no reallocation for the same grid
    query.grid.setPassable(query.grid.cell(1, 1), false);
    query.grid.setPassable(query.grid.cell(2, 2), false);
    const edited = solveAStar(query, { context });
    expect(context.moveMasks!.version).toBe(query.grid.version); // the cached legal steps were rebuilt
    expect(edited.path).not.toContain(query.grid.cell(1, 1));
    expect(isGridPath(query, edited.path)).toBe(true);
    query.grid.resize(8, 4);
    const resized = solveAStar({ ...query, goal: query.grid.cell(7, 3), start: query.grid.cell(0, 0) }, { context });
    expect(context.g.length).toBe(32);
    expect(resized.status).toBe('found');
    expect(resized.length).toBeCloseTo(4 + 3 * Math.SQRT2, 12);
  });
});

describe('Dijkstra and weighted A*', () => {
  it('Dijkstra agrees with A* and expands at least as much', () => {
    for (const movement of [FOUR_CONNECTED, OCTILE_NO_CUT, OCTILE_CUT]) {
      const query = asciiQuery(['S..@.....', '.@.@.@@@.', '.@...@..G', '.@@@.@.@.'], movement);
      const a = solveAStar(query);
      const d = solveDijkstra(query);
      expect(d.length).toBeCloseTo(a.length, 9);
      expect(d.expanded).toBeGreaterThanOrEqual(a.expanded);
    }
  });

  it('weighted A* stays within its bound and rejects bad weights', () => {
    const query = asciiQuery(['S.........', '.@@@@@@@@.', '.@......@.', '.@.@@@@.@.', '...@G.....']);
    const optimal = solveAStar(query).cost;
    for (const weight of [1, 1.5, 3]) {
      const result = solveWeightedAStar(query, { weight });
      expect(result.status).toBe('found');
      expect(result.cost).toBeLessThanOrEqual(weight * optimal + 1e-9);
    }
    expect(() => solveWeightedAStar(query, { weight: 0.5 })).toThrow('weighted A* weight must be a finite number >= 1, got 0.5');
    expect(() => solveWeightedAStar(query, { weight: NaN })).toThrow('got NaN');
  });

  it('handles a large open map', () => {
    const grid = new Grid(300, 300);
    const result = solveAStar({ grid, movement: OCTILE_NO_CUT, start: 0, goal: grid.cells - 1 });
    expect(result.length).toBeCloseTo(299 * Math.SQRT2, 6);
    // Tie-breaking towards larger g walks straight down the diagonal.
    expect(result.expanded).toBeLessThan(400);
  });
});
