/**
 * The single-agent search toolbox's common shape: a query (grid, movement, start, goal), options,
 * and a result. Every algorithm has one entry `solveX(query, options)` returning a PathResult;
 * an unreachable goal is a result with status 'unreachable', not an exception. Only bad input
 * throws (a cell off the map or on a wall, an option out of range), naming the cell or option.
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { SearchContext } from './searchContext.ts';

export interface PathQuery {
  grid: Grid;
  movement: Movement;
  start: number;
  goal: number;
}

export interface PathSearchOptions {
  /**
   * Reusable memory (g, parent, stamps, open list, JPS+ table). Pass the same context for many
   * queries on one grid: nothing is then allocated per query except the returned path. Without
   * one, each call allocates a fresh context.
   */
  context?: SearchContext;
  /** Heuristic weight of weighted A* (>= 1; the cost stays within weight x optimal). */
  weight?: number;
}

export type PathStatus = 'found' | 'unreachable';

export interface PathResult {
  status: PathStatus;
  /**
   * Cells from start to goal. Grid searches (A*, JPS, …) list every cell; any-angle searches
   * (Theta*, Lazy Theta*) list the waypoints, consecutive ones in line of sight. Empty when
   * unreachable.
   */
  path: number[];
  /** Sum of move costs (step length x weight of the cell entered); Infinity when unreachable. */
  cost: number;
  /** Geometric length (octile for grid paths, Euclidean for any-angle); Infinity when unreachable. */
  length: number;
  /** Nodes taken off the open list and expanded (jump points for JPS and JPS+). */
  expanded: number;
}

/** Throws a RangeError naming the cell when start or goal is off the map or on a wall. */
export function checkQuery(query: PathQuery): void {
  const { grid } = query;
  checkCell(grid, 'start', query.start);
  checkCell(grid, 'goal', query.goal);
}

function checkCell(grid: Grid, what: string, cell: number): void {
  if (!Number.isInteger(cell) || cell < 0 || cell >= grid.cells) {
    throw new RangeError(`${what} cell ${cell} is outside the ${grid.width}x${grid.height} map`);
  }
  if (!grid.isFree(cell)) throw new RangeError(`${what} (${grid.x(cell)}, ${grid.y(cell)}) is on a wall`);
}

/** Throws when an algorithm that needs uniform cost, 8-connectivity or no corner cutting gets something else. */
export function requireMovement(query: PathQuery, algorithm: string, needs: { uniform?: boolean; octileNoCut?: boolean }): void {
  if (needs.uniform && query.grid.weight !== null) {
    throw new RangeError(`${algorithm} needs a uniform-cost grid; this grid has cell weights (use A* or Dijkstra)`);
  }
  const { connectivity, corners } = query.movement;
  if (needs.octileNoCut && (connectivity !== 8 || corners !== 'no-cut')) {
    throw new RangeError(`${algorithm} needs 8-connected movement without corner cutting, got ${connectivity}-connected '${corners}'`);
  }
}

export function unreachable(expanded: number): PathResult {
  return { status: 'unreachable', path: [], cost: Infinity, length: Infinity, expanded };
}

/** The parent chain ending at `goal`, start first (the parent of the start is -1). */
export function tracePath(parent: Int32Array, goal: number): number[] {
  let count = 0;
  for (let cell = goal; cell !== -1; cell = parent[cell]) count++;
  const path = new Array<number>(count);
  for (let cell = goal, i = count - 1; cell !== -1; cell = parent[cell], i--) path[i] = cell;
  return path;
}

/** Euclidean length of a polyline of cells (cell centres). */
export function euclideanLength(grid: Grid, path: readonly number[]): number {
  const w = grid.width;
  let length = 0;
  for (let i = 1; i < path.length; i++) {
    const dx = (path[i] % w) - (path[i - 1] % w);
    const dy = ((path[i] / w) | 0) - ((path[i - 1] / w) | 0);
    length += Math.sqrt(dx * dx + dy * dy);
  }
  return length;
}
