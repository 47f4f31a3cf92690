/**
 * Property tests on seeded random maps: every optimal search agrees with an independent oracle
 * (the distance table, a backwards Dijkstra/BFS), weighted A* stays within its bound, and
 * Theta* is never longer than A*.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, type Movement, OCTILE_CUT, OCTILE_NO_CUT, moveCost } from '../../../core/grid/movement.ts';
import { solveAStar } from '../../../core/search/astar.ts';
import { solveDijkstra } from '../../../core/search/dijkstra.ts';
import { buildDistanceTable, UNREACHABLE } from '../../../core/search/distanceTable.ts';
import { solveJps } from '../../../core/search/jps.ts';
import { solveJpsPlus } from '../../../core/search/jpsPlus.ts';
import { solveLazyThetaStar } from '../../../core/search/lazyThetaStar.ts';
import { hasLineOfSight } from '../../../core/search/lineOfSight.ts';
import type { PathQuery } from '../../../core/search/pathQuery.ts';
import { SearchContext } from '../../../core/search/searchContext.ts';
import { smoothPath } from '../../../core/search/smoothing.ts';
import { solveThetaStar } from '../../../core/search/thetaStar.ts';
import { solveWeightedAStar } from '../../../core/search/weightedAStar.ts';
import { Random } from '../../../core/util/random.ts';
import { isGridPath } from './searchTestKit.ts';

function randomGrid(random: Random, density: number): Grid {
  const grid = new Grid(6 + random.int(30), 6 + random.int(30));
  for (let cell = 0; cell < grid.cells; cell++) if (random.next() < density) grid.passable[cell] = 0;
  return grid;
}

function randomFreeCell(random: Random, grid: Grid): number {
  for (;;) {
    const cell = random.int(grid.cells);
    if (grid.isFree(cell)) return cell;
  }
}

/** Random queries on random maps, `perMap` per map, all sharing one context. */
function* queries(seed: number, maps: number, perMap: number, movement: Movement, weighted = false): Generator<PathQuery> {
  const random = new Random(seed);
  for (let m = 0; m < maps; m++) {
    const grid = randomGrid(random, 0.1 + random.next() * 0.3);
    if (weighted) for (let cell = 0; cell < grid.cells; cell++) if (random.next() < 0.3) grid.setWeight(cell, 1 + random.int(4));
    for (let q = 0; q < perMap; q++) yield { grid, movement, start: randomFreeCell(random, grid), goal: randomFreeCell(random, grid) };
  }
}

function pathCost(query: PathQuery, path: readonly number[]): number {
  let cost = 0;
  for (let i = 1; i < path.length; i++) cost += moveCost(query.grid, query.movement, path[i - 1], path[i]);
  return cost;
}

describe('search properties on random maps', () => {
  it('A*, JPS, JPS+ and Dijkstra agree with the distance table (8-connected, no corner cutting)', () => {
    const context = new SearchContext();
    let found = 0;
    let unreachable = 0;
    for (const query of queries(1, 40, 12, OCTILE_NO_CUT)) {
      const truth = buildDistanceTable(query.grid, query.movement, query.goal).distance[query.start];
      for (const solve of [solveAStar, solveJps, solveJpsPlus, solveDijkstra]) {
        const result = solve(query, { context });
        if (truth === UNREACHABLE) {
          expect(result.status, solve.name).toBe('unreachable');
          continue;
        }
        expect(result.status, solve.name).toBe('found');
        expect(Math.abs(result.length - truth), `${solve.name} on ${query.grid.width}x${query.grid.height}`).toBeLessThan(1e-6);
        expect(isGridPath(query, result.path), solve.name).toBe(true);
        expect(result.path[0]).toBe(query.start);
        expect(result.path[result.path.length - 1]).toBe(query.goal);
      }
      if (truth === UNREACHABLE) unreachable++;
      else found++;
    }
    // The random maps must exercise both outcomes.
    expect(found).toBeGreaterThan(200);
    expect(unreachable).toBeGreaterThan(5);
  });

  it('A* and Dijkstra are optimal 4-connected, with corner cutting and on weighted grids', () => {
    const context = new SearchContext();
    for (const [seed, movement, weighted] of [[2, FOUR_CONNECTED, false], [3, OCTILE_CUT, false], [4, OCTILE_NO_CUT, true], [5, FOUR_CONNECTED, true]] as const) {
      for (const query of queries(seed, 15, 10, movement, weighted)) {
        const truth = buildDistanceTable(query.grid, query.movement, query.goal).distance[query.start];
        for (const solve of [solveAStar, solveDijkstra]) {
          const result = solve(query, { context });
          if (truth === UNREACHABLE) {
            expect(result.status).toBe('unreachable');
            continue;
          }
          expect(Math.abs(result.cost - truth)).toBeLessThan(1e-6);
          expect(isGridPath(query, result.path)).toBe(true);
          expect(Math.abs(pathCost(query, result.path) - result.cost)).toBeLessThan(1e-6);
        }
      }
    }
  });

  it('weighted A* stays within weight x optimal', () => {
    const context = new SearchContext();
    let suboptimal = 0;
    for (const weight of [1.2, 2, 5]) {
      for (const query of queries(6, 15, 10, OCTILE_NO_CUT, weight === 2)) {
        const optimal = solveAStar(query, { context });
        const result = solveWeightedAStar(query, { context, weight });
        expect(result.status).toBe(optimal.status);
        if (optimal.status === 'unreachable') continue;
        expect(result.cost).toBeLessThanOrEqual(weight * optimal.cost + 1e-6);
        expect(isGridPath(query, result.path)).toBe(true);
        if (result.cost > optimal.cost + 1e-6) suboptimal++;
      }
    }
    expect(suboptimal).toBeGreaterThan(0); // the weight does change something
  });

  it('Theta* is never longer than A*; Theta*, Lazy Theta* and smoothed paths keep line of sight', () => {
    const context = new SearchContext();
    let shorter = 0;
    for (const movement of [OCTILE_NO_CUT, OCTILE_CUT, FOUR_CONNECTED]) {
      for (const query of queries(7, 15, 10, movement)) {
        const grid = solveAStar(query, { context });
        const theta = solveThetaStar(query, { context });
        const lazy = solveLazyThetaStar(query, { context });
        expect(theta.status).toBe(grid.status);
        expect(lazy.status).toBe(grid.status);
        if (grid.status === 'unreachable') continue;
        expect(theta.length).toBeLessThanOrEqual(grid.length + 1e-9);
        if (theta.length < grid.length - 1e-9) shorter++;
        const smoothed = smoothPath(query.grid, query.movement, grid.path);
        expect(smoothed.length).toBeLessThanOrEqual(grid.length + 1e-9);
        for (const path of [theta.path, lazy.path, smoothed.path]) {
          expect(path[0]).toBe(query.start);
          expect(path[path.length - 1]).toBe(query.goal);
          for (let i = 1; i < path.length; i++) expect(hasLineOfSight(query.grid, query.movement, path[i - 1], path[i])).toBe(true);
        }
      }
    }
    expect(shorter).toBeGreaterThan(50);
  });
});
