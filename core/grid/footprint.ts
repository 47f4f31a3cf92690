/**
 * Unit footprints for large units (Silver 2006, "Reservation Table
 * Revisited": "A large unit's actions would have a wider footprint at each time-step").
 *
 * A unit of size k covers the k x k square whose top-left cell is its anchor (AgentTask.size).
 * `clearance[c]` is the side of the largest free square anchored at c, so a unit of size k may
 * stand at c exactly when clearance[c] >= k; for k = 1 that is grid.passable itself, which is
 * why searches read a `Uint8Array | Uint16Array` "standable" array and compare it with the size.
 */
import type { Grid } from './grid.ts';

/** Largest side we support for a unit (clearance is stored in 16 bits). */
export const MAX_UNIT_SIZE = 255;

/**
 * Fills (or allocates) the clearance map of `grid`: a dynamic programme from the bottom-right
 * corner, off-map counting as blocked.
 */
export function computeClearance(grid: Grid, out?: Uint16Array): Uint16Array {
  const w = grid.width;
  const h = grid.height;
  const clearance = out && out.length === w * h ? out : new Uint16Array(w * h);
  const passable = grid.passable;
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const c = y * w + x;
      if (passable[c] === 0) {
        clearance[c] = 0;
        continue;
      }
      if (x === w - 1 || y === h - 1) {
        clearance[c] = 1;
        continue;
      }
      const right = clearance[c + 1];
      const down = clearance[c + w];
      const diag = clearance[c + w + 1];
      let m = right < down ? right : down;
      if (diag < m) m = diag;
      clearance[c] = m >= MAX_UNIT_SIZE ? MAX_UNIT_SIZE : m + 1;
    }
  }
  return clearance;
}

/** Writes the cells covered by a unit of `size` anchored at `anchor` into `out`; returns the count. */
export function footprintCells(anchor: number, size: number, width: number, out: Int32Array): number {
  if (size === 1) {
    out[0] = anchor;
    return 1;
  }
  let n = 0;
  for (let dy = 0; dy < size; dy++) {
    const row = anchor + dy * width;
    for (let dx = 0; dx < size; dx++) out[n++] = row + dx;
  }
  return n;
}

/** Do the squares of sizes sa at anchor a and sb at anchor b overlap? */
export function footprintsOverlap(a: number, sa: number, b: number, sb: number, width: number): boolean {
  const ax = a % width;
  const ay = (a - ax) / width;
  const bx = b % width;
  const by = (b - bx) / width;
  return ax < bx + sb && bx < ax + sa && ay < by + sb && by < ay + sa;
}
