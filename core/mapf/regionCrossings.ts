/**
 * Which side of a measured region (a rectangle of cells, regionMeasures.ts) a unit comes from and
 * goes to, so a region reports how many units *got across*, not only how many stepped in.
 *
 * Sides, for the rectangle x0..x1, y0..y1 (corners inclusive, y growing downwards as on the map):
 * a unit's footprint (x..x+size-1, y..y+size-1) lies beyond the west side when its right column
 * is left of x0, beyond the east side when its left column is right of x1, beyond the north side
 * when its bottom row is above y0, beyond the south side when its top row is below y1. A
 * footprint outside the rectangle lies beyond one side, or two when it stands diagonally off a
 * corner (8-connected moves).
 *
 * A *visit* is a run of turns a unit stands in the region. It *entered from* the sides its
 * footprint lay beyond on the turn before the visit, and *left to* the sides it lies beyond on the
 * turn after. A visit is a *crossing* when those share no side (in from the west, out to the east;
 * in off the north-west corner, out to the east or the south), and a *turn-back* when they share
 * one (in from the west, back out to the west). A visit the plan starts in (turn 0) or ends in
 * has no entry or no exit side, and is neither.
 */

/** Side bits. */
export const WEST = 1;
export const EAST = 2;
export const NORTH = 4;
export const SOUTH = 8;

export interface CellRect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The sides of `rect` a footprint of side `size` at (x, y) lies beyond (0 when it overlaps the rectangle). */
export function sidesBeyond(x: number, y: number, size: number, rect: CellRect): number {
  let sides = 0;
  if (x + size - 1 < rect.x0) sides |= WEST;
  if (x > rect.x1) sides |= EAST;
  if (y + size - 1 < rect.y0) sides |= NORTH;
  if (y > rect.y1) sides |= SOUTH;
  return sides;
}

/** A visit that entered from `entered` and left to `left` (side bits; 0: none): 'crossing', 'turn-back', or null for neither. */
export function visitKind(entered: number, left: number): 'crossing' | 'turn-back' | null {
  if (entered === 0 || left === 0) return null;
  return (entered & left) === 0 ? 'crossing' : 'turn-back';
}

/** The most of `counts` in any `window` consecutive entries. */
export function peakIn(counts: ArrayLike<number>, window: number): number {
  let peak = 0;
  let sum = 0;
  for (let t = 0; t < counts.length; t++) {
    sum += counts[t];
    if (t >= window) sum -= counts[t - window];
    if (sum > peak) peak = sum;
  }
  return peak;
}
