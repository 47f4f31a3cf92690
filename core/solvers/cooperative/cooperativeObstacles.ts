/**
 * CA*, HCA* and WHCA* among moving obstacles (Patel,
 * "Dealing with moving obstacles"): which units' plans the rule (core/contract/obstacleRepair.ts)
 * drops after obstacles stepped and before a turn is planned, and the counts Patel's article measures.
 * The controller owns the plans; this decides, through the unit arrays it shares with it, who
 * replans and why.
 */
import type { Grid } from '../../grid/grid.ts';
import { type ObstacleMoves, type ObstacleRepair, ObstacleRepairState } from '../../contract/obstacleRepair.ts';
import type { UnitPlans } from './unitPlans.ts';
import { NO_AGENT, type ReservationTable } from './reservationTable.ts';

/** Replan reasons, shared with the controller (its `why` array): 0 means none. */
export const WHY_SCHEDULED = 1;
export const WHY_FLAGGED = 2;
export const WHY_DEVIATED = 3;
export const WHY_MAP = 4;
export const WHY_BLOCKED = 5;
export const WHY_NOTIFIED = 6;
export const WHY_EVERY = 7;
export const WHY_YIELD = 8;
/** Streams: the unit appeared on the map, or got a new goal (an errand). */
export const WHY_APPEARED = 9;
export const WHY_NEW_GOAL = 10;
export const WHY_TEXT = ['', 'window', 'overridden', 'off plan', 'map change', 'blocked by an obstacle', 'notified: a region on its path changed', 'every N turns', 'yields to an obstacle it holds up', 'appeared', 'new goal'];

/** Turns a unit that holds an obstacle up may not stand on its cell after it yields (the obstacle steps in meanwhile). */
const YIELD_TURNS = 2;
/** The pseudo-occupant of a cell kept free for an obstacle: no unit's priority overrides it. */
const OBSTACLE_HOLD = -2;

/** What the controller lends: its plans, its per-unit reasons and failures, and its plan operations. */
export interface ObstacleHost {
  readonly plans: UnitPlans;
  readonly why: Uint8Array;
  readonly failed: Uint8Array;
  readonly size: Int32Array;
  release(i: number, t: number): void;
  hold(i: number, t: number, pos: number): void;
}

export class CooperativeObstacles {
  readonly state: ObstacleRepairState;
  /** Turn of each unit's last plan (recalc every N). */
  private readonly planTurn: Int32Array;
  /**
   * Units that hold an obstacle up, and the cells the obstacle wants of theirs: their next plan
   * leaves those cells (Patel's article gives obstacles right of way; without this a unit and a waiting
   * obstacle can wait for each other for good).
   */
  private readonly yielding = new Map<number, number[]>();
  private readonly held: number[] = [];

  constructor(
    readonly repair: ObstacleRepair,
    private readonly host: ObstacleHost,
    width: number,
    height: number,
  ) {
    const n = host.why.length;
    this.state = new ObstacleRepairState(repair, width, height, n);
    this.planTurn = new Int32Array(n);
  }

  /** A plan was adopted at turn t: its moves count as path steps computed. */
  planned(i: number, t: number, length: number): void {
    this.state.counts.pathSteps[i] += length - 1;
    this.planTurn[i] = t;
  }

  /** Whether unit i's footprint fits with its anchor on `cell` in the live map. */
  fits(i: number, cell: number, grid: Grid, clearance: Uint16Array | null): boolean {
    const size = this.host.size[i];
    return size === 1 ? grid.passable[cell] === 1 : clearance![cell] >= size;
  }

  /**
   * Obstacles stepped: by the rule, plans a closed cell now lies on (recalc whenChanged) or that
   * cross a changed region (watch, at its batches) are dropped and replanned this turn; units
   * without a plan try again once a cell opened.
   */
  moved(t: number, moves: ObstacleMoves, grid: Grid, clearance: Uint16Array | null): void {
    const { state, host } = this;
    const { plans, why, failed } = host;
    const repair = this.repair;
    state.noteMoves(moves);
    const notify = state.delivers(t);
    const whenChanged = repair.kind === 'recalc' && repair.whenChanged && moves.closed.length > 0;
    const horizon = repair.kind === 'watch' ? repair.horizon : 0;
    const changed = (cell: number) => state.isChanged(cell);
    for (let k = 0; k < moves.heldBy.length; k++) {
      const i = moves.heldBy[k];
      const cells = this.yielding.get(i);
      if (cells === undefined) {
        host.release(i, t);
        failed[i] = 0;
        why[i] = WHY_YIELD;
        this.yielding.set(i, [moves.heldCells[k]]);
      } else cells.push(moves.heldCells[k]);
    }
    for (let i = 0; i < why.length; i++) {
      if (failed[i] === 1) {
        if (moves.opened.length === 0) continue;
        failed[i] = 0;
        host.release(i, t);
        why[i] = WHY_MAP;
      } else if (!plans.has(i) || why[i] !== 0) {
        continue;
      } else if (whenChanged && !plans.standable(i, t, grid, clearance)) {
        // The plan stays until the replan (which drops it), so a turn budget may put that off.
        why[i] = WHY_MAP;
      } else if (notify && plans.crosses(i, t, horizon, changed)) {
        why[i] = WHY_NOTIFIED;
        state.counts.notifications[i]++;
      }
    }
    if (notify) state.delivered();
  }

  /** Before planning turn t: units whose next cell an obstacle holds (blocked), or whose plan is `every` turns old. */
  check(t: number, positions: Int32Array, grid: Grid, clearance: Uint16Array | null): void {
    const { state, host } = this;
    const { plans, why } = host;
    const repair = this.repair;
    const every = repair.kind === 'recalc' ? repair.every : Infinity;
    const replanBlocked = repair.kind === 'watch' || repair.whenBlocked;
    for (let i = 0; i < why.length; i++) {
      if (why[i] !== 0 || !plans.has(i)) continue;
      const cell = plans.at(i, t + 1);
      if (cell >= 0 && cell !== positions[i] && !this.fits(i, cell, grid, clearance)) {
        state.counts.blocks[i]++;
        // Not replanning when blocked: it stands this turn, and replans off its plan next turn.
        if (replanBlocked) {
          host.release(i, t);
          why[i] = WHY_BLOCKED;
        } else host.hold(i, t, positions[i]);
      } else if (t - this.planTurn[i] >= every) {
        host.release(i, t);
        why[i] = WHY_EVERY;
      }
    }
  }

  /**
   * Before unit i searches at turn t: a unit that holds an obstacle up may not stand on the cells
   * the obstacle wants for the next turns (their free reservations are taken for the obstacle);
   * `afterSearch` gives them back once the unit has its plan.
   */
  beforeSearch(i: number, t: number, table: ReservationTable): void {
    const cells = this.yielding.get(i);
    if (cells === undefined) return;
    for (let tau = t + 1; tau <= t + YIELD_TURNS; tau++) {
      for (const cell of cells) {
        if (table.reservedBy(tau, cell) !== NO_AGENT) continue;
        table.reserve(tau, cell, OBSTACLE_HOLD, Infinity);
        this.held.push(tau, cell);
      }
    }
  }

  afterSearch(i: number, table: ReservationTable): void {
    if (!this.yielding.delete(i)) return;
    for (let k = 0; k < this.held.length; k += 2) table.release(this.held[k], this.held[k + 1], OBSTACLE_HOLD);
    this.held.length = 0;
  }

  /** The timeline's words for a replan reason. */
  reasonText(why: number): string {
    return why === WHY_EVERY && this.repair.kind === 'recalc' ? `every ${this.repair.every} turns` : WHY_TEXT[why];
  }
}
