/**
 * Flow fields (E. Emerson, "Crowd Pathfinding and Steering Using Flow Field Tiles", Game AI Pro,
 * 2013): per goal, an integration field (the cost from every cell to the goal: Dijkstra over the
 * 8-connected grid without corner cutting, distanceTable.ts) and from it a flow field, each cell
 * pointing to its neighbour of least integrated cost. Every unit heading to one goal shares its
 * field. Emerson tiles the map into sectors and builds fields only on the sectors a route crosses;
 * here a field covers the whole map, one byte a cell, which at 256 x 256 and 1,000 goals is 64 MB.
 */
import type { Grid } from '../../grid/grid.ts';
import { DX, DY, OCTILE_NO_CUT, stepCell } from '../../grid/movement.ts';
import { UNREACHABLE, buildDistanceTable } from '../../search/distanceTable.ts';

/** Flow value of the goal cell. */
export const AT_GOAL = 8;
/** Flow value of a cell that cannot reach the goal (or a wall). */
export const NO_FLOW = 255;

/** Unit direction vectors of the 8 flow directions (movement.ts's DX/DY, normalised). */
export const FLOW_X = Float64Array.from(DX, (d, i) => d / Math.hypot(DX[i], DY[i]));
export const FLOW_Y = Float64Array.from(DY, (d, i) => d / Math.hypot(DX[i], DY[i]));

export interface FlowField {
  goal: number;
  /** Per cell: a direction 0..7 (movement.ts DX/DY), AT_GOAL or NO_FLOW. */
  flow: Uint8Array;
}

/** The flow field toward `goal`, and the integrated cost of `probe` (a start) to report path lengths. */
export function buildFlowField(grid: Grid, goal: number, probes: readonly number[]): { field: FlowField; costs: number[]; expanded: number } {
  const table = buildDistanceTable(grid, OCTILE_NO_CUT, goal);
  const distance = table.distance;
  const flow = new Uint8Array(grid.cells).fill(NO_FLOW);
  let expanded = 0;
  for (let cell = 0; cell < grid.cells; cell++) {
    const here = distance[cell];
    if (here === UNREACHABLE) continue;
    expanded++;
    if (cell === goal) {
      flow[cell] = AT_GOAL;
      continue;
    }
    let best = -1;
    let bestCost = here;
    for (let d = 0; d < 8; d++) {
      const next = stepCell(grid, OCTILE_NO_CUT, cell, d);
      if (next < 0) continue;
      if (distance[next] < bestCost) {
        bestCost = distance[next];
        best = d;
      }
    }
    if (best >= 0) flow[cell] = best;
  }
  return { field: { goal, flow }, costs: probes.map((p) => distance[p]), expanded };
}
