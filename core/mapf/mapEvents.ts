/**
 * Timed map events: a door that closes at turn t, a passage that opens. The simulator applies
 * them to its live grid at the start of their turn, before the controller's step, and tells the
 * controller through `mapChanged` (Silver 2005, Conclusion: "the cooperative algorithms may be
 * applied in dynamic environments, so long as an agent's route is recomputed whenever
 * invalidated by a change to the map").
 */
import type { Grid } from '../grid/grid.ts';

export interface MapEvent {
  /** Turn at whose start the change applies (positions at t are already known). */
  t: number;
  cells: readonly number[];
  /** true opens the cells, false closes them. */
  passable: boolean;
  /** Shown in replays and event logs ("door A closes"). */
  label?: string;
}

/** A change as the simulator applied it: closings wait until their cell is empty. */
export interface AppliedMapChange {
  t: number;
  cells: number[];
  passable: boolean;
}

/** Throws, naming the event and cell, when an event is malformed for `grid`. */
export function checkMapEvents(grid: Grid, events: readonly MapEvent[]): void {
  events.forEach((event, i) => {
    if (!Number.isInteger(event.t) || event.t < 0) throw new RangeError(`map event ${i}: turn ${event.t} must be a whole number >= 0`);
    for (const cell of event.cells) {
      if (!Number.isInteger(cell) || cell < 0 || cell >= grid.cells) {
        throw new RangeError(`map event ${i}: cell ${cell} is outside the ${grid.width}x${grid.height} map`);
      }
    }
  });
}

/**
 * Pending changes in turn order. A door does not close on a unit: a closing whose cell is
 * occupied is postponed to the first turn the cell is empty, so no agent ever stands in a wall.
 */
export class MapEventQueue {
  private pending: { t: number; cell: number; passable: boolean }[] = [];

  constructor(events: readonly MapEvent[]) {
    for (const event of events) for (const cell of event.cells) this.pending.push({ t: event.t, cell, passable: event.passable });
    // Stable sort keeps the file order for changes of one turn, so the later one wins.
    this.pending.sort((a, b) => a.t - b.t);
  }

  get size(): number {
    return this.pending.length;
  }

  /**
   * Applies every change due at turn t whose cell allows it; returns the changes made (cells
   * whose passability actually changed), grouped by direction.
   */
  applyDue(grid: Grid, t: number, occupied: (cell: number) => boolean): AppliedMapChange[] {
    const opened: number[] = [];
    const closed: number[] = [];
    const keep: typeof this.pending = [];
    for (const change of this.pending) {
      if (change.t > t) {
        keep.push(change);
        continue;
      }
      if (!change.passable && occupied(change.cell)) {
        keep.push(change);
        continue;
      }
      const before = grid.passable[change.cell] === 1;
      grid.setPassable(change.cell, change.passable);
      if (before !== change.passable) (change.passable ? opened : closed).push(change.cell);
    }
    this.pending = keep;
    const applied: AppliedMapChange[] = [];
    if (opened.length > 0) applied.push({ t, cells: opened, passable: true });
    if (closed.length > 0) applied.push({ t, cells: closed, passable: false });
    return applied;
  }
}
