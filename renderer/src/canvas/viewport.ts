/**
 * Where the map sits on the canvas: cell size and offset in CSS pixels. Fitting, zooming about
 * a point and mapping pointer positions to cells are pure functions of it (tested without a DOM).
 */
export interface Viewport {
  cellSize: number;
  offsetX: number;
  offsetY: number;
}

/** Cells may shrink to 1/20 px: an 8192-cell side (the lab's largest) then fits in 410 px. */
export const MIN_CELL_SIZE = 0.05;
export const MAX_CELL_SIZE = 96;

/**
 * The whole map in view, centred. `corner`: a box floating in the canvas's bottom-right corner
 * (the heat map's legend) that the map must not lie under: the map then gives up a strip along the
 * bottom or along the right, whichever costs it less, and is centred in what is left.
 */
export function fitViewport(cssWidth: number, cssHeight: number, mapWidth: number, mapHeight: number, margin = 12, corner?: { width: number; height: number }): Viewport {
  if (corner) {
    const below = fitViewport(cssWidth, cssHeight - corner.height, mapWidth, mapHeight, margin);
    const beside = fitViewport(cssWidth - corner.width, cssHeight, mapWidth, mapHeight, margin);
    return below.cellSize >= beside.cellSize ? below : beside;
  }
  const cellSize = Math.max(MIN_CELL_SIZE, Math.min((cssWidth - 2 * margin) / mapWidth, (cssHeight - 2 * margin) / mapHeight, MAX_CELL_SIZE));
  return {
    cellSize,
    offsetX: Math.round((cssWidth - cellSize * mapWidth) / 2),
    offsetY: Math.round((cssHeight - cellSize * mapHeight) / 2),
  };
}

/** Zooms by `factor` keeping the map point under (px, py) where it is. */
export function zoomAt(view: Viewport, factor: number, px: number, py: number): Viewport {
  const cellSize = Math.max(MIN_CELL_SIZE, Math.min(MAX_CELL_SIZE, view.cellSize * factor));
  const scale = cellSize / view.cellSize;
  return { cellSize, offsetX: px - (px - view.offsetX) * scale, offsetY: py - (py - view.offsetY) * scale };
}

export function panBy(view: Viewport, dx: number, dy: number): Viewport {
  return { ...view, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy };
}

/** The cell under a CSS point (may lie outside the map). */
export function cellAtPoint(view: Viewport, px: number, py: number): { x: number; y: number } {
  return { x: Math.floor((px - view.offsetX) / view.cellSize), y: Math.floor((py - view.offsetY) / view.cellSize) };
}

/** The view that puts map point (x, y), in cells, at the canvas centre, keeping the zoom. */
export function centreOn(view: Viewport, cssWidth: number, cssHeight: number, x: number, y: number): Viewport {
  return { cellSize: view.cellSize, offsetX: cssWidth / 2 - x * view.cellSize, offsetY: cssHeight / 2 - y * view.cellSize };
}
