/** Lazy distance tables answer exactly what the eager BFS table does, doing only the work asked for. */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { UNREACHABLE, buildDistanceTable } from '../../../core/search/distanceTable.ts';
import { FAR, LazyDistanceTable } from '../../../core/search/lazyDistanceTable.ts';
import { distanceTableBytes } from '../../../core/search/gridShape.ts';
import { GoalDistances } from '../../../core/search/goalDistances.ts';
import { Random } from '../../../core/util/random.ts';

function randomGrid(seed: number, w: number, h: number, density: number): Grid {
  const random = new Random(seed);
  const grid = new Grid(w, h);
  for (let c = 0; c < grid.cells; c++) if (random.next() < density) grid.passable[c] = 0;
  return grid;
}

describe('LazyDistanceTable', () => {
  it.each([1, 2, 3, 4, 5])('equals the eager BFS on random map %i, in any query order', (seed) => {
    const grid = randomGrid(seed, 23, 17, 0.3);
    const random = new Random(seed + 100);
    let goal = random.int(grid.cells);
    while (grid.passable[goal] === 0) goal = random.int(grid.cells);
    const eager = buildDistanceTable(grid, FOUR_CONNECTED, goal);
    const lazy = new LazyDistanceTable(grid, goal);
    const cells = random.shuffle(Array.from({ length: grid.cells }, (_, c) => c));
    for (const c of cells) {
      const expected = eager.distance[c];
      expect(lazy.get(c), `cell ${c}`).toBe(expected === UNREACHABLE || grid.passable[c] === 0 ? FAR : expected);
    }
  });

  it.each([1, 2, 3])('settled() gives every distance + 1 (0: unreachable), after some queries or none, on random map %i', (seed) => {
    const grid = randomGrid(seed, 23, 17, 0.3);
    const random = new Random(seed + 200);
    let goal = random.int(grid.cells);
    while (grid.passable[goal] === 0) goal = random.int(grid.cells);
    const eager = buildDistanceTable(grid, FOUR_CONNECTED, goal);
    const lazy = new LazyDistanceTable(grid, goal);
    if (seed > 1) lazy.get(random.int(grid.cells)); // part of the search already done
    const settled = lazy.settled();
    for (let c = 0; c < grid.cells; c++) {
      const expected = eager.distance[c];
      expect(settled[c], `cell ${c}`).toBe(expected === UNREACHABLE || grid.passable[c] === 0 ? 0 : expected + 1);
    }
    expect(lazy.get(goal)).toBe(0);
  });

  it('tables of one GoalDistances (slices of one block) answer as the eager BFS, queries interleaved, on a map whose search fronts outgrow the first queue', () => {
    const grid = randomGrid(9, 120, 90, 0.25);
    const random = new Random(9);
    const distances = new GoalDistances(grid);
    const goals: number[] = [];
    while (goals.length < 12) {
      const g = random.int(grid.cells);
      if (grid.passable[g] === 1) goals.push(g);
    }
    const eager = goals.map((g) => buildDistanceTable(grid, FOUR_CONNECTED, g));
    for (let q = 0; q < 3000; q++) {
      const k = random.int(goals.length);
      const c = random.int(grid.cells);
      const expected = eager[k].distance[c];
      expect(distances.table(goals[k]).get(c), `goal ${goals[k]}, cell ${c}`).toBe(expected === UNREACHABLE || grid.passable[c] === 0 ? FAR : expected);
    }
    // Every search ran far past the 256 cells of its first queue (the front is kept, not the whole history).
    for (const g of goals) expect(distances.table(g).discovered).toBeGreaterThan(1000);
  });

  it.each([1, 2, 3, 4, 5, 6])('a focused table (A* towards the first cell asked) equals the eager BFS on random map %i, in any query order, and settles', (seed) => {
    const grid = randomGrid(seed, 23, 17, 0.3);
    const random = new Random(seed + 300);
    let goal = random.int(grid.cells);
    while (grid.passable[goal] === 0) goal = random.int(grid.cells);
    const eager = buildDistanceTable(grid, FOUR_CONNECTED, goal);
    const focused = new LazyDistanceTable(grid, goal, null, undefined, null, [goal], true);
    const cells = random.shuffle(Array.from({ length: grid.cells }, (_, c) => c));
    // Half the cells asked one by one (the first sets the target), then the rest from settled().
    for (const c of cells.slice(0, cells.length >> 1)) {
      const expected = eager.distance[c];
      expect(focused.get(c), `cell ${c}`).toBe(expected === UNREACHABLE || grid.passable[c] === 0 ? FAR : expected);
    }
    const settled = focused.settled();
    for (let c = 0; c < grid.cells; c++) {
      const expected = eager.distance[c];
      expect(settled[c], `cell ${c}`).toBe(expected === UNREACHABLE || grid.passable[c] === 0 ? 0 : expected + 1);
    }
  });

  it('focused GoalDistances tables answer as the eager BFS with queries interleaved, a wall goal too', () => {
    const grid = randomGrid(11, 120, 90, 0.25);
    const random = new Random(11);
    const distances = new GoalDistances(grid, undefined, null, true);
    const goals: number[] = [];
    while (goals.length < 12) goals.push(random.int(grid.cells));
    const eager = goals.map((g) => buildDistanceTable(grid, FOUR_CONNECTED, g));
    for (let q = 0; q < 3000; q++) {
      const k = random.int(goals.length);
      const c = random.int(grid.cells);
      const expected = eager[k].distance[c];
      const unreachable = expected === UNREACHABLE || grid.passable[c] === 0 || grid.passable[goals[k]] === 0;
      expect(distances.table(goals[k]).get(c), `goal ${goals[k]}, cell ${c}`).toBe(unreachable ? FAR : expected);
    }
  });

  it('a focused table closes far fewer cells than breadth first to reach a far cell, with the same answer', () => {
    const grid = randomGrid(4, 200, 200, 0.15);
    const goal = grid.cell(20, 30);
    const start = grid.cell(170, 160);
    grid.passable[goal] = 1;
    grid.passable[start] = 1;
    const bfs = new LazyDistanceTable(grid, goal);
    const focused = new LazyDistanceTable(grid, goal, null, undefined, null, [goal], true);
    expect(focused.get(start)).toBe(bfs.get(start));
    expect(focused.discovered * 4).toBeLessThan(bfs.discovered);
  });

  it('discovers only as far as the queries need', () => {
    const grid = new Grid(200, 200);
    const lazy = new LazyDistanceTable(grid, grid.cell(100, 100));
    expect(lazy.get(grid.cell(101, 100))).toBe(1);
    expect(lazy.discovered).toBeLessThan(20);
    expect(lazy.get(grid.cell(100, 150))).toBe(50);
    expect(lazy.discovered).toBeLessThan(2 * 51 * 51 + 4 * 51);
  });

  it('GoalDistances drops its tables when the grid changes and stays within its budget', () => {
    const grid = new Grid(10, 10);
    const budget = 3 * distanceTableBytes(grid);
    const distances = new GoalDistances(grid, budget);
    const first = distances.table(5);
    expect(distances.table(5)).toBe(first);
    for (let g = 10; g < 20; g++) distances.table(g);
    expect(distances.size).toBeLessThanOrEqual(3);
    grid.passable[grid.cell(5, 1)] = 0;
    grid.version++;
    const after = distances.table(5);
    expect(after).not.toBe(first);
    expect(after.get(grid.cell(5, 2))).toBe(4); // around the new wall
  });
});

describe('DiscoveryBudget', () => {
  it.each([1, 2, 3])('past the shared budget a query gets a lower bound, and the exact distance once later turns let the search finish (random map %i)', (seed) => {
    const grid = randomGrid(seed, 40, 30, 0.25);
    const random = new Random(seed + 7);
    let goal = random.int(grid.cells);
    while (grid.passable[goal] === 0) goal = random.int(grid.cells);
    const eager = buildDistanceTable(grid, FOUR_CONNECTED, goal).distance;
    const distances = new GoalDistances(grid);
    const cells = Array.from({ length: grid.cells }, (_, c) => c).filter((c) => eager[c] !== UNREACHABLE && grid.passable[c] === 1);
    const far = cells.reduce((a, b) => (eager[b] > eager[a] ? b : a));
    let estimates = 0;
    for (let turn = 0; turn < 1000; turn++) {
      distances.budget.left = 50;
      const d = distances.table(goal).get(far);
      expect(d).toBeLessThanOrEqual(eager[far]);
      if (d === eager[far]) break;
      estimates++;
    }
    // The far cell is more than 50 discoveries away: the first turns answered with bounds, not the whole search.
    expect(estimates).toBeGreaterThan(1);
    expect(distances.table(goal).get(far)).toBe(eager[far]);
    distances.budget.left = Infinity;
    for (const c of cells) expect(distances.table(goal).get(c)).toBe(eager[c]);
  });
});
