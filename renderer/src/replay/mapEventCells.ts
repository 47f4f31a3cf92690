/**
 * Timed map events as the view shows them: every cell some event names, with the turn and action
 * of its first event (its marker), and the state it is in at a replay turn: 'closed' or 'open'
 * once an event of that cell has happened (the latest one wins; events of one turn in file
 * order, as the simulator's stable sort applies them), null before. Pure; no DOM.
 *
 * When the plan came with the simulator's replay, the states follow the changes it actually
 * applied (`applied`): a door does not close on a unit, so its closing may come later than the
 * scenario's turn, and the view shows it when it happened.
 */
import type { MapEvent } from '../../../core/scenario/schema.ts';
import type { AppliedMapChange } from '../../../core/simulation/mapEvents.ts';

export interface EventCell {
  x: number;
  y: number;
  /** The cell's first event: what the marker says. */
  action: 'close' | 'open';
  t: number;
  /** The cell's state at the turn asked for, or null before its first event. */
  state: 'closed' | 'open' | null;
}

export function eventCellsAt(events: readonly MapEvent[], turn: number, applied?: { changes: readonly AppliedMapChange[]; width: number }): EventCell[] {
  const order = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.t - b.e.t || a.i - b.i);
  const cells = new Map<string, EventCell>();
  for (const { e } of order) {
    for (const [x, y] of e.cells) {
      const key = `${x},${y}`;
      let cell = cells.get(key);
      if (!cell) cells.set(key, (cell = { x, y, action: e.action, t: e.t, state: null }));
      if (!applied && e.t <= turn) cell.state = e.action === 'close' ? 'closed' : 'open';
    }
  }
  if (applied) {
    // In the order applied, so the latest change up to `turn` wins.
    for (const change of applied.changes) {
      if (change.t > turn) continue;
      for (const c of change.cells) {
        const cell = cells.get(`${c % applied.width},${Math.floor(c / applied.width)}`);
        if (cell) cell.state = change.passable ? 'open' : 'closed';
      }
    }
  }
  return [...cells.values()];
}
