/**
 * Each unit's RRA* (unitHeuristics.ts): a restart re-aims the search at the unit's cell and keeps
 * what it closed (ReverseResumableAStar.retarget), and resumptions aim at the unit's current cell.
 * The distances stay exact; only the work to get them changes.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import type { ReverseResumableAStar } from '../../../../core/search/reverseResumableAStar.ts';
import { UnitHeuristics } from '../../../../core/solvers/cooperative/unitHeuristics.ts';

/** One unit from (40, 40) to (0, 0) on open ground, its RRA* without a budget. */
function setUp() {
  const grid = new Grid(48, 48);
  const start = grid.cell(40, 40);
  const goal = grid.cell(0, 0);
  const heuristics = new UnitHeuristics([{ start, goal }], Int32Array.of(1), 8, 0);
  heuristics.attach(grid, FOUR_CONNECTED, null);
  heuristics.beginTurn();
  return { grid, start, heuristics };
}

describe('UnitHeuristics', () => {
  it('restarts past half-way by re-aiming: the ground already searched stays closed', () => {
    const { grid, start, heuristics } = setUp();
    const r = heuristics.forUnit(0, start) as ReverseResumableAStar;
    expect(r.distance(start)).toBe(80);
    // Closed by the first search: a cell on the route behind the unit once it is past half-way.
    let behind = -1;
    let ahead = -1;
    for (let c = 0; c < grid.cells; c++) {
      if (!r.isClosed(c)) continue;
      const d = r.distance(c);
      if (d === 70) behind = c;
      if (d === 30) ahead = c;
    }
    expect(behind).toBeGreaterThanOrEqual(0);
    expect(ahead).toBeGreaterThanOrEqual(0);
    const again = heuristics.forUnit(0, ahead) as ReverseResumableAStar; // 2 * 30 < 80: the half-way restart
    expect(again).toBe(r);
    expect(again.origin).toBe(ahead);
    expect(again.isClosed(behind)).toBe(true);
    expect(again.expanded).toBe(0); // the unit's cell was closed: nothing to search again
    expect(again.distance(ahead)).toBe(30);
  });

  it('aims the next resumption at the unit\'s cell', () => {
    const { grid, start, heuristics } = setUp();
    const r = heuristics.forUnit(0, start) as ReverseResumableAStar;
    r.distance(start);
    // A step along the route, well before half-way: no restart.
    let pos = -1;
    for (let c = 0; c < grid.cells && pos < 0; c++) if (r.isClosed(c) && r.distance(c) === 76) pos = c;
    expect((heuristics.forUnit(0, pos) as ReverseResumableAStar).origin).toBe(start);
    // A query that needs search (a cell off the route near the unit) resumes aimed at it.
    const x = grid.x(pos);
    const y = grid.y(pos);
    const off = [grid.cell(x + 2, y - 3), grid.cell(x - 3, y + 2)].find((c) => !r.isClosed(c))!;
    expect(off).toBeDefined();
    expect(r.distance(off)).toBe(grid.x(off) + grid.y(off));
    expect(r.origin).toBe(pos);
  });
});
