/**
 * The WHCA* overlay: the selected unit's current window and reserved cells at the
 * replay's turn. The solver records every plan a cooperative controller adopts (core/simulation/
 * planWindows.ts) when the request asks for it; here the unit's window in force at turn t is
 * looked up (binary search over its windows, index built once per result) and drawn: its cells
 * from t on shaded in the unit's colour, fading with time, labelled +k turns ahead when cells
 * are large enough, and the window's end outlined. CA* and HCA* plan whole paths, so their
 * "window" is the rest of the unit's reserved path.
 */
import {
  type PlanWindowIndex,
  type PlanWindows,
  type ReservedCells,
  indexPlanWindows,
  reservedCellsAt,
  windowEnd,
} from '../../../core/contract/planWindows.ts';
import type { Viewport } from '../canvas/viewport.ts';

const indexes = new WeakMap<PlanWindows, PlanWindowIndex>();

/** The index of a result's windows, built on first use and kept as long as the result is. */
function indexOf(windows: PlanWindows): PlanWindowIndex {
  let index = indexes.get(windows);
  if (!index) {
    index = indexPlanWindows(windows);
    indexes.set(windows, index);
  }
  return index;
}

export interface PlanWindowOverlay extends ReservedCells {
  /** The turn shown (whole). */
  t: number;
  /** The recorded window length w (0: whole paths, CA* and HCA*). */
  window: number;
  colour: string;
  /** Unit side in cells (its footprint at each reserved anchor). */
  size: number;
}

/**
 * What to draw for the first selected unit at turn t, or null (no windows in the result, no unit
 * selected, or the unit holds no reservation then).
 */
export function selectedPlanWindow(
  windows: PlanWindows | undefined,
  agents: readonly { id: string; colour: string; size: number }[],
  selection: readonly string[],
  t: number,
): PlanWindowOverlay | null {
  if (!windows || selection.length === 0) return null;
  const agent = agents.findIndex((a) => a.id === selection[0]);
  if (agent < 0 || agent >= windows.agents) return null;
  const turn = Math.max(0, Math.floor(t));
  const reserved = reservedCellsAt(windows, indexOf(windows), agent, turn);
  if (reserved === null) return null;
  return { ...reserved, t: turn, window: windows.window, colour: agents[agent].colour, size: agents[agent].size };
}

/** Cell size from which the +k labels are written. */
export const LABEL_MIN_CELL = 16;

/** Below this cell size (a whole large map in view) window cells are drawn as squares of this size. */
export const MIN_MARK_PX = 4;
/** Smallest side of the window's end marker, in pixels. */
export const MIN_END_PX = 10;

/**
 * Shades the reserved cells in the unit's colour, strongest now and fading towards the window's
 * end, once per stay (a unit holding a cell for several turns, a wait, is one shade labelled +a–b
 * rather than layers that would turn opaque), each with a thin dark edge so the chain stays
 * visible over the unit's own path in the same colour; outlines the last cell (dark, then dashed
 * in the unit's colour) as the window's end; writes +k on each stay when cells are large enough.
 * A slow unit's second reserved cell during a move (ReservedCells.extra) is shaded the same way.
 * On a zoomed-out large map cells grow to MIN_MARK_PX and the end marker to MIN_END_PX.
 */
export function drawPlanWindow(context: CanvasRenderingContext2D, width: number, view: Viewport, overlay: PlanWindowOverlay): void {
  const { cellSize: s, offsetX: ox, offsetY: oy } = view;
  const { cells, firstTime, t, size } = overlay;
  const n = cells.length;
  const span = Math.max(1, windowEnd(overlay) - t);
  const side = Math.max(size * s, MIN_MARK_PX);
  const grow = (side - size * s) / 2;
  context.save();
  context.lineWidth = 1;
  context.strokeStyle = 'rgba(17, 19, 24, 0.7)';
  context.fillStyle = overlay.colour;
  /** Shades `cell`, reserved at firstTime + i: fainter towards the window's end, with a thin edge. */
  const shade = (cell: number, i: number) => {
    const x = ox + (cell % width) * s - grow;
    const y = oy + Math.floor(cell / width) * s - grow;
    context.globalAlpha = 0.55 - 0.35 * ((firstTime + i - t) / span);
    context.fillRect(x, y, side, side);
    context.globalAlpha = 1;
    context.strokeRect(x + 0.5, y + 0.5, side - 1, side - 1);
  };
  for (let i = 0; i < n; i++) if (i === 0 || cells[i] !== cells[i - 1]) shade(cells[i], i);
  // A slow move also reserves the cell it is entering: shaded at the same strength, without a label.
  const extra = overlay.extra;
  if (extra) for (let i = 0; i < n; i++) if (extra[i] >= 0 && (i === 0 || extra[i] !== extra[i - 1])) shade(extra[i], i);
  const end = cells[n - 1];
  const endSide = Math.max(size * s, MIN_END_PX);
  const ex = ox + (end % width) * s - (endSide - size * s) / 2;
  const ey = oy + Math.floor(end / width) * s - (endSide - size * s) / 2;
  context.lineWidth = Math.max(2, s * 0.14);
  context.strokeStyle = '#111318';
  context.strokeRect(ex + 1, ey + 1, endSide - 2, endSide - 2);
  context.strokeStyle = overlay.colour;
  context.setLineDash([Math.max(2, s * 0.2), Math.max(2, s * 0.12)]);
  context.strokeRect(ex + 1, ey + 1, endSide - 2, endSide - 2);
  context.setLineDash([]);
  if (s >= LABEL_MIN_CELL) {
    context.font = `600 ${Math.round(s * 0.28)}px system-ui, sans-serif`;
    context.textAlign = 'left';
    context.textBaseline = 'top';
    context.fillStyle = '#111318';
    for (let i = 0; i < n; ) {
      let last = i;
      while (last + 1 < n && cells[last + 1] === cells[i]) last++;
      const from = firstTime + i - t;
      context.fillText(last > i ? `+${from}–${firstTime + last - t}` : `+${from}`, ox + (cells[i] % width) * s + s * 0.08, oy + Math.floor(cells[i] / width) * s + s * 0.06);
      i = last + 1;
    }
  }
  context.restore();
}

/** One line for the toggle's tooltip: when the window was planned and how far it reaches. */
export function describePlanWindow(overlay: PlanWindowOverlay): string {
  const last = windowEnd(overlay);
  const kind = overlay.window > 0 ? `window w=${overlay.window}` : 'planned path';
  return `${kind} planned at t=${overlay.plannedAt}, reserved t=${overlay.t}…${last}`;
}
