/**
 * True-distance tables: the cost from every cell to one goal, by a backwards search from the
 * goal (breadth-first when every move costs 1, Dijkstra otherwise). This is the abstract
 * distance of Silver's cooperative pathfinding (AIIDE 2005; AI Game Programming Wisdom 3)
 * computed in full; Reverse Resumable A* computes it on demand.
 */
import type { Grid } from '../grid/grid.ts';
import { type Movement, directionCount, stepCell, STEP_LENGTH } from '../grid/movement.ts';
import { BinaryHeap } from './binaryHeap.ts';

/** The distance of a cell that cannot reach the goal. */
export const UNREACHABLE = Infinity;

export interface DistanceTable {
  goal: number;
  /** Grid version the table was built for. */
  gridVersion: number;
  /** Cost from each cell to `goal`; UNREACHABLE when there is no path. */
  distance: Float64Array;
}

/** Cost from every cell to `goal` under `movement`. */
export function buildDistanceTable(grid: Grid, movement: Movement, goal: number): DistanceTable {
  const distance = new Float64Array(grid.cells).fill(UNREACHABLE);
  if (goal < 0 || goal >= grid.cells) throw new RangeError(`goal cell ${goal} is outside the ${grid.width}x${grid.height} map`);
  if (!grid.isFree(goal)) {
    return { goal, gridVersion: grid.version, distance };
  }
  if (movement.connectivity === 4 && grid.weight === null) breadthFirst(grid, movement, goal, distance);
  else dijkstra(grid, movement, goal, distance);
  return { goal, gridVersion: grid.version, distance };
}

function breadthFirst(grid: Grid, movement: Movement, goal: number, distance: Float64Array): void {
  const queue = new Int32Array(grid.cells);
  let head = 0;
  let tail = 0;
  distance[goal] = 0;
  queue[tail++] = goal;
  const dirs = directionCount(movement);
  while (head < tail) {
    const cell = queue[head++];
    const next = distance[cell] + 1;
    for (let d = 0; d < dirs; d++) {
      const n = stepCell(grid, movement, cell, d);
      if (n >= 0 && distance[n] === UNREACHABLE) {
        distance[n] = next;
        queue[tail++] = n;
      }
    }
  }
}

function dijkstra(grid: Grid, movement: Movement, goal: number, distance: Float64Array): void {
  const heap = new BinaryHeap(1024);
  const dirs = directionCount(movement);
  distance[goal] = 0;
  heap.push(goal, 0);
  while (heap.length > 0) {
    const priority = heap.peekPriority();
    const cell = heap.pop();
    if (priority > distance[cell]) continue; // stale entry
    // Moves are symmetric on a grid, so the predecessor n of `cell` is a neighbour of it; the
    // step n -> cell costs its length times the weight of `cell`, the cell being entered.
    const enter = grid.weightOf(cell);
    for (let d = 0; d < dirs; d++) {
      const n = stepCell(grid, movement, cell, d);
      if (n < 0) continue;
      const candidate = priority + STEP_LENGTH[d] * enter;
      if (candidate < distance[n]) {
        distance[n] = candidate;
        heap.push(n, candidate);
      }
    }
  }
}
