/**
 * How units move on a grid: 4- or 8-connected, and for 8-connected, the corner rule.
 *
 * - 'no-cut': a diagonal move needs both orthogonal neighbours free (the Moving AI single-agent
 *   convention, and what the benchmark scenarios' optimal lengths assume).
 * - 'cut': diagonals are allowed past blocked corners (Standley's multi-agent model,
 *   Standley 2010, section "Experimental Results").
 */
import type { Grid } from './grid.ts';

export type Connectivity = 4 | 8;
export type CornerRule = 'no-cut' | 'cut';

export interface Movement {
  connectivity: Connectivity;
  corners: CornerRule;
  /**
   * Units face one of four headings and each turn move forward, turn 90 degrees or wait (the
   * League of Robot Runners' MAPF_T model, core/grid/headings.ts). Always 4-connected; plans
   * carry a heading per turn beside each path.
   */
  turning?: boolean;
}

export const FOUR_CONNECTED: Movement = Object.freeze({ connectivity: 4, corners: 'no-cut' });
export const OCTILE_NO_CUT: Movement = Object.freeze({ connectivity: 8, corners: 'no-cut' });
export const OCTILE_CUT: Movement = Object.freeze({ connectivity: 8, corners: 'cut' });
/** The League of Robot Runners' rotating robots: forward, turn clockwise or counter-clockwise, wait. */
export const TURNING: Movement = Object.freeze({ connectivity: 4, corners: 'no-cut', turning: true });

/**
 * Directions 0..3 are orthogonal (N, E, S, W), 4..7 diagonal (NE, SE, SW, NW), so a
 * 4-connected loop is `d < 4` and an 8-connected one `d < 8`.
 */
export const DX = Int8Array.of(0, 1, 0, -1, 1, 1, -1, -1);
export const DY = Int8Array.of(-1, 0, 1, 0, -1, 1, 1, -1);
/** Length of a step in each direction. */
export const STEP_LENGTH = Float64Array.of(1, 1, 1, 1, Math.SQRT2, Math.SQRT2, Math.SQRT2, Math.SQRT2);

/**
 * The cell reached from `cell` in direction `d`, or -1 when the move is illegal under the
 * movement rules (off the map, into a wall, or cutting a blocked corner with 'no-cut').
 */
export function stepCell(grid: Grid, movement: Movement, cell: number, d: number): number {
  const w = grid.width;
  const x = cell % w;
  const y = (cell - x) / w;
  const nx = x + DX[d];
  const ny = y + DY[d];
  if (nx < 0 || ny < 0 || nx >= w || ny >= grid.height) return -1;
  const next = ny * w + nx;
  if (grid.passable[next] === 0) return -1;
  if (d >= 4 && movement.corners === 'no-cut') {
    if (grid.passable[y * w + nx] === 0 || grid.passable[ny * w + x] === 0) return -1;
  }
  return next;
}

/** Number of directions a unit may take under `movement`. */
export function directionCount(movement: Movement): number {
  return movement.connectivity === 8 ? 8 : 4;
}

/**
 * Cost of moving from `from` to the adjacent `to` (its step length times the weight of `to`).
 * Returns Infinity when the two cells are not one legal step apart.
 */
export function moveCost(grid: Grid, movement: Movement, from: number, to: number): number {
  const dirs = directionCount(movement);
  for (let d = 0; d < dirs; d++) {
    if (stepCell(grid, movement, from, d) === to) return STEP_LENGTH[d] * grid.weightOf(to);
  }
  return Infinity;
}

/** Lower bound on the cost from a to b ignoring walls: Manhattan (4) or octile (8). */
export function gridDistance(grid: Grid, movement: Movement, a: number, b: number): number {
  const w = grid.width;
  const dx = Math.abs((a % w) - (b % w));
  const dy = Math.abs(((a / w) | 0) - ((b / w) | 0));
  if (movement.connectivity === 4) return dx + dy;
  return dx > dy ? dx - dy + Math.SQRT2 * dy : dy - dx + Math.SQRT2 * dx;
}

/**
 * On a 4-connected grid, the cell that action `d` leads to from `cell`: 0 waits, 1 goes up,
 * 2 right, 3 down, 4 left; -1 off the map (walls are the caller's business). Space-time searches
 * that treat waiting as a move loop over d = 0..4.
 */
export function fourConnectedStep(cell: number, d: number, width: number, cells: number): number {
  if (d === 0) return cell;
  if (d === 1) return cell >= width ? cell - width : -1;
  if (d === 2) return (cell % width) + 1 < width ? cell + 1 : -1;
  if (d === 3) return cell + width < cells ? cell + width : -1;
  return cell % width > 0 ? cell - 1 : -1;
}
