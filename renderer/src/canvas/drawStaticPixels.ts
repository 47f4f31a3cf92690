/**
 * The static layer of a map zoomed out past a pixel per cell, drawn from the grid as pixels: each
 * screen pixel is the share of walls among the cells whose centres fall in it, blended from the
 * floor's colour to the wall's, the area average a canvas's anti-aliased rectangles gave. One
 * pass over the cells in view with typed arrays and one putImageData: a 5000 x 5000 map (25 M
 * cells) fitted to the window would otherwise be millions of sub-pixel fillRects. Further out
 * than BLOCK cells a pixel, the pass is over per-block wall counts kept per map version.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import type { CellRegion } from '../model/commandContext.ts';
import type { Viewport } from './viewport.ts';

/** The map's outline at this zoom: a mostly free map's floor is barely apart from the page. */
export const MAP_OUTLINE_COLOR = 'rgba(43, 45, 51, 0.45)';

/** Device pixels per cell below which the static layer is drawn as pixels. */
export const PIXEL_STATIC_MAX_CELL = 1;

/** Cells per side of the blocks counted once per map version for the farthest zooms. */
export const BLOCK = 4;

let columnPixel = new Int32Array(0);
let columnCells = new Uint16Array(0);
let wallCount = new Uint32Array(0);

/**
 * Walls per BLOCK x BLOCK block of the grid, kept for its version: counted whole when the map
 * changed as a whole, and for an edit only in the blocks its region touches (the static layer is
 * redrawn with the region of every edit, so the counts follow every change it shows).
 */
let blockCache: { grid: Grid; version: number; width: number; height: number; walls: Uint8Array } | null = null;

function wallBlocks(grid: Grid, region: CellRegion | null): Uint8Array {
  const columns = Math.ceil(grid.width / BLOCK);
  const rows = Math.ceil(grid.height / BLOCK);
  const cache = blockCache;
  if (cache && cache.grid === grid && cache.width === grid.width && cache.height === grid.height) {
    if (cache.version === grid.version) return cache.walls;
    if (region) {
      countBlocks(grid, cache.walls, Math.floor(region.x0 / BLOCK), Math.floor(region.y0 / BLOCK), Math.floor(region.x1 / BLOCK), Math.floor(region.y1 / BLOCK));
      cache.version = grid.version;
      return cache.walls;
    }
  }
  const walls = new Uint8Array(columns * rows);
  countBlocks(grid, walls, 0, 0, columns - 1, rows - 1);
  blockCache = { grid, version: grid.version, width: grid.width, height: grid.height, walls };
  return walls;
}

/** Recounts the walls of blocks bx0..bx1 x by0..by1 (inclusive). */
function countBlocks(grid: Grid, walls: Uint8Array, bx0: number, by0: number, bx1: number, by1: number): void {
  const columns = Math.ceil(grid.width / BLOCK);
  const passable = grid.passable;
  for (let by = by0; by <= by1; by++) {
    walls.fill(0, by * columns + bx0, by * columns + bx1 + 1);
    const yEnd = Math.min(grid.height, (by + 1) * BLOCK);
    const xEnd = Math.min(grid.width, (bx1 + 1) * BLOCK);
    for (let y = by * BLOCK; y < yEnd; y++) {
      const base = y * grid.width;
      for (let x = bx0 * BLOCK; x < xEnd; x++) walls[by * columns + ((x / BLOCK) | 0)] += 1 - passable[base + x];
    }
  }
}

function rgbOf(hex: string): [number, number, number] {
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

/**
 * Draws the map's cells (all, or those of `region` and the pixels they share with neighbours)
 * onto the static layer's canvas, whose context is scaled by its device pixel ratio.
 */
export function drawStaticPixels(context: CanvasRenderingContext2D, grid: Grid, view: Viewport, floorColour: string, wallColour: string, region: CellRegion | null): void {
  const ratio = context.getTransform().a;
  const canvasWidth = context.canvas.width;
  const canvasHeight = context.canvas.height;
  const cell = view.cellSize * ratio;
  const mapLeft = view.offsetX * ratio;
  const mapTop = view.offsetY * ratio;
  // The pixel holding a cell's centre.
  const pixelX = (x: number) => Math.floor(mapLeft + (x + 0.5) * cell);
  const pixelY = (y: number) => Math.floor(mapTop + (y + 0.5) * cell);
  let left = Math.max(0, pixelX(0));
  let top = Math.max(0, pixelY(0));
  let right = Math.min(canvasWidth, pixelX(grid.width - 1) + 1);
  let bottom = Math.min(canvasHeight, pixelY(grid.height - 1) + 1);
  if (region) {
    left = Math.max(left, pixelX(region.x0));
    top = Math.max(top, pixelY(region.y0));
    right = Math.min(right, pixelX(region.x1) + 1);
    bottom = Math.min(bottom, pixelY(region.y1) + 1);
  } else {
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvasWidth, canvasHeight);
    // The border: one device pixel just outside the map's pixels, all round.
    context.strokeStyle = MAP_OUTLINE_COLOR;
    context.lineWidth = 1;
    context.strokeRect(pixelX(0) - 0.5, pixelY(0) - 0.5, pixelX(grid.width - 1) - pixelX(0) + 2, pixelY(grid.height - 1) - pixelY(0) + 2);
    context.restore();
  }
  const width = right - left;
  const height = bottom - top;
  if (width <= 0 || height <= 0) return;
  // Far out (a pixel spans BLOCK cells or more each way) the counts come from BLOCK x BLOCK
  // blocks of cells, a sixteenth of the reads; nearer, from the cells themselves.
  const block = cell * BLOCK <= 1 ? BLOCK : 1;
  const blocks = block === 1 ? null : wallBlocks(grid, region);
  const columns = Math.ceil(grid.width / block);
  const rowsOfBlocks = Math.ceil(grid.height / block);
  // A block's centre, in cells, and the pixel holding it.
  const blockPixelX = (b: number) => Math.floor(mapLeft + (b * block + Math.min(block, grid.width - b * block) / 2) * cell);
  const blockPixelY = (b: number) => Math.floor(mapTop + (b * block + Math.min(block, grid.height - b * block) / 2) * cell);
  // The blocks whose centres fall in pixel columns left..right-1 and rows top..bottom-1.
  const firstBlock = (pixel: number, origin: number, count: number) => Math.max(0, Math.min(count, Math.floor(((pixel - origin) / cell - 0.5) / block)));
  let x0 = Math.max(0, firstBlock(left, mapLeft, columns) - 1);
  while (x0 < columns && blockPixelX(x0) < left) x0++;
  let x1 = x0;
  while (x1 < columns && blockPixelX(x1) < right) x1++;
  let y0 = Math.max(0, firstBlock(top, mapTop, rowsOfBlocks) - 1);
  while (y0 < rowsOfBlocks && blockPixelY(y0) < top) y0++;
  if (columnPixel.length < columns) columnPixel = new Int32Array(columns);
  if (columnCells.length < width) columnCells = new Uint16Array(width);
  if (wallCount.length < width) wallCount = new Uint32Array(width);
  columnCells.fill(0, 0, width);
  for (let x = x0; x < x1; x++) {
    const k = blockPixelX(x) - left;
    columnPixel[x] = k;
    columnCells[k] += Math.min(block, grid.width - x * block);
  }
  const image = new ImageData(width, height);
  const out = new Uint32Array(image.data.buffer);
  const [fr, fg, fb] = rgbOf(floorColour);
  const [wr, wg, wb] = rgbOf(wallColour);
  const passable = grid.passable;
  let y = y0;
  for (let row = 0; row < height && y < rowsOfBlocks; row++) {
    wallCount.fill(0, 0, width);
    let rows = 0;
    // Every row of blocks (of cells) whose centre is in this pixel row.
    for (; y < rowsOfBlocks && blockPixelY(y) - top <= row; y++) {
      rows += Math.min(block, grid.height - y * block);
      if (blocks) {
        const base = y * columns;
        for (let x = x0; x < x1; x++) wallCount[columnPixel[x]] += blocks[base + x];
      } else {
        const base = y * grid.width;
        for (let x = x0; x < x1; x++) wallCount[columnPixel[x]] += 1 - passable[base + x];
      }
    }
    if (rows === 0) continue;
    const at = row * width;
    for (let k = 0; k < width; k++) {
      const cells = columnCells[k] * rows;
      if (cells === 0) continue;
      const share = wallCount[k] / cells;
      const r = Math.round(fr + (wr - fr) * share);
      const g = Math.round(fg + (wg - fg) * share);
      const b = Math.round(fb + (wb - fb) * share);
      out[at + k] = ((0xff << 24) | (b << 16) | (g << 8) | r) >>> 0;
    }
  }
  context.putImageData(image, left, top);
}
