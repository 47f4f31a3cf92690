/**
 * Timed map events as the view shows them: every cell some event names, with the turn and action
 * of its first event (its marker), and the state it is in at a replay turn: 'closed' or 'open'
 * once an event of that cell has happened (the latest one wins; events of one turn in file
 * order, as the simulator's stable sort applies them), null before. Pure; no DOM.
 *
 * When the plan came with the simulator's replay, the states follow the changes it actually
 * applied (`applied`): a door does not close on a unit, so its closing may come later than the
 * scenario's turn, and the view shows it when it happened.
 *
 * The dynamic layer asks for these on every drawn frame, so the markers are built once per
 * events array (the editor replaces the array on every edit, never changes it in place) and a
 * frame only rewrites their states: no allocation while the events stay the same.
 */
import type { MapEvent } from '../../../core/scenario/schema.ts';
import type { AppliedMapChange } from '../../../core/mapf/mapEvents.ts';

export interface EventCell {
  readonly x: number;
  readonly y: number;
  /** The cell's first event: what the marker says. */
  readonly action: 'close' | 'open';
  readonly t: number;
  /** The cell's state at the turn asked for, or null before its first event. */
  readonly state: 'closed' | 'open' | null;
}

type MarkerCell = { -readonly [K in keyof EventCell]: EventCell[K] };

/** One events array's markers and what it takes to set their states at a turn. */
interface Markers {
  /** In order of first event (turn, then file order): the array eventCellsAt returns. */
  cells: MarkerCell[];
  /** The events in the order they apply, each with its cells' indices into `cells`. */
  order: { t: number; state: 'closed' | 'open'; at: number[] }[];
  /** Marker index by grid cell (y * width + x) for `width`, built when applied changes first ask. */
  byCell: Map<number, number> | null;
  width: number;
}

const markersByEvents = new WeakMap<readonly MapEvent[], Markers>();

function buildMarkers(events: readonly MapEvent[]): Markers {
  const sorted = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.t - b.e.t || a.i - b.i);
  const cells: MarkerCell[] = [];
  const index = new Map<string, number>();
  const order = sorted.map(({ e }) => {
    const at: number[] = [];
    for (const [x, y] of e.cells) {
      const key = `${x},${y}`;
      let i = index.get(key);
      if (i === undefined) {
        i = cells.push({ x, y, action: e.action, t: e.t, state: null }) - 1;
        index.set(key, i);
      }
      at.push(i);
    }
    return { t: e.t, state: e.action === 'close' ? ('closed' as const) : ('open' as const), at };
  });
  return { cells, order, byCell: null, width: 0 };
}

function cellIndex(markers: Markers, width: number): Map<number, number> {
  if (markers.byCell && markers.width === width) return markers.byCell;
  const byCell = new Map<number, number>();
  // Only cells on a row of this width: any other x would alias a neighbouring row's cell, and a
  // change's cell number always decodes to 0 <= x < width, y >= 0.
  markers.cells.forEach((cell, i) => {
    if (cell.x >= 0 && cell.x < width && cell.y >= 0) byCell.set(cell.y * width + cell.x, i);
  });
  markers.byCell = byCell;
  markers.width = width;
  return byCell;
}

/**
 * The event cells and their states at `turn`. The array and its cells belong to the events array
 * and are rewritten by the next call for the same events: read them before asking again.
 */
export function eventCellsAt(events: readonly MapEvent[], turn: number, applied?: { changes: readonly AppliedMapChange[]; width: number }): readonly EventCell[] {
  let markers = markersByEvents.get(events);
  if (!markers) markersByEvents.set(events, (markers = buildMarkers(events)));
  const { cells } = markers;
  for (let i = 0; i < cells.length; i++) cells[i].state = null;
  if (applied) {
    const byCell = cellIndex(markers, applied.width);
    // In the order applied, so the latest change up to `turn` wins. That order is turn order
    // (Replay.mapChanges): the simulator, their only source here, records a turn's changes as it
    // steps through the turns, and validateReplay relies on it too. So the first change after
    // `turn` ends the walk; a frame early in a long replay does not visit every later change.
    for (const change of applied.changes) {
      if (change.t > turn) break;
      const state = change.passable ? 'open' : 'closed';
      for (const c of change.cells) {
        const i = byCell.get(c);
        if (i !== undefined) cells[i].state = state;
      }
    }
  } else {
    for (const event of markers.order) {
      if (!(event.t <= turn)) break;
      for (const i of event.at) cells[i].state = event.state;
    }
  }
  return cells;
}
