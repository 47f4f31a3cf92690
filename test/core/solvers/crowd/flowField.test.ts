// A flow field settled only out to its units' starts (and a margin) points every settled cell
// where the whole-map field points: the whole-map field below is the one the flow-field model
// built before (a full distance table, each cell toward its neighbour of least cost).
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { OCTILE_NO_CUT, stepCell } from '../../../../core/grid/movement.ts';
import { randomMap } from '../../../../core/mapgen/randomMap.ts';
import { UNREACHABLE, buildDistanceTable } from '../../../../core/search/distanceTable.ts';
import { AT_GOAL, FlowFieldBuilder, MARGIN, NO_FLOW } from '../../../../core/solvers/crowd/flowField.ts';

function wholeMapField(grid: Grid, goal: number): { flow: Uint8Array; distance: Float64Array } {
  const { distance } = buildDistanceTable(grid, OCTILE_NO_CUT, goal);
  const flow = new Uint8Array(grid.cells).fill(NO_FLOW);
  for (let cell = 0; cell < grid.cells; cell++) {
    if (distance[cell] === UNREACHABLE) continue;
    if (cell === goal) {
      flow[cell] = AT_GOAL;
      continue;
    }
    let best = -1;
    let bestCost = distance[cell];
    for (let d = 0; d < 8; d++) {
      const next = stepCell(grid, OCTILE_NO_CUT, cell, d);
      if (next >= 0 && distance[next] < bestCost) {
        bestCost = distance[next];
        best = d;
      }
    }
    if (best >= 0) flow[cell] = best;
  }
  return { flow, distance };
}

/** A 24 x 24 map, 25% walls, with terrain weights 1-3 on every third cell (the field's sums are then not a + b√2). */
function map(seed: number, weighted: boolean): Grid {
  const grid = randomMap({ width: 24, height: 24, density: 0.25, seed });
  if (!weighted) return grid;
  const weight = new Float32Array(grid.cells).fill(1);
  for (let c = 0; c < grid.cells; c += 3) weight[c] = 1 + (c % 7) / 3;
  return new Grid(grid.width, grid.height, grid.passable, weight);
}

describe('flow fields settled out to their starts', () => {
  it.each([
    [1, false],
    [2, false],
    [3, true],
  ])('seed %i (weighted: %s): the same direction as the whole-map field in every settled cell, and every cell within the margin settled', (seed, weighted) => {
    const grid = map(seed, weighted);
    const free: number[] = [];
    for (let c = 0; c < grid.cells; c++) if (grid.isFree(c)) free.push(c);
    const builder = new FlowFieldBuilder(grid);
    let compared = 0;
    let unsettled = 0;
    for (let i = 0; i < 12; i++) {
      const goal = free[(i * 37) % free.length];
      const starts = [free[(i * 53 + 5) % free.length], free[(i * 11 + 2) % free.length]];
      const { flow: before, distance } = wholeMapField(grid, goal);
      const { field, costs } = builder.field(goal, starts);
      costs.forEach((cost, k) => expect(cost).toBe(distance[starts[k]]));
      const reach = Math.max(...starts.map((s) => distance[s]));
      for (let c = 0; c < grid.cells; c++) {
        if (field.flow[c] !== NO_FLOW) {
          expect(field.flow[c], `goal ${goal}, cell ${c}`).toBe(before[c]);
          compared++;
        } else if (distance[c] <= reach + MARGIN) {
          // Within the margin: only a cell with no direction in the whole-map field either.
          expect(before[c], `goal ${goal}, cell ${c}`).toBe(NO_FLOW);
        } else if (before[c] !== NO_FLOW) {
          unsettled++;
        }
      }
      // Grown to the farthest reachable cell, it is the whole-map field.
      let far = goal;
      for (const c of free) if (distance[c] !== UNREACHABLE && distance[c] > distance[far]) far = c;
      builder.grow(field, far);
      expect(Array.from(field.flow)).toEqual(Array.from(before));
    }
    expect(compared).toBeGreaterThan(500);
    // The settled fields are smaller than the whole map's (or this test compares nothing new).
    expect(unsettled).toBeGreaterThan(100);
  });

  it('a start that cannot reach the goal costs Infinity and the field is complete', () => {
    const grid = Grid.fromAscii(['..#..', '..#..', '..#..']);
    const builder = new FlowFieldBuilder(grid);
    const { field, costs } = builder.field(grid.cell(0, 0), [grid.cell(4, 2)]);
    expect(costs).toEqual([Infinity]);
    expect(field.complete).toBe(true);
    expect(field.flow[grid.cell(4, 2)]).toBe(NO_FLOW);
    expect(field.flow[grid.cell(0, 0)]).toBe(AT_GOAL);
  });
});
