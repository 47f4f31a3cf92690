/**
 * Painting walls and floor: square brush stamps, lines of stamps, rectangles and flood fill.
 * Each writes the grid directly and records the cells it changed with their old values, so the
 * recording is the edit's inverse. A cell already holding the paint value is skipped, which also
 * makes every recorded cell distinct within one edit (the cells change needs that). Cells in
 * `keep` (units' starts and goals) never become walls.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import type { CellRecorder } from './cellRecorder.ts';

export interface Paint {
  grid: Grid;
  /** 1 = free, 0 = wall. */
  value: number;
  /** Cells that must stay free, or null. Only consulted when painting walls. */
  keep: Uint8Array | null;
  record: CellRecorder;
}

/** Paints the cells of [x0, x1] x [y0, y1] (inclusive, any order, clipped to the map). */
export function paintRect(paint: Paint, ax: number, ay: number, bx: number, by: number): void {
  const { grid, value, record } = paint;
  const keep = value === 0 ? paint.keep : null;
  const w = grid.width;
  const x0 = Math.max(0, Math.min(ax, bx));
  const x1 = Math.min(w - 1, Math.max(ax, bx));
  const y0 = Math.max(0, Math.min(ay, by));
  const y1 = Math.min(grid.height - 1, Math.max(ay, by));
  const passable = grid.passable;
  let changed = false;
  for (let y = y0; y <= y1; y++) {
    const row = y * w;
    for (let x = x0; x <= x1; x++) {
      const cell = row + x;
      const old = passable[cell];
      if (old === value || (keep !== null && keep[cell] === 1)) continue;
      record.push(cell, old);
      passable[cell] = value;
      changed = true;
    }
  }
  if (changed) grid.version++;
}

/** A square brush of side `brush` centred on (x, y) (for even sides, the extra cell is right and down). */
export function stamp(paint: Paint, x: number, y: number, brush: number): void {
  const before = (brush - 1) >> 1;
  paintRect(paint, x - before, y - before, x - before + brush - 1, y - before + brush - 1);
}

/** Stamps along the line from (x0, y0) to (x1, y1) (Bresenham), including both ends. */
export function stampLine(paint: Paint, x0: number, y0: number, x1: number, y1: number, brush: number): void {
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let err = dx + dy;
  let x = x0;
  let y = y0;
  for (;;) {
    stamp(paint, x, y, brush);
    if (x === x1 && y === y1) return;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
  }
}

/**
 * Paints the 4-connected region of cells that share the value of (x, y). Cells kept free stay
 * free but still connect the region (a unit standing in a room does not split it).
 */
export function floodFill(paint: Paint, x: number, y: number): void {
  const { grid, value, record } = paint;
  if (!grid.inBounds(x, y)) return;
  const keep = value === 0 ? paint.keep : null;
  const w = grid.width;
  const h = grid.height;
  const passable = grid.passable;
  const seed = y * w + x;
  const from = passable[seed];
  if (from === value) return;
  const seen = new Uint8Array(grid.cells);
  const queue = new Int32Array(grid.cells);
  let head = 0;
  let tail = 0;
  seen[seed] = 1;
  queue[tail++] = seed;
  while (head < tail) {
    const cell = queue[head++];
    if (keep === null || keep[cell] === 0) {
      record.push(cell, from);
      passable[cell] = value;
    }
    const cx = cell % w;
    if (cx > 0 && seen[cell - 1] === 0 && passable[cell - 1] === from) { seen[cell - 1] = 1; queue[tail++] = cell - 1; }
    if (cx + 1 < w && seen[cell + 1] === 0 && passable[cell + 1] === from) { seen[cell + 1] = 1; queue[tail++] = cell + 1; }
    if (cell >= w && seen[cell - w] === 0 && passable[cell - w] === from) { seen[cell - w] = 1; queue[tail++] = cell - w; }
    if (cell + w < w * h && seen[cell + w] === 0 && passable[cell + w] === from) { seen[cell + w] = 1; queue[tail++] = cell + w; }
  }
  grid.version++;
}
