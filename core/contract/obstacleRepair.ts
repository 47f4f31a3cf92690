/**
 * How a turn controller repairs its plans among moving obstacles: Patel's article
 * (Patel, "Dealing with moving obstacles"), its rules as the cooperative solvers use them
 * . Units know obstacles `now`: the simulator closes the cells obstacles hold in the
 * live map (WorldView.grid) and tells the controller what moved (TurnController.obstaclesMoved);
 * the controller decides from the rule which plans to repair.
 * More on this in README.md, "obstacleRepair.ts".
 */
import type { ObstacleTimetable } from '../mapf/obstacles.ts';

export type ObstacleRepair =
  | { kind: 'recalc'; every: number; whenBlocked: boolean; whenChanged: boolean }
  | { kind: 'watch'; regionSize: number; horizon: number; notifyEvery: number };

/** What obstacles did in one turn, in the live map's cells. */
export interface ObstacleMoves {
  /** Cells obstacles now hold that were free (closed in WorldView.grid). */
  closed: readonly number[];
  /** Cells obstacles left (open again). */
  opened: readonly number[];
  /** Anchors of the obstacles that stepped: from[k] to to[k]. */
  from: readonly number[];
  to: readonly number[];
  /**
   * Cells an obstacle meant to step onto but a unit stood on (it waited: right of way), and that
   * unit: heldCells[k] held by unit heldBy[k].
   */
  heldCells: readonly number[];
  heldBy: readonly number[];
}

/**
 * The moving obstacles as the simulator moves them (core/simulation/obstacleMotion.ts), for a
 * controller that plans against their timetable (units planning alone that `predict`).
 */
export interface ObstacleView {
  /** Each obstacle's timetable, anchor now, and steps of it made so far (updated in place each turn). */
  readonly timetables: readonly ObstacleTimetable[];
  readonly at: readonly number[];
  readonly stepsDone: number[];
  readonly footprintSizes: readonly number[];
  /** Steps obstacle i is due to have made by turn t. */
  due(i: number, t: number): number;
  holds(cell: number): boolean;
}

/** Per-unit counts a controller keeps among obstacles (Patel's measures). */
export interface ObstacleCounts {
  /** Moves of every plan or window computed, added up (Patel's path steps computed). */
  pathSteps: Float64Array;
  /** watch: notifications a unit acted on. */
  notifications: Int32Array;
  /** Turns a unit found its next cell held by an obstacle. */
  blocks: Int32Array;
}

/** The recalc rule a scenario gets when it names none: replan when blocked and when a plan's cell closes. */
export const DEFAULT_OBSTACLE_REPAIR: ObstacleRepair = { kind: 'recalc', every: Infinity, whenBlocked: true, whenChanged: true };

/**
 * The rule's bookkeeping shared by the controllers: counts, and for `watch` the changed regions
 * since the last notification.
 */
export class ObstacleRepairState {
  readonly counts: ObstacleCounts;
  private readonly changed: Uint8Array;
  private changedList: number[] = [];
  private readonly across: number;

  constructor(
    readonly repair: ObstacleRepair,
    private readonly width: number,
    height: number,
    units: number,
  ) {
    this.counts = { pathSteps: new Float64Array(units), notifications: new Int32Array(units), blocks: new Int32Array(units) };
    const size = repair.kind === 'watch' ? repair.regionSize : 1;
    this.across = Math.ceil(width / size);
    this.changed = new Uint8Array(repair.kind === 'watch' ? this.across * Math.ceil(height / size) : 0);
  }

  regionOf(cell: number): number {
    if (this.repair.kind !== 'watch') return 0;
    const size = this.repair.regionSize;
    const x = cell % this.width;
    return Math.floor((cell - x) / this.width / size) * this.across + Math.floor(x / size);
  }

  /** watch: marks the regions an obstacle entered or left this turn. */
  noteMoves(moves: ObstacleMoves): void {
    if (this.repair.kind !== 'watch') return;
    for (let k = 0; k < moves.from.length; k++) {
      const a = this.regionOf(moves.from[k]);
      const b = this.regionOf(moves.to[k]);
      if (a === b) continue;
      this.mark(a);
      this.mark(b);
    }
  }

  /** watch: whether notifications go out at turn t (a batch every notifyEvery turns, when a region changed). */
  delivers(t: number): boolean {
    return this.repair.kind === 'watch' && this.changedList.length > 0 && t % this.repair.notifyEvery === 0;
  }

  isChanged(cell: number): boolean {
    return this.changed[this.regionOf(cell)] === 1;
  }

  /** After a batch went out: no region is changed. */
  delivered(): void {
    for (const r of this.changedList) this.changed[r] = 0;
    this.changedList = [];
  }

  private mark(region: number): void {
    if (this.changed[region] === 1) return;
    this.changed[region] = 1;
    this.changedList.push(region);
  }
}
