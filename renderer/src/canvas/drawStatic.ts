/**
 * The static layer: floor, walls and grid lines. Redrawn only when the map or the view changes,
 * and for a brush stroke segment only in the rectangle of cells the segment touched.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import type { CellRegion } from '../model/commandContext.ts';
import type { Viewport } from './viewport.ts';
import { PIXEL_STATIC_MAX_CELL, drawStaticPixels } from './drawStaticPixels.ts';

export const FLOOR_COLOR = '#f4f1ea';
export const WALL_COLOR = '#2b2d33';
const GRID_LINE_COLOR = 'rgba(0, 0, 0, 0.08)';

export function drawStatic(context: CanvasRenderingContext2D, grid: Grid, view: Viewport, cssWidth: number, cssHeight: number, region: CellRegion | null = null): void {
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  // Zoomed out past a pixel per cell (a 5000 x 5000 map fitted): one pass over the grid into pixels.
  if (s * context.getTransform().a < PIXEL_STATIC_MAX_CELL) {
    drawStaticPixels(context, grid, view, FLOOR_COLOR, WALL_COLOR, region);
    return;
  }
  // Only cells on screen (and in the region) are drawn: a zoomed-in 1024×1024 map stays cheap.
  let x0 = Math.max(0, Math.floor(-ox / s));
  let y0 = Math.max(0, Math.floor(-oy / s));
  let x1 = Math.min(grid.width - 1, Math.floor((cssWidth - ox) / s));
  let y1 = Math.min(grid.height - 1, Math.floor((cssHeight - oy) / s));
  if (region) {
    x0 = Math.max(x0, region.x0);
    y0 = Math.max(y0, region.y0);
    x1 = Math.min(x1, region.x1);
    y1 = Math.min(y1, region.y1);
  } else {
    context.clearRect(0, 0, cssWidth, cssHeight);
  }
  if (x1 < x0 || y1 < y0) return;
  context.save();
  if (region) {
    // Clip to the region so anti-aliased edges and grid lines of neighbours are not overdrawn.
    context.beginPath();
    context.rect(ox + x0 * s, oy + y0 * s, (x1 - x0 + 1) * s, (y1 - y0 + 1) * s);
    context.clip();
  }
  context.fillStyle = FLOOR_COLOR;
  context.fillRect(ox + x0 * s, oy + y0 * s, (x1 - x0 + 1) * s, (y1 - y0 + 1) * s);
  context.fillStyle = WALL_COLOR;
  const passable = grid.passable;
  for (let y = y0; y <= y1; y++) {
    // Runs of wall cells in a row are one rectangle: far fewer fills on large maps.
    let runStart = -1;
    const row = y * grid.width;
    for (let x = x0; x <= x1 + 1; x++) {
      const wall = x <= x1 && passable[row + x] === 0;
      if (wall && runStart < 0) runStart = x;
      if (!wall && runStart >= 0) {
        // Edges on whole pixels, so rows of walls at small cell sizes leave no anti-aliased seams.
        const left = Math.round(ox + runStart * s);
        const top = Math.round(oy + y * s);
        context.fillRect(left, top, Math.round(ox + x * s) - left, Math.round(oy + (y + 1) * s) - top);
        runStart = -1;
      }
    }
  }
  if (s >= 6) {
    context.strokeStyle = GRID_LINE_COLOR;
    context.lineWidth = 1;
    context.beginPath();
    for (let x = x0; x <= x1 + 1; x++) {
      context.moveTo(ox + x * s + 0.5, oy + y0 * s);
      context.lineTo(ox + x * s + 0.5, oy + (y1 + 1) * s);
    }
    for (let y = y0; y <= y1 + 1; y++) {
      context.moveTo(ox + x0 * s, oy + y * s + 0.5);
      context.lineTo(ox + (x1 + 1) * s, oy + y * s + 0.5);
    }
    context.stroke();
  }
  context.restore();
}
