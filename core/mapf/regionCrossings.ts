/**
 * Which side of a measured region (a rectangle of cells, regionMeasures.ts) a unit comes from and
 * goes to, so a region reports how many units *got across*, not only how many stepped in.
 * More on this in README.md, "regionCrossings.ts".
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
