/**
 * Which actions the reservation table allows: Silver 2006, "Reservation
 * Table" (head-to-head swaps "explicitly identified and marked as illegal"), "Unit Priorities"
 * (a unit ignores reservations of lower priority, and the units it overrides are flagged) and
 * "Reservation Table Revisited" (every entry in an action's footprint must be available).
 * Crossing diagonals are illegal on 8-connected grids (Standley 2010, Standley's model), matching the
 * validator's DEFAULT_RULES; following a unit into the cell it leaves is allowed.
 *
 * An action starts at time t on anchor `from` and ends at t + dur on anchor `to` (a pause is
 * from === to with dur = 1; a slow unit's move has dur = speed). Its footprint is every cell the
 * unit covers: both squares at times t+1 .. t+dur-1 (mid-move the unit occupies both), the
 * destination square at t+dur. Swaps and crossings are judged cell by cell: a unit of size k is
 * k*k cells that move the same way.
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import { NO_AGENT, type ReservationTable } from './reservationTable.ts';

/** NO_AGENT as a module constant: imported bindings can compile to getters (tsx), too slow here. */
const NOBODY: typeof NO_AGENT = -1;

export class ActionRules {
  readonly table: ReservationTable;
  readonly grid: Grid;
  readonly movement: Movement;
  /** Lower-priority agents in conflict with the last `check(..., collect = true)`. */
  overridden: Int32Array;
  overriddenCount = 0;

  constructor(table: ReservationTable, grid: Grid, movement: Movement, maxAgents: number) {
    this.table = table;
    this.grid = grid;
    this.movement = movement;
    this.overridden = new Int32Array(Math.max(16, maxAgents));
  }

  /** Streams: room in the overridden list for `maxAgents` units. */
  growOverridden(maxAgents: number): void {
    if (this.overridden.length >= maxAgents) return;
    const grown = new Int32Array(maxAgents);
    grown.set(this.overridden);
    this.overridden = grown;
  }

  /**
   * Is the action legal for `agent` reserving at `priority`? Conflicts with reservations of
   * lower priority do not make it illegal; with `collect` their owners are added to
   * `overridden` (not cleared here: the caller resets `overriddenCount`).
   * Walls and the corner rule are the search's business, not checked here.
   */
  check(agent: number, priority: number, size: number, t: number, from: number, to: number, dur: number, collect: boolean): boolean {
    const table = this.table;
    const w = this.grid.width;
    if (size === 1 && dur === 1) {
      let x = table.occupant(t + 1, to);
      if (x !== NOBODY && x !== agent && !this.tolerate(x, priority, collect)) return false;
      if (from === to) return true;
      x = table.occupant(t, to);
      if (x !== NOBODY && x !== agent && table.occupant(t + 1, from) === x && !this.tolerate(x, priority, collect)) return false;
      const fx = from % w;
      const tx = to % w;
      if (fx !== tx && to - from !== tx - fx) {
        // Diagonal: the crossing diagonal of the 2x2 block runs between c1 and c2.
        const c1 = from + (tx - fx);
        const c2 = to - (tx - fx);
        if (!this.crossing(agent, priority, t, c1, c2, collect)) return false;
        if (!this.crossing(agent, priority, t, c2, c1, collect)) return false;
      }
      return true;
    }
    return this.checkGeneral(agent, priority, size, t, from, to, dur, collect);
  }

  private checkGeneral(agent: number, priority: number, size: number, t: number, from: number, to: number, dur: number, collect: boolean): boolean {
    const table = this.table;
    const w = this.grid.width;
    const moving = from !== to;
    for (let tau = t + 1; tau <= t + dur; tau++) {
      for (let j = 0; j < size; j++) {
        for (let i = 0; i < size; i++) {
          const off = j * w + i;
          let x = table.occupant(tau, to + off);
          if (x !== NOBODY && x !== agent && !this.tolerate(x, priority, collect)) return false;
          if (moving && tau < t + dur) {
            x = table.occupant(tau, from + off);
            if (x !== NOBODY && x !== agent && !this.tolerate(x, priority, collect)) return false;
          }
        }
      }
    }
    if (!moving || dur !== 1) return true;
    const delta = to - from;
    const fx = from % w;
    const ddx = (to % w) - fx;
    const diagonal = ddx !== 0 && delta !== ddx;
    for (let j = 0; j < size; j++) {
      for (let i = 0; i < size; i++) {
        const a = from + j * w + i;
        const b = a + delta;
        const x = table.occupant(t, b);
        if (x !== NOBODY && x !== agent && table.occupant(t + 1, a) === x && !this.tolerate(x, priority, collect)) return false;
        if (diagonal) {
          const c1 = a + ddx;
          const c2 = b - ddx;
          if (!this.crossing(agent, priority, t, c1, c2, collect)) return false;
          if (!this.crossing(agent, priority, t, c2, c1, collect)) return false;
        }
      }
    }
    return true;
  }

  /** Does another agent move c1 (at t) -> c2 (at t + 1) in a way we may not tolerate? */
  private crossing(agent: number, priority: number, t: number, c1: number, c2: number, collect: boolean): boolean {
    const table = this.table;
    const x = table.occupant(t, c1);
    if (x === NOBODY || x === agent) return true;
    const p = table.lastPriority;
    if (table.occupant(t + 1, c2) !== x) return true;
    table.lastPriority = p;
    return this.tolerate(x, priority, collect);
  }

  /** A conflict with agent x (priority in table.lastPriority): tolerable only if x ranks lower. */
  private tolerate(x: number, priority: number, collect: boolean): boolean {
    if (this.table.lastPriority >= priority) return false;
    if (collect) {
      for (let k = 0; k < this.overriddenCount; k++) if (this.overridden[k] === x) return true;
      if (this.overriddenCount < this.overridden.length) this.overridden[this.overriddenCount++] = x;
    }
    return true;
  }
}
