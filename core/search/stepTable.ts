/**
 * Per-map tables the optimal solvers share: the neighbour of every cell in every direction, and
 * unit-step distances to a goal. Standley 2010, section
 * "The Heuristic": every move, diagonal or not, takes one time step, so the heuristic that goes
 * with the sum-of-costs objective counts steps (breadth-first search), not octile length.
 */
import type { Grid } from '../grid/grid.ts';
import { type Movement, directionCount, stepCell } from '../grid/movement.ts';

/** Index of the wait move; moves 0..7 are the directions of core/grid/movement.ts. */
export const WAIT = 8;
/** Index of "wait on the goal for good" (see jointSearch.ts: the agent rests and pays nothing more). */
export const FINISH = 9;
/** Distance of a cell from which the goal cannot be reached. */
export const UNREACHABLE_STEPS = -1;

/** Direction that undoes direction d (N<->S, E<->W, NE<->SW, SE<->NW). */
export const OPPOSITE = Int8Array.of(2, 3, 0, 1, 6, 7, 4, 5);

export interface StepTable {
  width: number;
  cells: number;
  /** 4 or 8. */
  directions: number;
  /** neighbour[cell * 8 + d] = cell reached in direction d, or -1 when the move is illegal. */
  neighbour: Int32Array;
}

export function buildStepTable(grid: Grid, movement: Movement): StepTable {
  const cells = grid.cells;
  const directions = directionCount(movement);
  const neighbour = new Int32Array(cells * 8).fill(-1);
  for (let cell = 0; cell < cells; cell++) {
    if (grid.passable[cell] === 0) continue;
    for (let d = 0; d < directions; d++) neighbour[cell * 8 + d] = stepCell(grid, movement, cell, d);
  }
  return { width: grid.width, cells, directions, neighbour };
}

/**
 * Time steps from every cell to `goal` (UNREACHABLE_STEPS where it cannot be reached), by a
 * breadth-first search backwards from the goal. Moves are symmetric under both corner rules, so
 * the backward distance is the forward one. With `fits` (a unit larger than one cell: its
 * anchor's clearance and its size, see core/grid/footprint.ts) only anchors where the unit
 * fits are crossed.
 */
export function buildUnitDistance(steps: StepTable, goal: number, fits?: { clearance: Uint16Array; size: number }): Int32Array {
  const distance = new Int32Array(steps.cells).fill(UNREACHABLE_STEPS);
  if (fits && fits.clearance[goal] < fits.size) return distance;
  const queue = new Int32Array(steps.cells);
  const neighbour = steps.neighbour;
  const dirs = steps.directions;
  let head = 0;
  let tail = 0;
  distance[goal] = 0;
  queue[tail++] = goal;
  while (head < tail) {
    const cell = queue[head++];
    const next = distance[cell] + 1;
    const base = cell * 8;
    for (let d = 0; d < dirs; d++) {
      const n = neighbour[base + d];
      if (n >= 0 && distance[n] === UNREACHABLE_STEPS && (fits === undefined || fits.clearance[n] >= fits.size)) {
        distance[n] = next;
        queue[tail++] = n;
      }
    }
  }
  return distance;
}
