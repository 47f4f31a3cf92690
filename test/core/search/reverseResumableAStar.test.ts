import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT, OCTILE_NO_CUT, type Movement, DX, DY, stepCell } from '../../../core/grid/movement.ts';
import { ReverseResumableAStar, RRA_UNREACHABLE } from '../../../core/search/reverseResumableAStar.ts';
import { buildDistanceTable } from '../../../core/search/distanceTable.ts';
import { computeClearance } from '../../../core/grid/footprint.ts';
import { Random } from '../../../core/util/random.ts';

/** Unit-cost breadth-first distances to `goal` (every move one turn, diagonal or not). */
function bfsTurns(grid: Grid, movement: Movement, goal: number, size = 1, clearance?: Uint16Array): Float64Array {
  const dist = new Float64Array(grid.cells).fill(Infinity);
  const stand = (c: number) => (size === 1 ? grid.passable[c] === 1 : clearance![c] >= size);
  if (!stand(goal)) return dist;
  const queue = [goal];
  dist[goal] = 0;
  const dirs = movement.connectivity === 8 ? 8 : 4;
  for (let head = 0; head < queue.length; head++) {
    const c = queue[head];
    const x = grid.x(c);
    const y = grid.y(c);
    for (let d = 0; d < dirs; d++) {
      const nx = x + DX[d];
      const ny = y + DY[d];
      if (!grid.inBounds(nx, ny)) continue;
      const n = grid.cell(nx, ny);
      if (!stand(n)) continue;
      if (d >= 4 && movement.corners === 'no-cut' && (!stand(grid.cell(nx, y)) || !stand(grid.cell(x, ny)))) continue;
      if (dist[n] === Infinity) {
        dist[n] = dist[c] + 1;
        queue.push(n);
      }
    }
  }
  return dist;
}

function randomGrid(random: Random, width: number, height: number, density: number): Grid {
  const grid = new Grid(width, height);
  for (let c = 0; c < grid.cells; c++) if (random.next() < density) grid.passable[c] = 0;
  return grid;
}

function randomFreeCell(random: Random, grid: Grid): number {
  for (;;) {
    const c = random.int(grid.cells);
    if (grid.passable[c] === 1) return c;
  }
}

describe('Reverse Resumable A*', () => {
  it('gives the exact turn distance of every cell, on random maps and movement rules', () => {
    const random = new Random(42);
    for (let trial = 0; trial < 30; trial++) {
      const movement = [FOUR_CONNECTED, OCTILE_NO_CUT, OCTILE_CUT][trial % 3];
      const grid = randomGrid(random, 8 + random.int(20), 8 + random.int(20), 0.25);
      const goal = randomFreeCell(random, grid);
      const origin = randomFreeCell(random, grid);
      const truth = bfsTurns(grid, movement, goal);
      const rra = new ReverseResumableAStar(grid, movement);
      rra.reset(origin, goal);
      // Query in a random order, so resumptions start from every kind of partial state.
      const order = random.shuffle(Array.from({ length: grid.cells }, (_, i) => i));
      for (const cell of order) expect(rra.distance(cell), `cell ${cell} trial ${trial}`).toBe(truth[cell]);
    }
  });

  it('agrees with the core distance table on 4-connected maps', () => {
    const random = new Random(7);
    for (let trial = 0; trial < 10; trial++) {
      const grid = randomGrid(random, 32, 32, 0.2);
      const goal = randomFreeCell(random, grid);
      const table = buildDistanceTable(grid, FOUR_CONNECTED, goal);
      const rra = new ReverseResumableAStar(grid, FOUR_CONNECTED);
      rra.reset(randomFreeCell(random, grid), goal);
      for (let c = 0; c < grid.cells; c++) expect(rra.distance(c)).toBe(table.distance[c]);
    }
  });

  it('handles large units through the clearance map', () => {
    const random = new Random(3);
    for (let trial = 0; trial < 10; trial++) {
      const grid = randomGrid(random, 20, 20, 0.1);
      const clearance = computeClearance(grid);
      const movement = trial % 2 === 0 ? FOUR_CONNECTED : OCTILE_NO_CUT;
      let goal = randomFreeCell(random, grid);
      while (clearance[goal] < 2) goal = randomFreeCell(random, grid);
      const truth = bfsTurns(grid, movement, goal, 2, clearance);
      const rra = new ReverseResumableAStar(grid, movement, { size: 2, clearance });
      rra.reset(goal, goal);
      for (let c = 0; c < grid.cells; c++) expect(rra.distance(c)).toBe(truth[c]);
    }
  });

  it('expands only around the shortest path when asked about nearby cells', () => {
    const random = new Random(11);
    const grid = randomGrid(random, 64, 64, 0.2);
    grid.passable.fill(1, 0, 64); // a clear top row
    const goal = grid.cell(0, 0);
    const origin = grid.cell(20, 0);
    const rra = new ReverseResumableAStar(grid, FOUR_CONNECTED);
    rra.reset(origin, goal);
    expect(rra.distance(origin)).toBe(20);
    expect(rra.distance(grid.cell(19, 0))).toBe(19);
    const initial = rra.expanded;
    expect(initial).toBeLessThan(60); // a full table expands ~3,300 cells
    // A cell one step off the path needs only a little more search.
    const off = grid.passable[grid.cell(10, 1)] === 1 ? grid.cell(10, 1) : grid.cell(10, 0);
    rra.distance(off);
    expect(rra.expanded).toBeLessThan(200);
    expect(rra.isClosed(origin)).toBe(true);
  });

  it('reports unreachable cells and goals on walls', () => {
    const grid = Grid.fromAscii(['..@..', '..@..']);
    const rra = new ReverseResumableAStar(grid, OCTILE_CUT);
    rra.reset(grid.cell(0, 0), grid.cell(4, 0));
    expect(rra.distance(grid.cell(0, 0))).toBe(RRA_UNREACHABLE);
    expect(rra.distance(grid.cell(3, 1))).toBe(1);
    expect(rra.distance(grid.cell(2, 0))).toBe(RRA_UNREACHABLE);
    rra.reset(grid.cell(0, 0), grid.cell(2, 0));
    expect(rra.distance(grid.cell(1, 0))).toBe(RRA_UNREACHABLE);
    expect(stepCell(grid, OCTILE_CUT, 0, 1)).toBe(1);
  });

  it('stays exact when re-aimed (retarget, aim) part-way, on random maps and movement rules', () => {
    const random = new Random(5);
    for (let trial = 0; trial < 30; trial++) {
      const movement = [FOUR_CONNECTED, OCTILE_NO_CUT, OCTILE_CUT][trial % 3];
      const grid = randomGrid(random, 8 + random.int(20), 8 + random.int(20), 0.25);
      const goal = randomFreeCell(random, grid);
      const truth = bfsTurns(grid, movement, goal);
      const rra = new ReverseResumableAStar(grid, movement);
      rra.reset(randomFreeCell(random, grid), goal);
      const order = random.shuffle(Array.from({ length: grid.cells }, (_, i) => i));
      // Re-aim every few queries, at a random cell, either way: every answer stays the true distance.
      order.forEach((cell, k) => {
        if (k % 7 === 3) rra.retarget(randomFreeCell(random, grid), random.next() < 0.5);
        else if (k % 7 === 5) rra.aim(randomFreeCell(random, grid));
        expect(rra.distance(cell), `cell ${cell} trial ${trial}`).toBe(truth[cell]);
      });
    }
  });

  it('keeps its closed nodes when re-aimed at a cell on the way: no search again from the goal', () => {
    const grid = new Grid(48, 48);
    const goal = grid.cell(0, 0);
    const origin = grid.cell(40, 40);
    const rra = new ReverseResumableAStar(grid, FOUR_CONNECTED);
    rra.reset(origin, goal);
    // A cell the first search closed, as a unit walking the route stands on one.
    const mid = [grid.cell(20, 20), grid.cell(40, 0), grid.cell(0, 40), grid.cell(20, 0), grid.cell(0, 20)].find((c) => rra.isClosed(c))!;
    expect(mid).toBeDefined();
    rra.retarget(mid);
    expect(rra.expanded).toBe(0);
    expect(rra.origin).toBe(mid);
    expect(rra.distance(mid)).toBe(grid.x(mid) + grid.y(mid));
    expect(rra.expanded).toBe(0);
    const fresh = new ReverseResumableAStar(grid, FOUR_CONNECTED);
    fresh.reset(mid, goal);
    expect(fresh.expanded).toBeGreaterThan(0);
  });

  it('resumes toward the cell it was aimed at: less work for a query near it', () => {
    // Open ground: every cell between the goal and the origin ties on f, so a resumption aimed at
    // the far origin closes much of that rectangle before a cell off the route near `near`.
    const grid = new Grid(64, 64);
    const goal = grid.cell(0, 0);
    const origin = grid.cell(63, 63);
    const work = (aimed: boolean): number => {
      const rra = new ReverseResumableAStar(grid, FOUR_CONNECTED);
      rra.reset(origin, goal);
      let near = -1;
      for (let c = 0; c < grid.cells && near < 0; c++) if (rra.isClosed(c) && rra.distance(c) === 60) near = c;
      if (aimed) rra.aim(near);
      const before = rra.totalExpanded;
      // Two cells off the route around `near`: a detour there, as a blocked unit asks about.
      let asked = 0;
      for (const [dx, dy] of [[-2, 2], [2, -2], [-3, 3], [3, -3]]) {
        const x = grid.x(near) + dx;
        const y = grid.y(near) + dy;
        if (!grid.inBounds(x, y) || rra.isClosed(grid.cell(x, y))) continue;
        expect(rra.distance(grid.cell(x, y))).toBe(x + y);
        asked++;
      }
      expect(asked).toBeGreaterThan(0);
      return rra.totalExpanded - before;
    };
    expect(work(true)).toBeLessThan(work(false) / 2);
  });

  it('rejects a large unit without a clearance map', () => {
    expect(() => new ReverseResumableAStar(new Grid(4, 4), FOUR_CONNECTED, { size: 2 })).toThrow(/size 2 needs a clearance map/);
  });
});
