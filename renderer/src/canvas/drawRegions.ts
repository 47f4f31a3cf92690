/**
 * Measured regions: each a dashed teal outline round its cells with its name above,
 * so a designer sees what is measured while watching the replay; the Measure tool's rectangle in
 * progress is drawn the same way.
 */
import type { ScenarioRegion } from '../../../core/scenario/schema.ts';
import type { Viewport } from './viewport.ts';

export const REGION_COLOUR = '#0f9d8a';

/** Outlines and a light fill, drawn under the paths and units. */
export function drawRegions(context: CanvasRenderingContext2D, regions: readonly Pick<ScenarioRegion, 'name' | 'from' | 'to'>[], view: Viewport): void {
  if (regions.length === 0) return;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  context.save();
  context.strokeStyle = REGION_COLOUR;
  context.fillStyle = 'rgba(15, 157, 138, 0.12)';
  context.lineWidth = Math.max(2, Math.min(4, s * 0.12));
  context.setLineDash([6, 3]);
  for (const region of regions) {
    const { x0, y0, w, h } = bounds(region);
    context.fillRect(ox + x0 * s, oy + y0 * s, w * s, h * s);
    context.strokeRect(ox + x0 * s, oy + y0 * s, w * s, h * s);
  }
  context.restore();
}

/** Names on a light plate above each region's top-left corner, drawn over the units so they stay readable. */
export function drawRegionLabels(context: CanvasRenderingContext2D, regions: readonly Pick<ScenarioRegion, 'name' | 'from' | 'to'>[], view: Viewport): void {
  if (regions.length === 0) return;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  context.save();
  const font = Math.max(10, Math.min(14, s * 0.6));
  context.font = `600 ${font}px system-ui, sans-serif`;
  context.textBaseline = 'bottom';
  context.textAlign = 'left';
  for (const region of regions) {
    if (!region.name) continue;
    const { x0, y0 } = bounds(region);
    const tw = context.measureText(region.name).width;
    const lx = ox + x0 * s;
    const ly = oy + y0 * s - 2;
    context.fillStyle = 'rgba(255, 255, 255, 0.85)';
    context.fillRect(lx, ly - font - 2, tw + 6, font + 3);
    context.fillStyle = REGION_COLOUR;
    context.fillText(region.name, lx + 3, ly);
  }
  context.restore();
}

function bounds(region: Pick<ScenarioRegion, 'from' | 'to'>): { x0: number; y0: number; w: number; h: number } {
  return {
    x0: Math.min(region.from[0], region.to[0]),
    y0: Math.min(region.from[1], region.to[1]),
    w: Math.abs(region.to[0] - region.from[0]) + 1,
    h: Math.abs(region.to[1] - region.from[1]) + 1,
  };
}
