/**
 * Headings and actions of the League of Robot Runners' MAPF_T model (LoRR Start-Kit 2024,
 * Input_Output_Format.md and src/ActionModel.cpp): a unit faces east, south, west or north and each
 * turn moves forward (F) one cell the way it faces, turns clockwise (R) or counter-clockwise (C)
 * in place, or waits (W). Headings are numbered as the Start-Kit numbers them (0 east, 1 south,
 * 2 west, 3 north), so clockwise is +1 and a location's forward cell is `cell + step[heading]`.
 */
import type { Grid } from './grid.ts';

export const EAST = 0;
export const SOUTH = 1;
export const WEST = 2;
export const NORTH = 3;

/** The letters the Start-Kit writes for headings in its output's `start` ([row, column, letter]). */
export const HEADING_LETTERS = ['E', 'S', 'W', 'N'] as const;
export type HeadingLetter = (typeof HEADING_LETTERS)[number];

/** Column and row change of a forward move per heading. */
export const HEADING_DX = Int8Array.of(1, 0, -1, 0);
export const HEADING_DY = Int8Array.of(0, 1, 0, -1);

/** Action codes as the planners store them in typed arrays, and their letters in LoRR's output. */
export const ACTION_WAIT = 0;
export const ACTION_FORWARD = 1;
export const ACTION_CLOCKWISE = 2;
export const ACTION_COUNTER = 3;
export const ACTION_LETTERS = ['W', 'F', 'R', 'C'] as const;
export type TurningActionLetter = (typeof ACTION_LETTERS)[number];

/** The cell ahead of `cell` facing `heading`, or -1 off the map or into a wall. */
export function forwardCell(grid: Grid, cell: number, heading: number): number {
  const w = grid.width;
  const x = (cell % w) + HEADING_DX[heading];
  const y = ((cell / w) | 0) + HEADING_DY[heading];
  if (x < 0 || y < 0 || x >= w || y >= grid.height) return -1;
  const next = y * w + x;
  return grid.passable[next] === 1 ? next : -1;
}

/** The heading that points from `from` to the adjacent `to`, or -1 when they are not orthogonal neighbours. */
export function headingBetween(width: number, from: number, to: number): number {
  const d = to - from;
  if (d === 1 && to % width !== 0) return EAST;
  if (d === -1 && from % width !== 0) return WEST;
  if (d === width) return SOUTH;
  if (d === -width) return NORTH;
  return -1;
}

/**
 * The action from state (cell, heading) to (nextCell, nextHeading), or -1 when no single action
 * leads there (moving and turning at once, a move that is not forward, a half turn).
 */
export function turningAction(width: number, cell: number, heading: number, nextCell: number, nextHeading: number): number {
  if (cell === nextCell) {
    if (nextHeading === heading) return ACTION_WAIT;
    if (nextHeading === ((heading + 1) & 3)) return ACTION_CLOCKWISE;
    if (nextHeading === ((heading + 3) & 3)) return ACTION_COUNTER;
    return -1;
  }
  return nextHeading === heading && headingBetween(width, cell, nextCell) === heading ? ACTION_FORWARD : -1;
}
