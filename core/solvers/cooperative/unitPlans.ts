/**
 * Each unit's adopted plan in the cooperative solvers (Silver 2005: every agent's plan is in the
 * reservation table): its cells per turn from the turn it was made (and the cell a slow or large
 * unit also holds mid-move), where it parks for good (CA*, HCA*), and the reservations that go
 * with them. Adopting checks the plan against the action rules (whose overrides the controller
 * then flags) and reserves it; releasing gives the reservations back.
 */
import type { Grid } from '../../grid/grid.ts';
import type { PlanSink } from '../../contract/planWindows.ts';
import type { ActionRules } from './actionRules.ts';
import type { FootprintReservations } from './footprintReservations.ts';

export class UnitPlans {
  private t0: Int32Array;
  private len: Int32Array;
  private cells: Int32Array[];
  private extra: Int32Array[];
  private parkedAt: Int32Array;
  /** Where adopted plans are reported when the run records its windows (null: not recorded). */
  sink: PlanSink | null = null;
  private rules!: ActionRules;
  private footprints!: FootprintReservations;

  /** `room`: cells each plan holds before it grows (a window's length and a little). */
  constructor(n: number, private readonly room: number, private size: Int32Array) {
    this.t0 = new Int32Array(n);
    this.len = new Int32Array(n);
    this.cells = Array.from({ length: n }, () => new Int32Array(room));
    this.extra = Array.from({ length: n }, () => new Int32Array(room));
    this.parkedAt = new Int32Array(n).fill(-1);
  }

  /** Streams: room for `n` units (new ones without a plan); `size` is the grown size array. */
  grow(n: number, size: Int32Array): void {
    this.size = size;
    const old = this.t0.length;
    if (n <= old) return;
    const t0 = new Int32Array(n);
    t0.set(this.t0);
    this.t0 = t0;
    const len = new Int32Array(n);
    len.set(this.len);
    this.len = len;
    const parked = new Int32Array(n).fill(-1);
    parked.set(this.parkedAt);
    this.parkedAt = parked;
    for (let i = old; i < n; i++) {
      this.cells.push(new Int32Array(this.room));
      this.extra.push(new Int32Array(this.room));
    }
  }

  attach(rules: ActionRules, footprints: FootprintReservations): void {
    this.rules = rules;
    this.footprints = footprints;
  }

  /** Whether unit i has a plan (released plans have none). */
  has(i: number): boolean {
    return this.len[i] > 0;
  }

  /** The unit's planned cell at time t, or -1 when its plan does not reach that far. */
  at(i: number, t: number): number {
    const len = this.len[i];
    if (len === 0) return -1;
    const k = t - this.t0[i];
    if (k < 0) return -1;
    if (k < len) return this.cells[i][k];
    return this.parkedAt[i] >= 0 ? this.parkedAt[i] : -1;
  }

  /** The second cell the unit holds at time t mid-move, or -1. */
  extraAt(i: number, t: number): number {
    const k = t - this.t0[i];
    return k >= 0 && k < this.len[i] ? this.extra[i][k] : -1;
  }

  /**
   * Adopts a searched path (cells and extra cells from time t) at `priority`: checks it against
   * the action rules (their overridden list is left for the caller), reserves it, and parks the
   * unit on its last cell for good when `park`.
   */
  adopt(i: number, t: number, pathCells: Int32Array, pathExtra: Int32Array, len: number, priority: number, park: boolean): void {
    if (this.cells[i].length < len) {
      this.cells[i] = new Int32Array(len * 2);
      this.extra[i] = new Int32Array(len * 2);
    }
    const cells = this.cells[i];
    const extra = this.extra[i];
    cells.set(pathCells.subarray(0, len));
    extra.set(pathExtra.subarray(0, len));
    this.t0[i] = t;
    this.len[i] = len;
    if (this.sink !== null) this.sink.plan(i, t, cells, len, extra);
    const rules = this.rules;
    const size = this.size[i];
    rules.overriddenCount = 0;
    for (let k = 0; k + 1 < len; k++) {
      rules.check(i, priority, size, t + k, cells[k], cells[k + 1], 1, true);
      if (extra[k + 1] >= 0) rules.check(i, priority, size, t + k, extra[k + 1], extra[k + 1], 1, true);
    }
    for (let k = 0; k < len; k++) {
      this.footprints.reserve(i, t + k, cells[k], priority);
      if (extra[k] >= 0) this.footprints.reserve(i, t + k, extra[k], priority);
    }
    if (park) {
      const arrival = t + len - 1;
      this.parkedAt[i] = cells[len - 1];
      this.footprints.collectGoalHolders(i, arrival, cells[len - 1]);
      this.footprints.park(i, arrival, cells[len - 1], priority);
    }
  }

  /**
   * The unit stands on `pos` from time t: for `turns` turns, overriding whoever reserved it, or
   * for good when `park` (a CA* or HCA* unit without a path). Overrides are left for the caller.
   */
  stand(i: number, t: number, pos: number, turns: number, priority: number, park: boolean): void {
    this.t0[i] = t;
    for (let k = 0; k < turns; k++) {
      this.cells[i][k] = pos;
      this.extra[i][k] = -1;
    }
    this.len[i] = turns;
    if (this.sink !== null) this.sink.plan(i, t, this.cells[i], turns);
    this.rules.overriddenCount = 0;
    for (let k = 0; k < turns; k++) this.footprints.reserve(i, t + k, pos, priority);
    if (park) {
      this.parkedAt[i] = pos;
      this.footprints.park(i, t, pos, priority);
    }
  }

  /** Releases the unit's reservations from time `from` on, and its parking. */
  release(i: number, from: number): void {
    const len = this.len[i];
    if (len === 0) return;
    const t0 = this.t0[i];
    const cells = this.cells[i];
    const extra = this.extra[i];
    for (let k = Math.max(0, from - t0); k < len; k++) {
      this.footprints.release(i, t0 + k, cells[k]);
      if (extra[k] >= 0) this.footprints.release(i, t0 + k, extra[k]);
    }
    const parked = this.parkedAt[i];
    if (parked >= 0) {
      this.footprints.unpark(i, parked);
      this.parkedAt[i] = -1;
    }
    this.len[i] = 0;
  }

  /** Are all the plan's squares from time t on still standable after a map change? */
  standable(i: number, t: number, grid: Grid, clearance: Uint16Array | null): boolean {
    const size = this.size[i];
    const stand: Uint8Array | Uint16Array = size === 1 ? grid.passable : clearance!;
    const t0 = this.t0[i];
    const cells = this.cells[i];
    const extra = this.extra[i];
    for (let k = Math.max(0, t - t0); k < this.len[i]; k++) {
      if (stand[cells[k]] < size) return false;
      if (extra[k] >= 0 && stand[extra[k]] < size) return false;
    }
    return true;
  }

  /** Whether any of the plan's cells from time t to t + horizon passes `test` (watch's interest in changed regions). */
  crosses(i: number, t: number, horizon: number, test: (cell: number) => boolean): boolean {
    const cells = this.cells[i];
    const end = Math.min(this.len[i] - 1, t - this.t0[i] + horizon);
    for (let k = Math.max(0, t - this.t0[i]); k <= end; k++) if (test(cells[k])) return true;
    return false;
  }
}
