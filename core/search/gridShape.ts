/**
 * What every distance table of a grid shares, computed once per grid version instead of once per
 * table (lazyDistanceTable.ts): 1,000 tables on den520d each counting its 65,792 cells took a
 * tenth of LaCAM's time. Each cell's open 4-connected neighbours as bits, its column, and
 * whether every distance fits in 16 bits.
 */
import type { Grid } from '../grid/grid.ts';

/** The bits of GridShape.open. */
export const OPEN = { UP: 1, RIGHT: 2, DOWN: 4, LEFT: 8 } as const;
const { UP, RIGHT, DOWN, LEFT } = OPEN;

export interface GridShape {
  version: number;
  fitsUint16: boolean;
  /** Per cell: UP | RIGHT | DOWN | LEFT for each open 4-connected neighbour (0 for a wall). */
  open: Uint8Array;
  /** Per cell, its column, made for the first focused table (null until then). */
  columns: Uint16Array | null;
  /**
   * All zeros, of the kind and size of a table's distances: what a table reads until its first
   * search needs memory of its own (read only).
   */
  empty: Uint16Array | Int32Array;
}

const shapes = new WeakMap<Grid, GridShape>();

export function shapeOf(grid: Grid): GridShape {
  const known = shapes.get(grid);
  if (known !== undefined && known.version === grid.version) return known;
  const { width: w, height: h, passable } = grid;
  const open = new Uint8Array(grid.cells);
  for (let c = 0; c < grid.cells; c++) {
    if (passable[c] !== 1) continue;
    const x = c % w;
    const y = (c - x) / w;
    let m = 0;
    if (y > 0 && passable[c - w] === 1) m |= UP;
    if (x + 1 < w && passable[c + 1] === 1) m |= RIGHT;
    if (y + 1 < h && passable[c + w] === 1) m |= DOWN;
    if (x > 0 && passable[c - 1] === 1) m |= LEFT;
    open[c] = m;
  }
  const fits = fitsUint16(grid);
  const shape: GridShape = { version: grid.version, fitsUint16: fits, open, columns: null, empty: fits ? new Uint16Array(grid.cells) : new Int32Array(grid.cells) };
  shapes.set(grid, shape);
  return shape;
}

/** Each cell's column (x), for focused tables: a load instead of a division per cell closed. */
export function columnsOf(grid: Grid, shape: GridShape): Uint16Array {
  if (shape.columns === null) {
    const columns = new Uint16Array(grid.cells);
    for (let c = 0; c < grid.cells; c++) columns[c] = c % grid.width;
    shape.columns = columns;
  }
  return shape.columns;
}

/** Whether every distance + 1 on `grid` fits in 16 bits: a distance is less than the free cells. */
function fitsUint16(grid: Grid): boolean {
  let free = 0;
  const passable = grid.passable;
  for (let c = 0; c < passable.length; c++) free += passable[c];
  return free < 0xffff;
}

/** Bytes of one table's distances on `grid`, its queue (at most the same again) not counted. */
export function distanceTableBytes(grid: Grid): number {
  return grid.cells * (shapeOf(grid).fitsUint16 ? 2 : 4);
}
