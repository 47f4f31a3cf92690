/** The static layer: floor, walls and grid lines. Redrawn only when the map or view changes. */
import type { Grid } from '../../../core/grid/grid.ts';
import type { Viewport } from './viewport.ts';

export const FLOOR_COLOR = '#f4f1ea';
export const WALL_COLOR = '#2b2d33';
const GRID_LINE_COLOR = 'rgba(0, 0, 0, 0.08)';

export function drawStatic(context: CanvasRenderingContext2D, grid: Grid, view: Viewport, cssWidth: number, cssHeight: number): void {
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  context.clearRect(0, 0, cssWidth, cssHeight);
  context.fillStyle = FLOOR_COLOR;
  context.fillRect(ox, oy, grid.width * s, grid.height * s);
  context.fillStyle = WALL_COLOR;
  for (let y = 0; y < grid.height; y++) {
    // Runs of wall cells in a row are one rectangle: far fewer fills on large maps.
    let runStart = -1;
    for (let x = 0; x <= grid.width; x++) {
      const wall = x < grid.width && grid.passable[y * grid.width + x] === 0;
      if (wall && runStart < 0) runStart = x;
      if (!wall && runStart >= 0) {
        context.fillRect(ox + runStart * s, oy + y * s, (x - runStart) * s, s);
        runStart = -1;
      }
    }
  }
  if (s >= 6) {
    context.strokeStyle = GRID_LINE_COLOR;
    context.lineWidth = 1;
    context.beginPath();
    for (let x = 0; x <= grid.width; x++) {
      context.moveTo(ox + x * s + 0.5, oy);
      context.lineTo(ox + x * s + 0.5, oy + grid.height * s);
    }
    for (let y = 0; y <= grid.height; y++) {
      context.moveTo(ox, oy + y * s + 0.5);
      context.lineTo(ox + grid.width * s, oy + y * s + 0.5);
    }
    context.stroke();
  }
}
