/**
 * Planning against the obstacles' timetable with waits (Patel, "Predicting obstacle movement":
 * plain A* with a time-aware cost "will not take into account the possibility of waiting at a
 * point for the obstacle to move out of the way"; Cooperative A* formalises the fix as a search
 * in space-time). A* over (cell, turn): each turn the unit moves to a neighbour or waits, never
 * into a cell an obstacle will hold at that turn, never swapping with one. The heuristic is the
 * Manhattan (4 neighbours) or Chebyshev (8) move count; ties go to the later turn.
 */
import type { Grid } from '../grid/grid.ts';
import { type Movement, directionCount, stepCell } from '../grid/movement.ts';
import { inFootprint } from '../mapf/obstacles.ts';
import { BinaryHeap } from '../search/binaryHeap.ts';

/** Where obstacles will be: obstacle i's anchor cell at turn t (t from the turn before the search starts). */
export interface ObstacleCells {
  count: number;
  at(i: number, t: number): number;
  /** Footprint sides (absent: every obstacle one cell) on a map `width` wide. */
  sizes?: readonly number[];
  width?: number;
}

function holds(obstacles: ObstacleCells, i: number, anchor: number, cell: number): boolean {
  const size = obstacles.sizes?.[i] ?? 1;
  return size === 1 ? anchor === cell : inFootprint(cell, anchor, size, obstacles.width!);
}

/** Whether an obstacle holds `cell` at turn `t`. */
export function heldAt(obstacles: ObstacleCells, cell: number, t: number): boolean {
  for (let i = 0; i < obstacles.count; i++) if (holds(obstacles, i, obstacles.at(i, t), cell)) return true;
  return false;
}

/** Whether a step from `from` to `to` between turns t and t + 1 swaps with an obstacle (its footprint leaves `to` as it takes `from`). */
export function swapsWith(obstacles: ObstacleCells, from: number, to: number, t: number): boolean {
  for (let i = 0; i < obstacles.count; i++) if (holds(obstacles, i, obstacles.at(i, t), to) && holds(obstacles, i, obstacles.at(i, t + 1), from)) return true;
  return false;
}

export interface SpaceTimeResult {
  /** The unit's cell at turns t0, t0 + 1, … arrival; null when the goal cannot be reached by `horizon`. */
  path: number[] | null;
  expanded: number;
}

/**
 * The earliest arrival at `goal` from `start` at turn `t0`, by turn `horizon` at the latest.
 * The start cell is the unit's at t0 (not checked against the obstacles).
 */
export function earliestArrival(grid: Grid, movement: Movement, start: number, t0: number, goal: number, obstacles: ObstacleCells, horizon: number): SpaceTimeResult {
  const width = grid.width;
  const gx = goal % width;
  const gy = (goal - gx) / width;
  const eight = directionCount(movement) === 8;
  const h = (cell: number) => {
    const x = cell % width;
    const dx = Math.abs(x - gx);
    const dy = Math.abs((cell - x) / width - gy);
    return eight ? Math.max(dx, dy) : dx + dy;
  };
  const directions = directionCount(movement);
  // Nodes by index: cell, turn and parent index; closed (cell, turn) pairs in a set.
  const cells: number[] = [start];
  const turns: number[] = [t0];
  const parents: number[] = [-1];
  const closed = new Set<number>();
  const span = horizon - t0 + 1;
  const heap = new BinaryHeap();
  heap.push(0, h(start) * (span + 1) + (span - 0));
  let expanded = 0;
  while (heap.length > 0) {
    const node = heap.pop();
    const cell = cells[node];
    const t = turns[node];
    const key = cell * span + (t - t0);
    if (closed.has(key)) continue;
    closed.add(key);
    expanded++;
    if (cell === goal) {
      const path: number[] = [];
      for (let n = node; n >= 0; n = parents[n]) path.push(cells[n]);
      return { path: path.reverse(), expanded };
    }
    if (t >= horizon) continue;
    const next = t + 1;
    for (let d = -1; d < directions; d++) {
      const to = d < 0 ? cell : stepCell(grid, movement, cell, d);
      if (to < 0 || heldAt(obstacles, to, next)) continue;
      if (to !== cell && swapsWith(obstacles, cell, to, t)) continue;
      if (closed.has(to * span + (next - t0))) continue;
      const g = next - t0;
      cells.push(to);
      turns.push(next);
      parents.push(node);
      heap.push(cells.length - 1, (g + h(to)) * (span + 1) + (span - g));
    }
  }
  return { path: null, expanded };
}
