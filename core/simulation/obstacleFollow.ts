/**
 * Units among moving obstacles, each replanning alone by the rules of seed
 * 004_7157ad6a1d8a6c7d.txt (Patel, "Dealing with moving obstacles"; issue 12), with what the seed
 * counts: the path steps computed over the whole run ("if the path is 100 steps long and it is
 * recalculated every 10 steps, the total number of path steps is 100+90+…+10 = 550").
 *
 * - `recalc`: recompute the whole remaining path every `every` steps and/or when the next move
 *   is blocked and/or when the map changed (an obstacle moved) ("Recalculating paths").
 * - `splice`: recompute only the first `m` steps p[1]..p[m] and splice the new piece in, every
 *   `every` steps (default 3/4 of m) or when blocked; a piece longer than `limit` is a bad splice
 *   and the whole path is recalculated instead ("Path splicing", the 1-2-5-3-4 figure).
 * - `watch`: the map is cut into square regions of `regionSize` cells; a unit is interested in
 *   the regions its remaining path crosses (all, or within `horizon` steps); an obstacle entering
 *   or leaving a region marks it changed, and units are notified at once or in batches every
 *   `notifyEvery` turns, and repair by `recalc` or `splice` ("Watching for map changes").
 * - `incremental` (beyond the seed): D* Lite per unit (core/search/dStarLite.ts), told of every
 *   cell that opened or closed, reusing its search instead of starting again.
 * - `predict`: plan in space-time against the obstacles' timetable, waits allowed
 *   (obstacleSpaceTime.ts); replan only when an obstacle leaves its timetable (it waited for a
 *   unit) or the next cell is held after all.
 *
 * recalc, splice and watch know obstacles `now`: where they stand this turn, like walls. A turn:
 * obstacles step first (one waits while a unit stands where it would go: right of way), then
 * each unit in order takes its next cell unless an obstacle holds it (a block: it waits, and
 * replans if its rule says so) or another unit stands there (it waits, and from the second turn
 * looks for a way round that unit). Units plan alone: they see each other only as cells taken
 * this turn, so they never share a cell or swap. A unit
 * stays on its goal once there; the run ends when all are there or at `turnLimit`.
 */
import type { Grid } from '../grid/grid.ts';
import { type Movement, directionCount, stepCell } from '../grid/movement.ts';
import { type MovingObstacle, cellAfterSteps } from '../mapf/obstacles.ts';
import { ObstacleMotion } from './obstacleMotion.ts';
import { SearchContext } from '../search/searchContext.ts';
import { type ObstacleCells, earliestArrival } from './obstacleSpaceTime.ts';
import { Follower, type World } from './obstacleFollower.ts';

export type ReplanRule =
  | { kind: 'recalc'; every?: number; whenBlocked?: boolean; whenChanged?: boolean; knowledge?: Knowledge }
  | { kind: 'splice'; m: number; every?: number; limit?: number }
  | { kind: 'predict' }
  | { kind: 'incremental' }
  | { kind: 'watch'; regionSize: number; horizon?: number; notifyEvery?: number; repair?: 'recalc' | 'splice'; m?: number; limit?: number; knowledge?: Knowledge };

/** What units know of obstacles: where they stand now (like walls), or their timetable (plans in space-time, waits allowed). */
export type Knowledge = 'now' | 'timetable';

/** What one unit did and what it cost. */
export interface UnitRun {
  /** The unit's cell at every turn 0 … the end of the run. */
  path: number[];
  arrived: boolean;
  /** Turn the unit reached its goal (Infinity when it did not). */
  arrival: number;
  /** Seed 004's measure: the moves of every path or piece computed, added up. */
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

export interface ObstacleRun {
  units: UnitRun[];
  /** Each obstacle's anchor cell at every turn, as it moved (delays included). */
  obstaclePaths: number[][];
  /** Steps obstacles put off because a unit stood in their way. */
  obstacleWaits: number;
  /** Turns the run took (the last unit's arrival, or the turn limit). */
  turns: number;
  /** Search nodes expanded by every unit's planning (a turn controller's: all its searches). */
  expanded: number;
}

/** One unit's run, with the obstacles' paths and waits (followAmongObstacles). */
export type FollowResult = UnitRun & { obstaclePaths: number[][]; obstacleWaits: number };

export interface FollowOptions {
  turnLimit?: number;
}

/** Runs one unit from `start` to `goal` among `obstacles` (4- or 8-connected `movement`) under `rule`. */
export function followAmongObstacles(grid: Grid, movement: Movement, start: number, goal: number, obstacles: readonly MovingObstacle[], rule: ReplanRule, options: FollowOptions = {}): FollowResult {
  const run = runAmongObstacles(grid, movement, [{ start, goal }], obstacles, rule, options);
  return { ...run.units[0], obstaclePaths: run.obstaclePaths, obstacleWaits: run.obstacleWaits };
}

/** Runs `units` (one-cell units planning alone) among `obstacles` under `rule`. */
export function runAmongObstacles(
  grid: Grid,
  movement: Movement,
  units: readonly { start: number; goal: number }[],
  obstacles: readonly MovingObstacle[],
  rule: ReplanRule,
  options: FollowOptions = {},
): ObstacleRun {
  const every = rule.kind === 'recalc' ? rule.every ?? Infinity : rule.kind === 'splice' ? rule.every ?? Math.max(1, Math.floor((3 * rule.m) / 4)) : Infinity;
  if (!(every >= 1)) throw new RangeError(`${rule.kind}: every must be at least 1, got ${every}`);
  /** The splice length, when the rule splices (splice, or watch repairing by splice). */
  const spliceM = rule.kind === 'splice' ? rule.m : rule.kind === 'watch' && rule.repair === 'splice' ? rule.m ?? 10 : null;
  if (spliceM !== null && !(Number.isInteger(spliceM) && spliceM >= 1)) throw new RangeError(`${rule.kind}: m must be a whole number >= 1, got ${spliceM}`);
  const limit = rule.kind === 'splice' || rule.kind === 'watch' ? rule.limit ?? Infinity : Infinity;
  const regionSize = rule.kind === 'watch' ? rule.regionSize : 0;
  const notifyEvery = rule.kind === 'watch' ? rule.notifyEvery ?? 1 : 1;
  const horizon = rule.kind === 'watch' ? rule.horizon ?? Infinity : Infinity;
  if (rule.kind === 'watch' && !(Number.isInteger(regionSize) && regionSize >= 1)) throw new RangeError(`watch: regionSize must be a whole number >= 1, got ${regionSize}`);
  if (!(Number.isInteger(notifyEvery) && notifyEvery >= 1)) throw new RangeError(`watch: notifyEvery must be a whole number >= 1, got ${notifyEvery}`);
  const replanWhenBlocked = rule.kind !== 'recalc' || rule.whenBlocked !== false;
  const replanWhenChanged = rule.kind === 'recalc' && rule.whenChanged === true;
  // Units that know the timetable plan in space-time against it, waits allowed (predict's planner);
  // recalc and watch then say only when they replan. (A splice's piece is cut from a plan on the map as it stands.)
  const spaceTime = rule.kind === 'predict' || ((rule.kind === 'recalc' || rule.kind === 'watch') && rule.knowledge === 'timetable');
  if (rule.kind === 'watch' && rule.knowledge === 'timetable' && rule.repair === 'splice') throw new RangeError('watch: units that know the timetable repair by recalc (a splice is cut from a plan on the map as it stands)');
  /** Cells whose passability changed this turn (obstacles moving), for incremental and whenChanged. */
  let changedCells: number[] = [];
  const regionsAcross = regionSize > 0 ? Math.ceil(grid.width / regionSize) : 0;
  const regionOf = (cell: number) => Math.floor(grid.y(cell) / regionSize) * regionsAcross + Math.floor(grid.x(cell) / regionSize);
  const turnLimit = options.turnLimit ?? 4 * grid.cells;
  /** Units' cells now (updated as each moves in its turn). */
  const occupied = new Map<number, number>();
  units.forEach((u, k) => occupied.set(u.start, k));
  const unitOn = (cell: number) => occupied.get(cell) ?? -1;
  // The obstacles as the simulator moves them (right of way included), and the live map: walls,
  // plus the cells obstacles hold this turn.
  const motion = new ObstacleMotion(grid, obstacles, unitOn);
  const { live, timetables, at, stepsDone } = motion;
  const sizes = motion.footprintSizes;
  const context = new SearchContext();
  const due = (i: number, t: number): number => motion.due(i, t);
  const predicted = (base: number, steps: readonly number[], prev: readonly number[]): ObstacleCells => ({
    count: timetables.length,
    sizes,
    width: grid.width,
    at: (i, tt) => (tt < base ? prev[i] : cellAfterSteps(timetables[i], steps[i] + due(i, tt) - due(i, base))),
  });
  const world: World = { grid, movement, live, context, turnLimit, spliceM, limit, predicted, stepsDone };
  const followers = units.map((u) => new Follower(world, u.start, u.goal));
  for (const f of followers) {
    if (spaceTime) f.predictFrom(f.cell, 0, at);
    else if (rule.kind === 'incremental') f.incremental();
    else f.recalc(f.cell);
  }
  changedCells = [];

  /** Cells an obstacle meant to step onto this turn but a unit stood on (it waited for the unit). */
  let wanted: ReadonlySet<number> = new Set<number>();
  /** watch: regions changed since the last notification. */
  const changed = new Set<number>();
  let t = 1;
  for (; t <= turnLimit && followers.some((f) => !f.result.arrived); t++) {
    const prev = at.slice();
    // Obstacles step first; one whose next cell a unit holds waits (and falls behind).
    const moves = motion.step(t - 1, unitOn);
    changedCells = [...moves.closed, ...moves.opened];
    wanted = new Set(moves.heldCells);
    // watch: an obstacle entering or leaving a region marks it (both regions) changed.
    let deliver = false;
    if (regionSize > 0) {
      at.forEach((c, i) => {
        if (regionOf(c) !== regionOf(prev[i])) changed.add(regionOf(c)).add(regionOf(prev[i]));
      });
      deliver = changed.size > 0 && t % notifyEvery === 0;
    }
    for (const f of followers) {
      if (f.result.arrived) {
        f.result.path.push(f.cell);
        continue;
      }
      const notified = deliver && f.interestedIn(changed, horizon, regionOf);
      if (notified) f.result.notifications++;
      // predict replans when an obstacle is not where its plan assumed (it waited for a unit).
      const offTimetable = rule.kind === 'predict' && f.offTimetable(t, due, timetables.length);
      if (rule.kind === 'incremental') {
        if (changedCells.length > 0) f.noteReplan(t, `${changedCells.length} cell${changedCells.length === 1 ? '' : 's'} changed`);
        f.incremental(changedCells);
      } else if (f.plan === null || f.stepsSincePlan >= every || offTimetable || notified || (replanWhenChanged && changedCells.length > 0)) {
        const why = f.plan === null ? 'no path yet' : notified ? 'notified: a region on its path changed' : offTimetable ? 'an obstacle left its timetable' : f.stepsSincePlan >= every ? `every ${every} steps` : 'the map changed';
        if (f.plan === null && !spaceTime) f.recalc(f.cell);
        else f.replan(spaceTime, t, prev, why);
      }
      let next = f.ahead();
      if (next !== null && next !== f.cell && live.passable[next] === 0) {
        f.result.obstacleBlocks++;
        if (replanWhenBlocked && rule.kind !== 'incremental') {
          f.replan(spaceTime, t, prev, 'blocked by an obstacle');
          next = f.ahead();
          if (next !== null && next !== f.cell && live.passable[next] === 0) next = null;
        } else next = null;
      }
      // Another unit there (it has not moved away, or moved in this turn): wait; held up a second
      // turn, look for a way round it (local repair, as LRA* does), else keep waiting.
      if (next !== null && next !== f.cell && occupied.has(next)) {
        const other = next;
        next = null;
        if (++f.unitBlocked >= 2) {
          live.setPassable(other, false);
          f.replanAround(t);
          live.setPassable(other, !motion.holds(other) && grid.passable[other] === 1);
          const detour = f.ahead();
          if (detour !== null && detour !== f.cell && live.passable[detour] === 1 && !occupied.has(detour)) next = detour;
        }
      }
      if ((next === null || next === f.cell) && wanted.has(f.cell)) {
        // The unit holds an obstacle up and would stay: it steps aside to a free cell the
        // obstacle does not want, and plans again from there (else the two could wait for each
        // other for good).
        const aside = stepAside(live, movement, f.cell, f.goal, (cell) => occupied.has(cell) || wanted.has(cell));
        if (aside >= 0) {
          f.noteReplan(t, 'yields to an obstacle it holds up');
          f.plan = null;
          next = aside;
        }
      }
      if (next === null || next === f.cell) {
        f.result.waits++;
        if (next === f.cell) f.pos++; // a wait the plan makes
      } else {
        f.unitBlocked = 0;
        occupied.delete(f.cell);
        occupied.set(next, followers.indexOf(f));
        f.cell = next;
        f.pos++;
        f.stepsSincePlan++;
      }
      f.result.path.push(f.cell);
      if (f.cell === f.goal) {
        f.result.arrived = true;
        f.result.arrival = t;
      }
    }
    if (deliver) changed.clear();
  }

  // Hindsight: the obstacles' recorded cells (each stays on its last one) known in advance.
  const obstaclePaths = motion.paths;
  const recorded: ObstacleCells = { count: obstaclePaths.length, sizes, width: grid.width, at: (i, tt) => obstaclePaths[i][Math.min(tt, obstaclePaths[i].length - 1)] };
  for (const f of followers) {
    const best = earliestArrival(grid, movement, f.start, 0, f.goal, recorded, turnLimit).path;
    f.result.hindsight = best === null ? Infinity : best.length - 1;
  }
  return { units: followers.map((f) => f.result), obstaclePaths, obstacleWaits: motion.waits, turns: t - 1, expanded: followers.reduce((sum, f) => sum + f.result.expanded, 0) };
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
