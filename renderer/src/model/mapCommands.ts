/** Commands that edit the map: brush strokes, rectangles, lines, flood fill, resize. */
import { MAX_GRID_SIDE } from '../../../core/grid/grid.ts';
import type { MapEvent, ScenarioAgent, ScenarioObstacle, ScenarioRegion } from '../../../core/scenario/schema.ts';
import { CellRecorder } from './cellRecorder.ts';
import type { CellRegion, CommandContext, CommandDefinition } from './commandContext.ts';
import { CommandError, type XY } from './commandTypes.ts';
import { floodFill, paintRect, stamp, stampLine, type Paint } from './raster.ts';

/** Brush sides the editor offers go up to this; larger is refused (a typo, not a brush). */
export const MAX_BRUSH = 256;

export const paintCells: CommandDefinition<'paintCells'> = {
  history: 'on-finish',
  run(context, command) {
    if (command.phase === 'begin') {
      const brush = command.brush ?? 1;
      checkWhole('x', command.x);
      checkWhole('y', command.y);
      if (!Number.isInteger(brush) || brush < 1 || brush > MAX_BRUSH) throw new CommandError(`brush size must be a whole number from 1 to ${MAX_BRUSH}, got ${brush}`);
      const value = command.passable ? 1 : 0;
      context.stroke = { value, brush, x: command.x, y: command.y, record: new CellRecorder(), keep: value === 0 ? context.keepMask() : null };
      stamp(strokePaint(context), command.x, command.y, brush);
      context.region = brushRegion(context, command.x, command.y, command.x, command.y, brush);
      return;
    }
    const stroke = context.stroke;
    if (!stroke) throw new CommandError(`paintCells '${command.phase}' without a stroke in progress`);
    if (command.phase === 'extend') {
      checkWhole('x', command.x);
      checkWhole('y', command.y);
      stampLine(strokePaint(context), stroke.x, stroke.y, command.x, command.y, stroke.brush);
      context.region = brushRegion(context, stroke.x, stroke.y, command.x, command.y, stroke.brush);
      stroke.x = command.x;
      stroke.y = command.y;
      return;
    }
    finishStroke(context);
  },
  starts: (command) => command.phase === 'begin',
  finishes: (command) => command.phase === 'end',
  finish: finishStroke,
};

/** The stroke's recorded old values are its inverse: one history entry for the whole stroke. */
function finishStroke(context: CommandContext): void {
  const stroke = context.stroke;
  context.stroke = null;
  if (stroke && stroke.record.length > 0) context.tx.record(stroke.record.take());
}

/** The cells a brush dragged from (ax, ay) to (bx, by) can reach, clipped to the map. */
function brushRegion(context: CommandContext, ax: number, ay: number, bx: number, by: number, brush: number): CellRegion {
  const before = (brush - 1) >> 1;
  const after = brush - 1 - before;
  const { width, height } = context.doc.grid;
  return {
    x0: Math.max(0, Math.min(ax, bx) - before),
    y0: Math.max(0, Math.min(ay, by) - before),
    x1: Math.min(width - 1, Math.max(ax, bx) + after),
    y1: Math.min(height - 1, Math.max(ay, by) + after),
  };
}

function strokePaint(context: CommandContext): Paint {
  const stroke = context.stroke!;
  return { grid: context.doc.grid, value: stroke.value, keep: stroke.keep, record: stroke.record };
}

/** Runs a one-shot raster edit and keeps its inverse. */
function rasterEdit(context: CommandContext, passable: boolean, draw: (paint: Paint) => void): void {
  const value = passable ? 1 : 0;
  const record = context.recorder();
  draw({ grid: context.doc.grid, value, keep: value === 0 ? context.keepMask() : null, record });
  if (record.length > 0) context.tx.record(record.take());
}

export const fillRect: CommandDefinition<'fillRect'> = {
  history: 'immediate',
  run(context, { from, to, passable }) {
    checkPoint('from', from);
    checkPoint('to', to);
    rasterEdit(context, passable, (paint) => paintRect(paint, from[0], from[1], to[0], to[1]));
  },
};

export const drawLine: CommandDefinition<'drawLine'> = {
  history: 'immediate',
  run(context, { from, to, passable, brush = 1 }) {
    checkPoint('from', from);
    checkPoint('to', to);
    if (!Number.isInteger(brush) || brush < 1 || brush > MAX_BRUSH) throw new CommandError(`brush size must be a whole number from 1 to ${MAX_BRUSH}, got ${brush}`);
    rasterEdit(context, passable, (paint) => stampLine(paint, from[0], from[1], to[0], to[1], brush));
  },
};

export const floodFillCommand: CommandDefinition<'floodFill'> = {
  history: 'immediate',
  run(context, { at, passable }) {
    checkPoint('at', at);
    rasterEdit(context, passable, (paint) => floodFill(paint, at[0], at[1]));
  },
};

export const resizeMap: CommandDefinition<'resizeMap'> = {
  history: 'immediate',
  run(context, { width, height }) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_GRID_SIDE || height > MAX_GRID_SIDE) {
      throw new CommandError(`map size must be whole numbers from 1 to ${MAX_GRID_SIDE}, got ${width}x${height}`);
    }
    const { doc, tx } = context;
    if (width === doc.grid.width && height === doc.grid.height) return;
    // Units that would stick out go first, then event cells and obstacles; the undo brings them back.
    const fits = (a: ScenarioAgent) => a.start[0] + a.size <= width && a.start[1] + a.size <= height && a.goal[0] + a.size <= width && a.goal[1] + a.size <= height;
    for (let i = doc.agents.length - 1; i >= 0; i--) {
      if (!fits(doc.agents[i])) tx.apply({ kind: 'agentSplice', index: i, remove: 1, insert: [] });
    }
    const events: MapEvent[] = [];
    let trimmed = false;
    for (const event of doc.events) {
      const cells = event.cells.filter(([x, y]) => x < width && y < height);
      if (cells.length !== event.cells.length) trimmed = true;
      if (cells.length > 0) events.push(cells.length === event.cells.length ? event : { ...event, cells });
    }
    if (trimmed) tx.apply({ kind: 'field', field: 'events', value: events });
    // Obstacles whose route would leave the map go too (a route cannot be trimmed and keep its meaning).
    const inside = (o: ScenarioObstacle) => o.route.every(([x, y]) => x + o.size <= width && y + o.size <= height);
    if (!doc.obstacles.every(inside)) tx.apply({ kind: 'field', field: 'obstacles', value: doc.obstacles.filter(inside) });
    // Measured regions are cut to the map; one wholly outside it goes.
    const cut = (r: ScenarioRegion): ScenarioRegion | null => {
      const x0 = Math.min(r.from[0], r.to[0]);
      const y0 = Math.min(r.from[1], r.to[1]);
      if (x0 >= width || y0 >= height) return null;
      const clip = ([x, y]: readonly [number, number]): [number, number] => [Math.min(x, width - 1), Math.min(y, height - 1)];
      return { name: r.name, from: clip(r.from), to: clip(r.to) };
    };
    const regions = doc.regions.map(cut).filter((r): r is ScenarioRegion => r !== null);
    if (JSON.stringify(regions) !== JSON.stringify(doc.regions)) tx.apply({ kind: 'field', field: 'regions', value: regions });
    tx.apply({ kind: 'resize', width, height, restore: null });
  },
};

export function checkWhole(name: string, value: number): void {
  if (!Number.isInteger(value)) throw new CommandError(`${name} must be a whole number, got ${value}`);
}

export function checkPoint(name: string, point: XY): void {
  if (!Array.isArray(point) || point.length !== 2 || !Number.isInteger(point[0]) || !Number.isInteger(point[1])) {
    throw new CommandError(`${name} must be a cell [x, y] of whole numbers, got ${JSON.stringify(point)}`);
  }
}
