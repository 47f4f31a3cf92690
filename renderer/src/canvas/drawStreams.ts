/**
 * A stream's areas on the map: spawners (where units appear; green) and exits (where units
 * leave; violet), each outlined cell by cell (an area may be any shape) with its name on a plate
 * above its top-left cell, drawn under the paths and units so a designer sees where traffic comes
 * from and goes to while the replay runs.
 */
import type { ScenarioArea, ScenarioExit, ScenarioSpawner } from '../../../core/scenario/streamSchema.ts';
import type { Viewport } from './viewport.ts';

export const SPAWNER_COLOUR = '#2b9348';
export const EXIT_COLOUR = '#7b2cbf';

/** The area's cells as [x, y] (a rectangle's every cell), within a width x height map. */
export function areaPoints(area: ScenarioArea, width: number, height: number): [number, number][] {
  const out: [number, number][] = [];
  if (area.cells) for (const [x, y] of area.cells) out.push([x, y]);
  else if (area.from && area.to) {
    const [x0, x1] = [Math.min(area.from[0], area.to[0]), Math.max(area.from[0], area.to[0])];
    const [y0, y1] = [Math.min(area.from[1], area.to[1]), Math.max(area.from[1], area.to[1])];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push([x, y]);
  }
  return out.filter(([x, y]) => x >= 0 && y >= 0 && x < width && y < height);
}

/** Fills each area's cells lightly and strokes the area's border (edges between a cell in and one out). */
export function drawStreamAreas(context: CanvasRenderingContext2D, spawners: readonly ScenarioSpawner[], exits: readonly ScenarioExit[], width: number, height: number, view: Viewport): void {
  if (spawners.length === 0 && exits.length === 0) return;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  context.save();
  context.lineWidth = Math.max(2, Math.min(4, s * 0.12));
  const draw = (area: ScenarioArea, colour: string, fill: string) => {
    const points = areaPoints(area, width, height);
    const inside = new Set(points.map(([x, y]) => y * width + x));
    const has = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && inside.has(y * width + x);
    context.fillStyle = fill;
    for (const [x, y] of points) context.fillRect(ox + x * s, oy + y * s, s, s);
    context.strokeStyle = colour;
    context.beginPath();
    for (const [x, y] of points) {
      const px = ox + x * s;
      const py = oy + y * s;
      if (!has(x, y - 1)) { context.moveTo(px, py); context.lineTo(px + s, py); }
      if (!has(x, y + 1)) { context.moveTo(px, py + s); context.lineTo(px + s, py + s); }
      if (!has(x - 1, y)) { context.moveTo(px, py); context.lineTo(px, py + s); }
      if (!has(x + 1, y)) { context.moveTo(px + s, py); context.lineTo(px + s, py + s); }
    }
    context.stroke();
  };
  for (const spawner of spawners) draw(spawner.area, SPAWNER_COLOUR, 'rgba(43, 147, 72, 0.14)');
  for (const exit of exits) draw(exit.area, EXIT_COLOUR, 'rgba(123, 44, 191, 0.12)');
  context.restore();
}

/**
 * Where a name plate goes: above the area's top-left cell, inside the area's top edge when there
 * is no room above it, and slid left or down so that the whole plate is on the canvas (a name at
 * the map's right or top edge was cut off by the canvas's edge). `x`, `top`: the plate's corner;
 * `baseline`: the text's baseline (textBaseline 'bottom').
 */
export function labelPlate(cellX: number, cellY: number, textWidth: number, font: number, view: Viewport, canvasWidth: number, canvasHeight: number): { x: number; top: number; width: number; height: number; baseline: number } {
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const width = textWidth + 6;
  const height = font + 3;
  const above = oy + cellY * s - 2 - height + 1;
  // No room above (the map's top row, or the canvas's top edge): inside the area's top edge instead.
  let top = above >= 0 ? above : oy + cellY * s + 1;
  top = Math.min(Math.max(0, top), Math.max(0, canvasHeight - height));
  const x = Math.min(Math.max(0, ox + cellX * s), Math.max(0, canvasWidth - width));
  return { x, top, width, height, baseline: top + height - 1 };
}

/** Names on a light plate above each area's top-left cell ("spawner name", "exit name"), always whole on the canvas. */
export function drawStreamLabels(context: CanvasRenderingContext2D, spawners: readonly ScenarioSpawner[], exits: readonly ScenarioExit[], width: number, height: number, view: Viewport, canvasWidth: number, canvasHeight: number): void {
  if (spawners.length === 0 && exits.length === 0) return;
  const s = view.cellSize;
  context.save();
  const font = Math.max(10, Math.min(14, s * 0.6));
  context.font = `600 ${font}px system-ui, sans-serif`;
  context.textBaseline = 'bottom';
  // The units' numbers leave the context centred; names start at their area's left edge.
  context.textAlign = 'left';
  const label = (area: ScenarioArea, text: string, colour: string) => {
    const points = areaPoints(area, width, height);
    if (points.length === 0) return;
    let x0 = Infinity;
    let y0 = Infinity;
    for (const [x, y] of points) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
    }
    const plate = labelPlate(x0, y0, context.measureText(text).width, font, view, canvasWidth, canvasHeight);
    context.fillStyle = 'rgba(255, 255, 255, 0.85)';
    context.fillRect(plate.x, plate.top, plate.width, plate.height);
    context.fillStyle = colour;
    context.fillText(text, plate.x + 3, plate.baseline);
  };
  for (const spawner of spawners) label(spawner.area, `spawner ${spawner.name}`, SPAWNER_COLOUR);
  for (const exit of exits) label(exit.area, `exit ${exit.name}`, EXIT_COLOUR);
  context.restore();
}
