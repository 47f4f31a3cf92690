/**
 * Timed map events on the dynamic layer: a marker on every event cell (amber: a door that
 * closes, green: a passage that opens; dashed until it happens, with its turn when cells are
 * large enough), and at the replay's turn the cell drawn closed (a wall with an amber edge) or
 * open (floor over the wall) once its event has happened.
 */
import type { MapEvent } from '../../../core/scenario/schema.ts';
import type { AppliedMapChange } from '../../../core/mapf/mapEvents.ts';
import { eventCellsAt } from '../replay/mapEventCells.ts';
import { FLOOR_COLOR, WALL_COLOR } from './drawStatic.ts';
import type { Viewport } from './viewport.ts';

export const CLOSE_COLOR = '#f0a030';
export const OPEN_COLOR = '#3cc47a';

/** `applied`: the simulator's map changes when the plan came with its replay (states follow them). */
export function drawMapEvents(context: CanvasRenderingContext2D, events: readonly MapEvent[], turn: number, view: Viewport, applied?: { changes: readonly AppliedMapChange[]; width: number }): void {
  if (events.length === 0) return;
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const line = Math.max(1.5, s * 0.1);
  context.save();
  context.lineWidth = line;
  if (s >= 16) {
    context.font = `600 ${Math.round(s * 0.3)}px system-ui, sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
  }
  for (const cell of eventCellsAt(events, turn, applied)) {
    const left = Math.round(ox + cell.x * s);
    const top = Math.round(oy + cell.y * s);
    const size = Math.round(ox + (cell.x + 1) * s) - left;
    if (cell.state !== null) {
      context.fillStyle = cell.state === 'closed' ? WALL_COLOR : FLOOR_COLOR;
      context.fillRect(left, top, size, size);
    }
    context.strokeStyle = cell.action === 'close' ? CLOSE_COLOR : OPEN_COLOR;
    context.setLineDash(cell.state === null ? [Math.max(2, s * 0.15), Math.max(2, s * 0.1)] : []);
    context.strokeRect(left + line / 2, top + line / 2, size - line, size - line);
    if (s >= 16) {
      context.fillStyle = cell.state === 'closed' ? CLOSE_COLOR : '#5a4a20';
      context.fillText(`${cell.action === 'close' ? '⊘' : '○'}${cell.t}`, left + size / 2, top + size / 2 + 0.5);
    }
  }
  context.restore();
}
