/**
 * Units planning alone among moving obstacles (Patel, "Dealing
 * with moving obstacles"; obstacleFollow.ts describes the rules), as a turn controller, so that
 * they go through the simulator's one turn loop like every other solver: the obstacles step in
 * the world's stage, this controller moves the units, the move resolver and the validator check
 * them.
 *
 * Units see each other only as cells taken this turn: each unit in order takes its next cell
 * unless an obstacle holds it (a block: it waits, and replans if its rule says so) or another unit
 * stands there (it waits, and from the second turn looks for a way round that unit), so they never
 * share a cell or swap.
 */
import type { Grid } from '../grid/grid.ts';
import { type Movement, directionCount, stepCell } from '../grid/movement.ts';
import { cellAfterSteps } from '../mapf/obstacles.ts';
import type { ControllerCounters, TurnController, WorldView } from '../contract/controller.ts';
import type { ObstacleMoves, ObstacleView } from '../contract/obstacleRepair.ts';
import { SearchContext } from '../search/searchContext.ts';
import type { ObstacleCells } from './obstacleSpaceTime.ts';
import { Follower, type World } from './obstacleFollower.ts';
import type { ReplanRule } from './obstacleRules.ts';

/** A run with no obstacles to step (the simulator then has no obstacle stage). */
const NO_OBSTACLES: ObstacleView = { timetables: [], at: [], stepsDone: [], footprintSizes: [], due: () => 0, holds: () => false };

export class AloneController implements TurnController {
  readonly followers: Follower[] = [];
  private every = Infinity;
  private spliceM: number | null = null;
  private limit = Infinity;
  private regionSize = 0;
  private notifyEvery = 1;
  private horizon = Infinity;
  private spaceTime = false;
  private regionsAcross = 0;
  /** Units' cells now (updated as each moves in its turn). */
  private readonly occupied = new Map<number, number>();
  /** Cells whose passability changed this turn (obstacles moving), for incremental and whenChanged. */
  private changedCells: number[] = [];
  /** Cells an obstacle meant to step onto this turn but a unit stood on (it waited for the unit). */
  private wanted: ReadonlySet<number> = new Set<number>();
  /** watch: regions changed since the last notification. */
  private readonly changed = new Set<number>();
  /** The obstacles' anchors at the end of the last turn (before they stepped in this one). */
  private prev: number[] = [];
  private obstacles!: ObstacleView;
  private live!: Grid;

  constructor(
    private readonly grid: Grid,
    private readonly movement: Movement,
    private readonly rule: ReplanRule,
    private readonly turnLimit: number,
  ) {
    this.every = rule.kind === 'recalc' ? rule.every ?? Infinity : rule.kind === 'splice' ? rule.every ?? Math.max(1, Math.floor((3 * rule.m) / 4)) : Infinity;
    if (!(this.every >= 1)) throw new RangeError(`${rule.kind}: every must be at least 1, got ${this.every}`);
    /** The splice length, when the rule splices (splice, or watch repairing by splice). */
    const spliceM = rule.kind === 'splice' ? rule.m : rule.kind === 'watch' && rule.repair === 'splice' ? rule.m ?? 10 : null;
    if (spliceM !== null && !(Number.isInteger(spliceM) && spliceM >= 1)) throw new RangeError(`${rule.kind}: m must be a whole number >= 1, got ${spliceM}`);
    this.spliceM = spliceM;
    this.limit = rule.kind === 'splice' || rule.kind === 'watch' ? rule.limit ?? Infinity : Infinity;
    this.regionSize = rule.kind === 'watch' ? rule.regionSize : 0;
    this.notifyEvery = rule.kind === 'watch' ? rule.notifyEvery ?? 1 : 1;
    this.horizon = rule.kind === 'watch' ? rule.horizon ?? Infinity : Infinity;
    if (rule.kind === 'watch' && !(Number.isInteger(this.regionSize) && this.regionSize >= 1)) throw new RangeError(`watch: regionSize must be a whole number >= 1, got ${this.regionSize}`);
    if (!(Number.isInteger(this.notifyEvery) && this.notifyEvery >= 1)) throw new RangeError(`watch: notifyEvery must be a whole number >= 1, got ${this.notifyEvery}`);
    // Units that know the timetable plan in space-time against it, waits allowed (predict's planner);
    // recalc and watch then say only when they replan. (A splice's piece is cut from a plan on the map as it stands.)
    this.spaceTime = rule.kind === 'predict' || ((rule.kind === 'recalc' || rule.kind === 'watch') && rule.knowledge === 'timetable');
    if (rule.kind === 'watch' && rule.knowledge === 'timetable' && rule.repair === 'splice') throw new RangeError('watch: units that know the timetable repair by recalc (a splice is cut from a plan on the map as it stands)');
    this.regionsAcross = this.regionSize > 0 ? Math.ceil(grid.width / this.regionSize) : 0;
  }

  private regionOf(cell: number): number {
    return Math.floor(this.grid.y(cell) / this.regionSize) * this.regionsAcross + Math.floor(this.grid.x(cell) / this.regionSize);
  }

  /** Every unit's first plan: on the live map, in space-time against the timetable, or D* Lite's first search. */
  init(view: WorldView): void {
    this.obstacles = view.obstacles ?? NO_OBSTACLES;
    // The live map: the simulator's (the cells obstacles hold closed), or a copy to block a unit's cell on while a follower plans round it.
    this.live = view.obstacles ? view.grid : view.grid.clone();
    const obstacles = this.obstacles;
    const { timetables, stepsDone } = obstacles;
    const predicted = (base: number, steps: readonly number[], prev: readonly number[]): ObstacleCells => ({
      count: timetables.length,
      sizes: obstacles.footprintSizes,
      width: this.grid.width,
      at: (i, tt) => (tt < base ? prev[i] : cellAfterSteps(timetables[i], steps[i] + obstacles.due(i, tt) - obstacles.due(i, base))),
    });
    const world: World = { grid: this.grid, movement: this.movement, live: this.live, context: new SearchContext(), turnLimit: this.turnLimit, spliceM: this.spliceM, limit: this.limit, predicted, stepsDone };
    view.agents.forEach((u, k) => {
      this.occupied.set(u.start, k);
      this.followers.push(new Follower(world, u.start, u.goal));
    });
    for (const f of this.followers) {
      if (this.spaceTime) f.predictFrom(f.cell, 0, obstacles.at);
      else if (this.rule.kind === 'incremental') f.incremental();
      else f.recalc(f.cell);
    }
    this.prev = obstacles.at.slice();
  }

  obstaclesMoved(_view: WorldView, moves: ObstacleMoves): void {
    this.changedCells = [...moves.closed, ...moves.opened];
    this.wanted = new Set(moves.heldCells);
  }

  setObstacleRepair(): void {
    // Units planning alone repair by their own rule (the constructor's), not a controller's.
  }

  /** Turn view.t: each unit in order takes its next cell (the seed's turn t + 1). */
  step(view: WorldView, next: Int32Array): void {
    const { rule, live, movement, grid, occupied, changed, wanted, changedCells, every, horizon } = this;
    const t = view.t + 1;
    const prev = this.prev;
    const at = this.obstacles.at;
    // watch: an obstacle entering or leaving a region marks it (both regions) changed.
    let deliver = false;
    if (this.regionSize > 0) {
      at.forEach((c, i) => {
        if (this.regionOf(c) !== this.regionOf(prev[i])) changed.add(this.regionOf(c)).add(this.regionOf(prev[i]));
      });
      deliver = changed.size > 0 && t % this.notifyEvery === 0;
    }
    const replanWhenBlocked = rule.kind !== 'recalc' || rule.whenBlocked !== false;
    const replanWhenChanged = rule.kind === 'recalc' && rule.whenChanged === true;
    for (let k = 0; k < this.followers.length; k++) {
      const f = this.followers[k];
      if (f.result.arrived) {
        f.result.path.push(f.cell);
        continue;
      }
      const notified = deliver && f.interestedIn(changed, horizon, (cell) => this.regionOf(cell));
      if (notified) f.result.notifications++;
      // predict replans when an obstacle is not where its plan assumed (it waited for a unit).
      const offTimetable = rule.kind === 'predict' && f.offTimetable(t, (i, tt) => this.obstacles.due(i, tt), at.length);
      if (rule.kind === 'incremental') {
        if (changedCells.length > 0) f.noteReplan(t, `${changedCells.length} cell${changedCells.length === 1 ? '' : 's'} changed`);
        f.incremental(changedCells);
      } else if (f.plan === null || f.stepsSincePlan >= every || offTimetable || notified || (replanWhenChanged && changedCells.length > 0)) {
        const why = f.plan === null ? 'no path yet' : notified ? 'notified: a region on its path changed' : offTimetable ? 'an obstacle left its timetable' : f.stepsSincePlan >= every ? `every ${every} steps` : 'the map changed';
        if (f.plan === null && !this.spaceTime) f.recalc(f.cell);
        else f.replan(this.spaceTime, t, prev, why);
      }
      let to = f.ahead();
      if (to !== null && to !== f.cell && live.passable[to] === 0) {
        f.result.obstacleBlocks++;
        if (replanWhenBlocked && rule.kind !== 'incremental') {
          f.replan(this.spaceTime, t, prev, 'blocked by an obstacle');
          to = f.ahead();
          if (to !== null && to !== f.cell && live.passable[to] === 0) to = null;
        } else to = null;
      }
      // Another unit there (it has not moved away, or moved in this turn): wait; held up a second
      // turn, look for a way round it (local repair, as LRA* does), else keep waiting.
      if (to !== null && to !== f.cell && occupied.has(to)) {
        const other = to;
        to = null;
        if (++f.unitBlocked >= 2) {
          live.setPassable(other, false);
          f.replanAround(t);
          live.setPassable(other, !this.obstacles.holds(other) && grid.passable[other] === 1);
          const detour = f.ahead();
          if (detour !== null && detour !== f.cell && live.passable[detour] === 1 && !occupied.has(detour)) to = detour;
        }
      }
      if ((to === null || to === f.cell) && wanted.has(f.cell)) {
        // The unit holds an obstacle up and would stay: it steps aside to a free cell the
        // obstacle does not want, and plans again from there (else the two could wait for each
        // other for good).
        const aside = stepAside(live, movement, f.cell, f.goal, (cell) => occupied.has(cell) || wanted.has(cell));
        if (aside >= 0) {
          f.noteReplan(t, 'yields to an obstacle it holds up');
          f.plan = null;
          to = aside;
        }
      }
      if (to === null || to === f.cell) {
        f.result.waits++;
        if (to === f.cell) f.pos++; // a wait the plan makes
      } else {
        f.unitBlocked = 0;
        occupied.delete(f.cell);
        occupied.set(to, k);
        f.cell = to;
        f.pos++;
        f.stepsSincePlan++;
      }
      next[k] = f.cell;
      f.result.path.push(f.cell);
      if (f.cell === f.goal) {
        f.result.arrived = true;
        f.result.arrival = t;
      }
    }
    if (deliver) changed.clear();
    this.prev = at.slice();
    this.changedCells = [];
    this.wanted = new Set<number>();
  }

  counters(): ControllerCounters {
    let expanded = 0;
    for (const f of this.followers) expanded += f.result.expanded;
    return { expanded, reservations: 0 };
  }
}

/** A free neighbour of `cell` on the live map that `taken` does not exclude, nearest the goal in moves on the empty map; -1 when none. */
function stepAside(live: Grid, movement: Movement, cell: number, target: number, taken: (cell: number) => boolean): number {
  let best = -1;
  let bestDistance = Infinity;
  const w = live.width;
  for (let d = 0; d < directionCount(movement); d++) {
    const n = stepCell(live, movement, cell, d);
    if (n < 0 || taken(n)) continue;
    const dx = Math.abs((n % w) - (target % w));
    const dy = Math.abs(Math.floor(n / w) - Math.floor(target / w));
    const distance = movement.connectivity === 8 ? Math.max(dx, dy) : dx + dy;
    if (distance < bestDistance) {
      best = n;
      bestDistance = distance;
    }
  }
  return best;
}
