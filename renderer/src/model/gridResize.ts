/**
 * Resizing the grid so it can be undone without a snapshot: the cells that leave the map are
 * returned (row-major over the old map's cells outside the new bounds), and the resize back
 * takes them as `restore`: the cells that come back into the map are exactly those, in the same
 * order, so their values return where they were.
 */
import type { Grid } from '../../../core/grid/grid.ts';

export interface CellValues {
  passable: Uint8Array;
  weight: Float32Array | null;
}

export function resizeGrid(grid: Grid, width: number, height: number, restore: CellValues | null): CellValues {
  const oldWidth = grid.width;
  const oldHeight = grid.height;
  const removed = collectOutside(grid, width, height);
  grid.resize(width, height);
  if (restore) {
    let k = 0;
    for (let y = 0; y < height; y++) {
      for (let x = y < oldHeight ? oldWidth : 0; x < width; x++, k++) {
        const cell = y * width + x;
        grid.passable[cell] = restore.passable[k];
        if (grid.weight && restore.weight) grid.weight[cell] = restore.weight[k];
      }
    }
  }
  return removed;
}

/** Values of the grid's cells with x >= width or y >= height, row-major. */
function collectOutside(grid: Grid, width: number, height: number): CellValues {
  const w = grid.width;
  const h = grid.height;
  const keptW = Math.min(w, width);
  const keptH = Math.min(h, height);
  const count = w * h - keptW * keptH;
  const passable = new Uint8Array(count);
  const weight = grid.weight ? new Float32Array(count) : null;
  let k = 0;
  for (let y = 0; y < h; y++) {
    for (let x = y < keptH ? keptW : 0; x < w; x++, k++) {
      passable[k] = grid.passable[y * w + x];
      if (weight) weight[k] = grid.weight![y * w + x];
    }
  }
  return { passable, weight };
}
