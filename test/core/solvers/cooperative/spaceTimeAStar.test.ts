import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT } from '../../../../core/grid/movement.ts';
import { ReservationTable } from '../../../../core/solvers/cooperative/reservationTable.ts';
import { ActionRules } from '../../../../core/solvers/cooperative/actionRules.ts';
import { SpaceTimeAStar, type SpaceTimeQuery } from '../../../../core/solvers/cooperative/spaceTimeAStar.ts';
import { ReverseResumableAStar } from '../../../../core/search/reverseResumableAStar.ts';
import { Random } from '../../../../core/util/random.ts';

function setup(rows: string[], movement = FOUR_CONNECTED) {
  const grid = Grid.fromAscii(rows);
  const table = new ReservationTable(grid.cells);
  const rules = new ActionRules(table, grid, movement, 8);
  const sta = new SpaceTimeAStar(grid, movement, table, rules);
  const query = (start: number, goal: number, extra: Partial<SpaceTimeQuery> = {}): SpaceTimeQuery => ({
    agent: 0, priority: 0, start, t0: 0, goal, size: 1, speed: 1, window: 0, maxDepth: 200, maxExpansions: 100_000, rra: null, rraBudget: Infinity, leavesAtGoal: false, ...extra,
  });
  const path = () => Array.from(sta.pathCells.subarray(0, sta.pathLength), (c) => `${grid.x(c)},${grid.y(c)}`);
  return { grid, table, sta, query, path };
}

describe('space-time A*', () => {
  it('finds the shortest path when nothing is reserved', () => {
    const { grid, sta, query, path } = setup(['.....', '.@@@.', '.....']);
    expect(sta.search(query(grid.cell(0, 0), grid.cell(4, 2)))).toBe('found');
    expect(sta.pathLength - 1).toBe(6);
    expect(path()[0]).toBe('0,0');
    expect(path()[6]).toBe('4,2');
  });

  it('pauses for a unit crossing its corridor rather than colliding or swapping', () => {
    const { grid, table, sta, query, path } = setup(['.....']);
    // Agent 1 holds (2,0) until t = 2, then walks away to the right: (3,0) at 3, (4,0) at 4.
    table.reserve(0, grid.cell(2, 0), 1, 0);
    table.reserve(1, grid.cell(2, 0), 1, 0);
    table.reserve(2, grid.cell(2, 0), 1, 0);
    table.reserve(3, grid.cell(3, 0), 1, 0);
    table.reserve(4, grid.cell(4, 0), 1, 0);
    expect(sta.search(query(grid.cell(0, 0), grid.cell(3, 0), { maxDepth: 30 }))).toBe('found');
    const p = path();
    // It may enter (2,0) only at t = 3, following agent 1 out, so it arrives at t >= 4 ...
    expect(p.indexOf('2,0')).toBeGreaterThanOrEqual(3);
    // ... and must still wait for agent 1 to leave (3,0) for good, after t = 3.
    expect(sta.pathLength - 1).toBeGreaterThanOrEqual(4);
    expect(p[sta.pathLength - 1]).toBe('3,0');
  });

  it('reports an unreachable goal and a boxed-in unit, without running to maxDepth', () => {
    const { grid, table, sta, query } = setup(['..@..']);
    expect(sta.search(query(grid.cell(0, 0), grid.cell(4, 0), { rra: null }))).toBe('exhausted');
    // With RRA* the unreachable goal is known from the abstract distance at once.
    const rra = new ReverseResumableAStar(grid, FOUR_CONNECTED);
    rra.reset(grid.cell(0, 0), grid.cell(4, 0));
    expect(sta.search(query(grid.cell(0, 0), grid.cell(4, 0), { rra }))).toBe('unreachable');
    // A unit parked on the only way forward: the search ends once the static map is exhausted.
    table.park(grid.cell(1, 0), 0, 1, 0);
    expect(sta.search(query(grid.cell(0, 0), grid.cell(1, 0), { maxDepth: 1_000_000 }))).toBe('exhausted');
    expect(sta.expanded).toBeLessThan(10);
  });

  it('windowed: the terminal edge makes the cost the true distance; pausing on the goal is free', () => {
    const { grid, sta, query, path } = setup(['..........', '.@@@@@@@@.', '..........']);
    const goal = grid.cell(9, 2);
    const rra = new ReverseResumableAStar(grid, FOUR_CONNECTED);
    rra.reset(grid.cell(0, 0), goal);
    expect(sta.search(query(grid.cell(0, 0), goal, { window: 4, rra }))).toBe('found');
    expect(sta.pathLength - 1).toBe(4);
    expect(sta.pathCost).toBe(rra.distance(grid.cell(0, 0)));
    // On the goal already: the best window is to stay, at no cost.
    const rraHome = new ReverseResumableAStar(grid, FOUR_CONNECTED);
    rraHome.reset(goal, goal);
    expect(sta.search(query(goal, goal, { window: 6, rra: rraHome }))).toBe('found');
    expect(sta.pathCost).toBe(0);
    expect(new Set(path())).toEqual(new Set(['9,2']));
  });

  it('with a priority above the holder it ignores reservations, otherwise it goes round', () => {
    const { grid, table, sta, query } = setup(['...', '...', '...']);
    for (let t = 0; t < 10; t++) table.reserve(t, grid.cell(1, 1), 1, 3);
    expect(sta.search(query(grid.cell(1, 0), grid.cell(1, 2), { priority: 3 }))).toBe('found');
    expect(sta.pathLength - 1).toBe(4);
    expect(sta.search(query(grid.cell(1, 0), grid.cell(1, 2), { priority: 4 }))).toBe('found');
    expect(sta.pathLength - 1).toBe(2);
  });

  it('a budget on RRA* work keeps the search valid and admissible (lower bounds past it)', () => {
    const random = new Random(9);
    const grid = new Grid(40, 40);
    for (let c = 0; c < grid.cells; c++) if (random.next() < 0.25) grid.passable[c] = 0;
    grid.passable[0] = 1;
    grid.passable[grid.cells - 1] = 1;
    for (const movement of [FOUR_CONNECTED, OCTILE_CUT]) {
      const table = new ReservationTable(grid.cells);
      const sta = new SpaceTimeAStar(grid, movement, table, new ActionRules(table, grid, movement, 2));
      const exact = new ReverseResumableAStar(grid, movement);
      exact.reset(0, grid.cells - 1);
      const reachable = exact.distance(0) !== Infinity;
      if (!reachable) continue;
      const budgeted = new ReverseResumableAStar(grid, movement);
      budgeted.reset(0, grid.cells - 1, false);
      const base = { agent: 0, priority: 0, start: 0, t0: 0, goal: grid.cells - 1, size: 1, speed: 1, window: 0, maxDepth: 500, maxExpansions: 1e6, leavesAtGoal: false };
      expect(sta.search({ ...base, rra: exact, rraBudget: Infinity })).toBe('found');
      const best = sta.pathLength;
      expect(sta.search({ ...base, rra: budgeted, rraBudget: 10 })).toBe('found');
      expect(sta.rraUsed).toBeLessThanOrEqual(10);
      // Lower bounds past the budget keep h admissible; mixed with exact values it may lose
      // consistency, so only validity and the bound are promised.
      expect(sta.pathLength).toBeGreaterThanOrEqual(best);
      expect(sta.pathCells[sta.pathLength - 1]).toBe(grid.cells - 1);
      expect(budgeted.distanceWithin(0, 5)).toBe(-1);
      expect(budgeted.distance(0)).toBe(exact.distance(0));
    }
  });
});
