// ORCA at a chokepoint, where its guarantee does not hold: units pressed against the walls at a
// one-lane bridge's mouth have no collision-free velocity, and RVO2's least-violating one drove
// discs into each other (the designer's bridge, 10 units a side: 17 overlaps, deepest 44% of the
// radius). The hard contact half-planes keep every pair within the lab's overlap tolerance; the
// same run without them overlaps (the test can fail).
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { solveOrca } from '../../../../core/solvers/crowd/orcaSolver.ts';

/** The app's one-lane bridge template (40 x 20, a band x 15-24 crossed on row 9, 10 units a side, each to its mirror cell). */
function oneLaneBridge(): MapfInstance {
  const rows: string[] = [];
  for (let y = 0; y < 20; y++) {
    let row = '';
    for (let x = 0; x < 40; x++) row += x >= 15 && x <= 24 && y !== 9 ? '@' : '.';
    rows.push(row);
  }
  const grid = Grid.fromAscii(rows);
  const agents: MapfInstance['agents'] = [];
  for (let i = 0; i < 10; i++) agents.push({ start: grid.cell(0, 2 * i), goal: grid.cell(39, 2 * i) });
  for (let i = 0; i < 10; i++) agents.push({ start: grid.cell(39, 2 * i + 1), goal: grid.cell(0, 2 * i + 1) });
  return { grid, movement: OCTILE_NO_CUT, agents };
}

describe('A* + ORCA on the one-lane bridge', () => {
  it('keeps every pair of discs within the overlap tolerance, measured at every step', () => {
    const result = solveOrca(oneLaneBridge(), {});
    expect(result.crowd).toBeDefined();
    expect(result.stats.overlaps).toBe(0);
    expect(result.crowd!.stepOverlaps).toBe(0);
  });

  it('overlaps without the hard contacts (plain RVO2 least-violating velocities)', () => {
    const result = solveOrca(oneLaneBridge(), { params: { contacts: false } });
    expect(result.stats.overlaps).toBeGreaterThan(0);
  });
});
