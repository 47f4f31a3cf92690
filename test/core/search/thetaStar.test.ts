import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT, OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import { solveAStar } from '../../../core/search/astar.ts';
import { solveLazyThetaStar } from '../../../core/search/lazyThetaStar.ts';
import { hasLineOfSight } from '../../../core/search/lineOfSight.ts';
import { euclideanLength } from '../../../core/search/pathQuery.ts';
import { smoothPath } from '../../../core/search/smoothing.ts';
import { solveThetaStar } from '../../../core/search/thetaStar.ts';
import { asciiQuery, drawPath } from './searchTestKit.ts';

describe('line of sight between cell centres', () => {
  const grid = Grid.fromAscii([
    '......',
    '..@...',
    '......',
    '.@....',
  ]);
  const see = (ax: number, ay: number, bx: number, by: number, movement = OCTILE_NO_CUT) => hasLineOfSight(grid, movement, grid.cell(ax, ay), grid.cell(bx, by));

  it('is blocked by walls the segment crosses and symmetric', () => {
    expect(see(0, 1, 5, 1)).toBe(false);
    expect(see(5, 1, 0, 1)).toBe(false);
    expect(see(0, 0, 5, 0)).toBe(true);
    expect(see(0, 0, 4, 2)).toBe(false); // passes through (2, 1)
    expect(see(0, 0, 5, 3)).toBe(false); // clips (2, 1)
    expect(see(3, 0, 5, 3)).toBe(true);
    expect(see(5, 3, 3, 0)).toBe(true);
  });

  it('treats a corner touch like a diagonal step: blocked with no-cut, allowed with cut', () => {
    // (1, 2) -> (2, 3) touches the corner shared with the wall at (1, 3).
    expect(see(1, 2, 2, 3)).toBe(false);
    expect(see(1, 2, 2, 3, OCTILE_CUT)).toBe(true);
    expect(see(0, 2, 2, 3)).toBe(false); // crosses the wall (1, 3)
    expect(see(3, 2, 1, 0)).toBe(false); // exact diagonal through the wall (2, 1)
  });
});

describe('Theta* and Lazy Theta*', () => {
  for (const [name, solve] of [['Theta*', solveThetaStar], ['Lazy Theta*', solveLazyThetaStar]] as const) {
    it(`${name} returns a straight segment on an open map`, () => {
      const query = asciiQuery(['S.....', '......', '.....G']);
      const result = solve(query);
      expect(result.path).toEqual([query.start, query.goal]);
      expect(result.length).toBeCloseTo(Math.hypot(5, 2), 12);
      expect(result.length).toBeLessThan(solveAStar(query).length);
    });

    it(`${name} bends only at a wall corner and its waypoints see each other`, () => {
      const query = asciiQuery([
        'S.......',
        '.....@..',
        '.....@..',
        '.....@.G',
      ]);
      const result = solve(query);
      // The bend is the first cell past the top of the wall; G is then in sight.
      expect(drawPath(query, result)).toEqual([
        '*.....*.',
        '.....@..',
        '.....@..',
        '.....@.*',
      ]);
      expect(result.length).toBeCloseTo(6 + Math.sqrt(10), 12);
      for (let i = 1; i < result.path.length; i++) expect(hasLineOfSight(query.grid, query.movement, result.path[i - 1], result.path[i])).toBe(true);
      expect(result.length).toBeCloseTo(euclideanLength(query.grid, result.path), 12);
      expect(result.length).toBeLessThanOrEqual(solveAStar(query).length + 1e-9);
    });

    it(`${name} works 4-connected, reports unreachable goals and refuses weights`, () => {
      const four = asciiQuery(['S...', '.@..', '...G'], FOUR_CONNECTED);
      expect(solve(four).length).toBeLessThan(solveAStar(four).length);
      expect(solve(asciiQuery(['S@.', '@.G']))).toMatchObject({ status: 'unreachable', path: [] });
      const weighted = asciiQuery(['S.G']);
      weighted.grid.setWeight(1, 3);
      expect(() => solve(weighted)).toThrow(`${name} needs a uniform-cost grid`);
    });
  }
});

describe('post-smoothing', () => {
  it('removes waypoints that the previous kept waypoint can see past', () => {
    const query = asciiQuery([
      'S.......',
      '........',
      '...@....',
      '.......G',
    ]);
    const grid = solveAStar(query);
    const smoothed = smoothPath(query.grid, query.movement, grid.path);
    expect(smoothed.path[0]).toBe(query.start);
    expect(smoothed.path[smoothed.path.length - 1]).toBe(query.goal);
    expect(smoothed.path.length).toBeLessThan(grid.path.length);
    expect(smoothed.length).toBeLessThanOrEqual(grid.length);
    for (let i = 1; i < smoothed.path.length; i++) expect(hasLineOfSight(query.grid, query.movement, smoothed.path[i - 1], smoothed.path[i])).toBe(true);
    expect(smoothPath(query.grid, query.movement, [query.start])).toEqual({ path: [query.start], length: 0 });
  });
});
