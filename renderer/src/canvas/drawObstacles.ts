/**
 * Moving obstacles on the dynamic layer: each one's route as the timetable walks it (a
 * dashed line through the cells, waypoints as small squares) and the obstacle itself, a violet
 * square of its footprint where the run put it at the replay's turn (held up by units
 * included), or where its timetable puts it when there is no run (at its first waypoint).
 */
import { obstacleFactory } from '../../../core/registry/registry.ts';
import type { Grid } from '../../../core/grid/grid.ts';
import { type ObstacleTimetable, obstacleTimetable, timetableCell } from '../../../core/mapf/obstacles.ts';
import type { ScenarioObstacle } from '../../../core/scenario/schema.ts';
import type { Viewport } from './viewport.ts';

export const OBSTACLE_COLOR = '#a05ae0';

/** Timetables by obstacle list and grid version: routes are searched once, not every frame. */
let cache: { obstacles: readonly ScenarioObstacle[]; grid: Grid; version: number; tables: (ObstacleTimetable | null)[] } | null = null;

function timetables(grid: Grid, obstacles: readonly ScenarioObstacle[]): (ObstacleTimetable | null)[] {
  if (cache && cache.obstacles === obstacles && cache.grid === grid && cache.version === grid.version) return cache.tables;
  const tables = obstacles.map((o) => {
    try {
      return obstacleTimetable(grid, { ...o, route: o.route.map(([x, y]) => grid.cell(x, y)) });
    } catch {
      return null; // a route the map no longer allows: its waypoints are still drawn
    }
  });
  cache = { obstacles, grid, version: grid.version, tables };
  return tables;
}

/** `executed`: each obstacle's cells per turn as a run moved it (delays included); without it, the timetable. */
/** The region size to draw: the scenario's units run among obstacles by `watch` (params.regionSize, default 8), with any solver that takes obstacles. */
export function watchRegionSize(doc: { obstacles: readonly unknown[]; solver: { solver: string; params: Record<string, unknown> } }): number | null {
  if (doc.obstacles.length === 0 || obstacleFactory(doc.solver.solver) === undefined || doc.solver.params.strategy !== 'watch') return null;
  const size = doc.solver.params.regionSize;
  return typeof size === 'number' && Number.isInteger(size) && size >= 1 ? size : 8;
}

/**
 * The `watch` strategy's regions (square blocks of `size` cells, Patel's article "Watching for map
 * changes"): faint lines between them, so a designer sees which regions a path crosses.
 */
export function drawWatchRegions(context: CanvasRenderingContext2D, grid: Grid, size: number, view: Viewport): void {
  if (!(size >= 1) || size >= Math.max(grid.width, grid.height)) return;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  context.save();
  context.strokeStyle = OBSTACLE_COLOR;
  context.globalAlpha = 0.35;
  context.lineWidth = Math.max(1, s * 0.04);
  context.setLineDash([Math.max(2, s * 0.15), Math.max(2, s * 0.15)]);
  context.beginPath();
  for (let x = size; x < grid.width; x += size) {
    context.moveTo(ox + x * s, oy);
    context.lineTo(ox + x * s, oy + grid.height * s);
  }
  for (let y = size; y < grid.height; y += size) {
    context.moveTo(ox, oy + y * s);
    context.lineTo(ox + grid.width * s, oy + y * s);
  }
  context.stroke();
  context.restore();
}

export function drawObstacles(context: CanvasRenderingContext2D, grid: Grid, obstacles: readonly ScenarioObstacle[], turn: number, view: Viewport, executed?: readonly (readonly number[])[]): void {
  if (obstacles.length === 0) return;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const w = grid.width;
  const tables = timetables(grid, obstacles);
  context.save();
  context.strokeStyle = OBSTACLE_COLOR;
  context.fillStyle = OBSTACLE_COLOR;
  obstacles.forEach((obstacle, i) => {
    const size = obstacle.size;
    const centre = (x: number, y: number): [number, number] => [ox + (x + size / 2) * s, oy + (y + size / 2) * s];
    const table = tables[i];
    // The route: every cell the timetable walks through, dashed.
    context.globalAlpha = 0.7;
    context.lineWidth = Math.max(1.5, s * 0.08);
    context.setLineDash([Math.max(3, s * 0.25), Math.max(3, s * 0.2)]);
    context.beginPath();
    const cells = table ? Array.from(table.cells) : obstacle.route.map(([x, y]) => y * w + x);
    cells.forEach((cell, k) => {
      const [x, y] = centre(cell % w, Math.floor(cell / w));
      if (k === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    });
    context.stroke();
    context.setLineDash([]);
    const mark = Math.max(3, s * 0.2);
    for (const [wx, wy] of obstacle.route) {
      const [x, y] = centre(wx, wy);
      context.fillRect(x - mark / 2, y - mark / 2, mark, mark);
    }
    // The obstacle where the run put it at this turn, or else where the timetable puts it.
    const moved = executed?.[i];
    const at = moved && moved.length > 0 ? moved[Math.min(Math.max(0, turn), moved.length - 1)] : table ? timetableCell(table, Math.max(0, turn)) : obstacle.route[0][1] * w + obstacle.route[0][0];
    const left = ox + (at % w) * s;
    const top = oy + Math.floor(at / w) * s;
    const inset = Math.max(1, s * 0.1);
    context.globalAlpha = 0.9;
    context.fillRect(left + inset, top + inset, size * s - 2 * inset, size * s - 2 * inset);
  });
  context.restore();
}
