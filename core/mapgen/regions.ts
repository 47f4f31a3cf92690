/**
 * Connected regions of free cells (4-connected: with the 'no-cut' corner rule an 8-connected
 * unit can only move between cells that are also 4-connected, so the regions are the same).
 */
import type { Grid } from '../grid/grid.ts';

export interface Regions {
  /** Region id of every cell; -1 for walls. */
  label: Int32Array;
  /** Cells in each region, by id. */
  sizes: number[];
  /** Id of the largest region (the first of equal ones); -1 on a map with no free cell. */
  largest: number;
}

export function findRegions(grid: Grid): Regions {
  const { width, height } = grid;
  const label = new Int32Array(grid.cells).fill(-1);
  const queue = new Int32Array(grid.cells);
  const sizes: number[] = [];
  let largest = -1;
  for (let seed = 0; seed < grid.cells; seed++) {
    if (grid.passable[seed] === 0 || label[seed] >= 0) continue;
    const id = sizes.length;
    let head = 0;
    let tail = 0;
    label[seed] = id;
    queue[tail++] = seed;
    while (head < tail) {
      const cell = queue[head++];
      const x = cell % width;
      const y = (cell - x) / width;
      if (x > 0 && grid.passable[cell - 1] === 1 && label[cell - 1] < 0) { label[cell - 1] = id; queue[tail++] = cell - 1; }
      if (x + 1 < width && grid.passable[cell + 1] === 1 && label[cell + 1] < 0) { label[cell + 1] = id; queue[tail++] = cell + 1; }
      if (y > 0 && grid.passable[cell - width] === 1 && label[cell - width] < 0) { label[cell - width] = id; queue[tail++] = cell - width; }
      if (y + 1 < height && grid.passable[cell + width] === 1 && label[cell + width] < 0) { label[cell + width] = id; queue[tail++] = cell + width; }
    }
    sizes.push(tail);
    if (largest < 0 || tail > sizes[largest]) largest = id;
  }
  return { label, sizes, largest };
}

/** Cells of region `id` in row-major order. */
export function regionCells(regions: Regions, id: number): number[] {
  const cells: number[] = [];
  for (let c = 0; c < regions.label.length; c++) if (regions.label[c] === id) cells.push(c);
  return cells;
}

/** Walls off every free cell outside the largest region; returns how many cells were filled. */
export function fillSmallRegions(grid: Grid): number {
  const regions = findRegions(grid);
  let filled = 0;
  for (let c = 0; c < grid.cells; c++) {
    if (regions.label[c] >= 0 && regions.label[c] !== regions.largest) {
      grid.setPassable(c, false);
      filled++;
    }
  }
  return filled;
}
