/**
 * One unit planning alone among moving obstacles (obstacleFollow.ts runs them): its plan, where it
 * is on it, its counts, and how it plans by each of Patel's rules (Patel, "Dealing with moving
 * obstacles"): a whole path on the live map (recalc), a spliced piece (splice), a space-time path
 * against the timetable (predict, and recalc or watch that know it), or D* Lite (incremental).
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import { solveAStar } from '../search/astar.ts';
import type { SearchContext } from '../search/searchContext.ts';
import { DStarLite } from '../search/dStarLite.ts';
import { type ObstacleCells, earliestArrival } from './obstacleSpaceTime.ts';

/** What one unit did and what it cost. */
export interface UnitRun {
  /** The unit's cell at every turn 0 … the end of the run. */
  path: number[];
  arrived: boolean;
  /** Turn the unit reached its goal (Infinity when it did not). */
  arrival: number;
  /** Patel's measure: the moves of every path or piece computed, added up. */
  pathStepsComputed: number;
  expanded: number;
  /**
   * Of `expanded`, the unit's first plan's: every strategy plans once before anything changes,
   * so the rest is what its replanning cost (D* Lite's first search, ordered by its keys, is
   * larger than A*'s; its repairs are smaller).
   */
  firstPlanExpanded: number;
  replans: number;
  /** Splices whose piece was over the limit, replaced by a whole recalculation. */
  badSplices: number;
  /** Turns the unit found its next cell held by an obstacle. */
  obstacleBlocks: number;
  /** Turns the unit did not move before arriving (blocked, planned waits, no path). */
  waits: number;
  /** watch: notifications the unit acted on (one per batch). */
  notifications: number;
  /** Each replan's turn and reason (a splice gone bad says so), for the replay's timeline. */
  replanEvents: { t: number; reason: string }[];
  /**
   * The hindsight bound: the earliest arrival had the obstacles' recorded motion been known in
   * advance (a space-time search over it, other units left out); Infinity when even that does not arrive.
   */
  hindsight: number;
}

/** What every unit's planning shares. */
export interface World {
  grid: Grid;
  movement: Movement;
  live: Grid;
  context: SearchContext;
  turnLimit: number;
  spliceM: number | null;
  limit: number;
  predicted(base: number, steps: readonly number[], prev: readonly number[]): ObstacleCells;
  stepsDone: number[];
}

/** One unit: its plan, where it is on it, and its counts. */
export class Follower {
  cell: number;
  /** The path being followed, plan[pos] the unit's cell; null when no path was found (it waits and tries again). */
  plan: number[] | null = null;
  pos = 0;
  stepsSincePlan = 0;
  /** Turns in a row another unit stood on the next cell. */
  unitBlocked = 0;
  /** incremental: the unit's D* Lite, over the live map. */
  private dstar: DStarLite | null = null;
  /** predict: the turn and the obstacles' steps the plan assumed, to see one leave its timetable. */
  private planned: { t: number; steps: number[] } = { t: 0, steps: [] };
  readonly result: UnitRun;

  constructor(
    private readonly world: World,
    readonly start: number,
    readonly goal: number,
  ) {
    this.cell = start;
    this.result = {
      path: [start], arrived: start === goal, arrival: start === goal ? 0 : Infinity,
      pathStepsComputed: 0, expanded: 0, firstPlanExpanded: 0, replans: 0, badSplices: 0, obstacleBlocks: 0, waits: 0, notifications: 0, replanEvents: [], hindsight: Infinity,
    };
  }

  private firstPlanned = false;

  private countExpanded(n: number): void {
    this.result.expanded += n;
    if (!this.firstPlanned) {
      this.firstPlanned = true;
      this.result.firstPlanExpanded = n;
    }
  }

  ahead(): number | null {
    return this.plan !== null && this.pos + 1 < this.plan.length ? this.plan[this.pos + 1] : null;
  }

  private search(from: number, to: number): number[] | null {
    const { live, movement, context } = this.world;
    if (live.passable[to] === 0 && to !== from) return null;
    const found = solveAStar({ grid: live, movement, start: from, goal: to }, { context });
    this.countExpanded(found.expanded);
    if (found.status !== 'found') return null;
    this.result.pathStepsComputed += found.path.length - 1;
    return found.path;
  }

  recalc(cell: number): void {
    this.plan = this.search(cell, this.goal);
    this.pos = 0;
    this.stepsSincePlan = 0;
  }

  /** predict: the earliest arrival from `from` at turn base - 1, obstacles as of turn `base`. */
  predictFrom(from: number, base: number, prev: readonly number[]): void {
    const { grid, movement, turnLimit, stepsDone } = this.world;
    const steps = stepsDone.slice();
    const found = earliestArrival(grid, movement, from, Math.max(0, base - 1), this.goal, this.world.predicted(base, steps, prev), turnLimit);
    this.countExpanded(found.expanded);
    this.plan = found.path;
    if (this.plan !== null) this.result.pathStepsComputed += this.plan.length - 1;
    this.planned = { t: base, steps };
    this.pos = 0;
    this.stepsSincePlan = 0;
  }

  offTimetable(t: number, due: (i: number, t: number) => number, count: number): boolean {
    for (let i = 0; i < count; i++) if (this.world.stepsDone[i] !== this.planned.steps[i] + due(i, t) - due(i, this.planned.t)) return true;
    return false;
  }

  /** Counts a replan and keeps its turn and reason (the replay's timeline marks). */
  noteReplan(t: number, reason: string): void {
    this.result.replans++;
    this.result.replanEvents.push({ t, reason });
  }

  replan(predict: boolean, t: number, prev: readonly number[], reason: string): void {
    this.noteReplan(t, reason);
    if (predict) return this.predictFrom(this.cell, t, prev);
    const { spliceM, limit } = this.world;
    const plan = this.plan;
    if (spliceM === null || plan === null || plan.length - this.pos <= spliceM + 1) return this.recalc(this.cell);
    // p[1] is the unit's cell (plan[pos]); the piece goes to p[m] = plan[pos + m] and is spliced in.
    const piece = this.search(this.cell, plan[this.pos + spliceM]);
    if (piece === null || piece.length - 1 > limit) {
      this.result.badSplices++;
      this.result.replanEvents[this.result.replanEvents.length - 1].reason += piece === null ? '; no splice: recalculated' : '; bad splice: recalculated';
      return this.recalc(this.cell);
    }
    this.plan = piece.concat(plan.slice(this.pos + spliceM + 1));
    this.pos = 0;
    this.stepsSincePlan = 0;
  }

  /** incremental: D* Lite told of the cells that changed and of where the unit is; the plan is its path. */
  incremental(changed: readonly number[] = []): void {
    const { live, movement } = this.world;
    if (this.dstar === null) this.dstar = new DStarLite(live, movement, this.cell, this.goal);
    this.dstar.moveTo(this.cell);
    if (changed.length > 0) this.dstar.cellsChanged(changed);
    const before = this.dstar.expanded;
    this.dstar.computeShortestPath();
    this.countExpanded(this.dstar.expanded - before);
    this.plan = this.dstar.path();
    if (this.plan !== null && changed.length > 0) this.result.pathStepsComputed += this.plan.length - 1;
    this.pos = 0;
  }

  /** A whole new path with the cell of the unit in the way blocked (the caller blocks and restores it). */
  replanAround(t: number): void {
    this.noteReplan(t, 'held up by another unit');
    this.recalc(this.cell);
  }

  /** watch: whether a changed region lies on the path ahead (within `horizon` steps). */
  interestedIn(changed: ReadonlySet<number>, horizon: number, regionOf: (cell: number) => number): boolean {
    if (this.plan === null) return false;
    const end = Math.min(this.plan.length - 1, this.pos + horizon);
    for (let k = this.pos; k <= end; k++) if (changed.has(regionOf(this.plan[k]))) return true;
    return false;
  }
}
