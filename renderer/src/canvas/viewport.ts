/** Where the map sits on the canvas: cell size and offset that fit the map into the view. */
export interface Viewport {
  cellSize: number;
  offsetX: number;
  offsetY: number;
}

export function fitViewport(cssWidth: number, cssHeight: number, mapWidth: number, mapHeight: number, margin = 12): Viewport {
  const cellSize = Math.max(1, Math.min((cssWidth - 2 * margin) / mapWidth, (cssHeight - 2 * margin) / mapHeight));
  return {
    cellSize,
    offsetX: Math.round((cssWidth - cellSize * mapWidth) / 2),
    offsetY: Math.round((cssHeight - cellSize * mapHeight) / 2),
  };
}

/**
 * Sizes a canvas's backing store for the device pixel ratio, only when it changed (resizing
 * clears the canvas and costs a reallocation), and returns its 2D context scaled to CSS pixels.
 */
export function prepareCanvas(canvas: HTMLCanvasElement, cssWidth: number, cssHeight: number): CanvasRenderingContext2D {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(cssWidth * ratio);
  const height = Math.round(cssHeight * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const context = canvas.getContext('2d')!;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}
