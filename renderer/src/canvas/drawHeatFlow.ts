/**
 * The heat map and the flow arrows of the dynamic layer, drawn over the cells in view only. A
 * 5000 x 5000 map has 25 M cells, and the dynamic layer is redrawn every frame of a replay: the
 * loops walked every cell of the map on each. Zoomed out past a device pixel per cell, the heat
 * is drawn as pixels (the hottest cell whose centre falls in each pixel, as the static layer
 * draws walls: drawStaticPixels.ts) into an image kept for the plan, measure and view, so a frame
 * of the replay only copies it.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import { type HeatLayers, type HeatMeasure, heatColour } from '../replay/heatLayers.ts';
import type { Viewport } from './viewport.ts';

/** Columns x0..x1 - 1 and rows y0..y1 - 1 of the cells a canvas of cssWidth x cssHeight shows (any part of). */
export interface CellRange {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function visibleCells(view: Viewport, gridWidth: number, gridHeight: number, cssWidth: number, cssHeight: number): CellRange {
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  return {
    x0: clamp(Math.floor(-ox / s), gridWidth),
    y0: clamp(Math.floor(-oy / s), gridHeight),
    x1: clamp(Math.ceil((cssWidth - ox) / s), gridWidth),
    y1: clamp(Math.ceil((cssHeight - oy) / s), gridHeight),
  };
}

/** The heat's RGBA (as heatColour's) for a value of `max`, packed little-endian for a Uint32 view of ImageData. */
function heatPixel(value: number, max: number): number {
  const v = max > 0 ? value / max : 0;
  const r = 230 + Math.round(25 * v);
  const g = Math.round(170 * (1 - v));
  const a = Math.round(255 * (0.3 + 0.55 * v));
  return ((a << 24) | (40 << 16) | (g << 8) | r) >>> 0;
}

/** Heat as pixels: a canvas-sized image's pixels, each the hottest cell whose centre falls in it (0: none). */
export interface HeatImage {
  left: number;
  top: number;
  width: number;
  height: number;
  pixels: Uint32Array;
}

/**
 * The heat of cells in view as device pixels: `cell` device pixels a cell, the map's corner at
 * (mapLeft, mapTop), on a canvas of canvasWidth x canvasHeight device pixels.
 */
export function heatImage(heat: Uint32Array, max: number, gridWidth: number, gridHeight: number, cell: number, mapLeft: number, mapTop: number, canvasWidth: number, canvasHeight: number): HeatImage | null {
  const pixelX = (x: number) => Math.floor(mapLeft + (x + 0.5) * cell);
  const pixelY = (y: number) => Math.floor(mapTop + (y + 0.5) * cell);
  const left = Math.max(0, pixelX(0));
  const top = Math.max(0, pixelY(0));
  const width = Math.min(canvasWidth, pixelX(gridWidth - 1) + 1) - left;
  const height = Math.min(canvasHeight, pixelY(gridHeight - 1) + 1) - top;
  if (width <= 0 || height <= 0 || max === 0) return null;
  const range = visibleCells({ cellSize: cell, offsetX: mapLeft, offsetY: mapTop }, gridWidth, gridHeight, canvasWidth, canvasHeight);
  const hottest = new Uint32Array(width * height);
  for (let y = range.y0; y < range.y1; y++) {
    const py = pixelY(y) - top;
    if (py < 0 || py >= height) continue;
    const base = y * gridWidth;
    const row = py * width;
    for (let x = range.x0; x < range.x1; x++) {
      const h = heat[base + x];
      if (h === 0) continue;
      const px = pixelX(x) - left;
      if (px >= 0 && px < width && h > hottest[row + px]) hottest[row + px] = h;
    }
  }
  const pixels = new Uint32Array(width * height);
  for (let k = 0; k < pixels.length; k++) if (hottest[k] > 0) pixels[k] = heatPixel(hottest[k], max);
  return { left, top, width, height, pixels };
}

/** The last heat image drawn, for the frames that follow with the same plan, measure and view. */
let kept: { layers: HeatLayers; key: string; canvas: OffscreenCanvas | HTMLCanvasElement | null; left: number; top: number } | null = null;

function imageCanvas(image: HeatImage): OffscreenCanvas | HTMLCanvasElement {
  const canvas = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(image.width, image.height) : Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
  const data = new ImageData(image.width, image.height);
  new Uint32Array(data.data.buffer).set(image.pixels);
  (canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D).putImageData(data, 0, 0);
  return canvas;
}

/** The chosen measure per cell, from pale orange to red (congestion: the chokepoint view). */
export function drawHeat(context: CanvasRenderingContext2D, grid: Grid, layers: HeatLayers, measure: HeatMeasure, view: Viewport, cssWidth: number, cssHeight: number): void {
  const heat = layers.values[measure];
  const heatMax = layers.max[measure];
  if (heatMax === 0) return;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const ratio = context.getTransform().a;
  if (s * ratio < 1) {
    const canvasWidth = context.canvas.width;
    const canvasHeight = context.canvas.height;
    const key = `${measure} ${s * ratio} ${ox * ratio} ${oy * ratio} ${canvasWidth} ${canvasHeight}`;
    if (kept === null || kept.layers !== layers || kept.key !== key) {
      const image = heatImage(heat, heatMax, grid.width, grid.height, s * ratio, ox * ratio, oy * ratio, canvasWidth, canvasHeight);
      kept = { layers, key, canvas: image ? imageCanvas(image) : null, left: image?.left ?? 0, top: image?.top ?? 0 };
    }
    if (kept.canvas === null) return;
    context.save();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.drawImage(kept.canvas, kept.left, kept.top);
    context.restore();
    return;
  }
  const w = grid.width;
  const { x0, y0, x1, y1 } = visibleCells(view, grid.width, grid.height, cssWidth, cssHeight);
  for (let y = y0; y < y1; y++) {
    const top = Math.round(oy + y * s);
    const height = Math.round(oy + (y + 1) * s) - top;
    for (let x = x0; x < x1; x++) {
      const h = heat[y * w + x];
      if (h === 0) continue;
      context.fillStyle = heatColour(h, heatMax);
      const left = Math.round(ox + x * s);
      context.fillRect(left, top, Math.round(ox + (x + 1) * s) - left, height);
    }
  }
}

/** Below this cell size arrows would be a blur: the flow is not drawn. */
const FLOW_MIN_CELL = 6;

/** An arrow per cell in view units moved through, along their net direction, as long as its share of the busiest cell's flow. */
export function drawFlow(context: CanvasRenderingContext2D, grid: Grid, layers: HeatLayers, view: Viewport, cssWidth: number, cssHeight: number): void {
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  if (layers.flowMax === 0 || s < FLOW_MIN_CELL) return;
  const w = grid.width;
  const { x0, y0, x1, y1 } = visibleCells(view, grid.width, grid.height, cssWidth, cssHeight);
  context.save();
  context.strokeStyle = 'rgba(20, 60, 140, 0.85)';
  context.fillStyle = 'rgba(20, 60, 140, 0.85)';
  context.lineWidth = Math.max(1, s * 0.07);
  const head = Math.max(2, s * 0.16);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const c = y * w + x;
      const fx = layers.flowX[c];
      const fy = layers.flowY[c];
      const magnitude = Math.hypot(fx, fy);
      if (magnitude === 0) continue;
      const length = s * (0.25 + 0.45 * (magnitude / layers.flowMax));
      const ux = fx / magnitude;
      const uy = fy / magnitude;
      const cx = ox + (x + 0.5) * s;
      const cy = oy + (y + 0.5) * s;
      const x0Arrow = cx - (ux * length) / 2;
      const y0Arrow = cy - (uy * length) / 2;
      const x1Arrow = cx + (ux * length) / 2;
      const y1Arrow = cy + (uy * length) / 2;
      context.beginPath();
      context.moveTo(x0Arrow, y0Arrow);
      context.lineTo(x1Arrow, y1Arrow);
      context.stroke();
      context.beginPath();
      context.moveTo(x1Arrow, y1Arrow);
      context.lineTo(x1Arrow - ux * head - uy * head * 0.6, y1Arrow - uy * head + ux * head * 0.6);
      context.lineTo(x1Arrow - ux * head + uy * head * 0.6, y1Arrow - uy * head - ux * head * 0.6);
      context.closePath();
      context.fill();
    }
  }
  context.restore();
}
