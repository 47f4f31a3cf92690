/**
 * D* Lite (Koenig and Likhachev 2002) against a breadth-first search from scratch: after every
 * change of cells and every move of the unit, its distance is the true one and its path is a
 * shortest one, on random 4- and 8-connected maps; and it reuses its search (fewer expansions
 * than searching again when a cell near the unit changes).
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, type Movement, OCTILE_CUT, OCTILE_NO_CUT, directionCount, stepCell } from '../../../core/grid/movement.ts';
import { DStarLite } from '../../../core/search/dStarLite.ts';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Moves from `from` to `to` on `grid` now (Infinity: no way). */
function bfs(grid: Grid, movement: Movement, from: number, to: number): number {
  if (grid.passable[from] === 0 || grid.passable[to] === 0) return from === to ? 0 : Infinity;
  const dist = new Map([[from, 0]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const cell = queue[head];
    if (cell === to) return dist.get(cell)!;
    for (let d = 0; d < directionCount(movement); d++) {
      const n = stepCell(grid, movement, cell, d);
      if (n >= 0 && !dist.has(n)) {
        dist.set(n, dist.get(cell)! + 1);
        queue.push(n);
      }
    }
  }
  return Infinity;
}

describe('D* Lite', () => {
  for (const [name, movement] of [['4-connected', FOUR_CONNECTED], ['8-connected', OCTILE_NO_CUT], ['8-connected, corners cut', OCTILE_CUT]] as const) {
    it(`keeps the true distance and a shortest path through changes and moves (${name})`, () => {
      const next = random(name.length * 31);
      for (let trial = 0; trial < 25; trial++) {
        const width = 4 + Math.floor(next() * 10);
        const height = 4 + Math.floor(next() * 10);
        const grid = new Grid(width, height, new Uint8Array(width * height).map(() => (next() < 0.25 ? 0 : 1)));
        const open = [...grid.passable.keys()].filter((c) => grid.passable[c] === 1);
        if (open.length < 2) continue;
        let start = open[0];
        const goal = open[open.length - 1];
        const search = new DStarLite(grid, movement, start, goal);
        for (let step = 0; step < 30; step++) {
          search.computeShortestPath();
          const truth = bfs(grid, movement, start, goal);
          expect(search.distance, `trial ${trial} step ${step}`).toBe(truth);
          const path = search.path();
          if (truth === Infinity) expect(path).toBeNull();
          else {
            expect(path!.length - 1).toBe(truth);
            for (let k = 1; k < path!.length; k++) expect(bfs(grid, movement, path![k - 1], path![k])).toBe(1);
          }
          // Move one step along the path, then toggle a few cells (not the unit's, not the goal).
          if (path !== null && path.length > 1) {
            start = path[1];
            search.moveTo(start);
          }
          const changed: number[] = [];
          for (let k = 0; k < 3; k++) {
            const cell = Math.floor(next() * grid.cells);
            if (cell === start || cell === goal) continue;
            grid.setPassable(cell, grid.passable[cell] === 0);
            changed.push(cell);
          }
          search.cellsChanged(changed);
        }
      }
    });
  }

  it('reuses its search: a cell closing next to the unit costs far fewer expansions than the first search', () => {
    const grid = new Grid(60, 60);
    const search = new DStarLite(grid, FOUR_CONNECTED, grid.cell(0, 0), grid.cell(59, 59));
    search.computeShortestPath();
    const first = search.expanded;
    const path = search.path()!;
    search.moveTo(path[1]);
    grid.setPassable(path[2], false);
    search.cellsChanged([path[2]]);
    search.computeShortestPath();
    expect(search.distance).toBe(bfs(grid, FOUR_CONNECTED, path[1], grid.cell(59, 59)));
    expect(search.expanded - first).toBeLessThan(first / 10);
  });
});
