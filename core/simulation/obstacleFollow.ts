/**
 * One unit among moving obstacles, replanning by the rules of seed 004_7157ad6a1d8a6c7d.txt
 * (Patel, "Dealing with moving obstacles"; issue 12), with what the seed counts: the path steps
 * computed over the whole run ("if the path is 100 steps long and it is recalculated every 10
 * steps, the total number of path steps is 100+90+…+10 = 550").
 *
 * - `recalc`: recompute the whole remaining path every `every` steps and/or when the next move
 *   is blocked ("Recalculating paths").
 * - `splice`: recompute only the first `m` steps p[1]..p[m] and splice the new piece in, every
 *   `every` steps (default 3/4 of m) or when blocked; a piece longer than `limit` is a bad splice
 *   and the whole path is recalculated instead ("Path splicing", the 1-2-5-3-4 figure).
 *
 * - `watch`: the map is cut into square regions of `regionSize` cells; the unit is interested in
 *   the regions its remaining path crosses (all, or within `horizon` steps); an obstacle entering
 *   or leaving a region marks it changed, and the unit is notified at once or in batches every
 *   `notifyEvery` turns, and repairs by `recalc` or `splice` ("Watching for map changes").
 * - `predict`: plan in space-time against the obstacles' timetable, waits allowed
 *   (obstacleSpaceTime.ts); replan only when an obstacle leaves its timetable (it waited for the
 *   unit) or the next cell is held after all.
 *
 * recalc and splice know obstacles `now`: where they stand this turn, like walls. A turn: obstacles step
 * first (one waits while the unit stands where it would go: right of way), then the unit takes
 * its next cell unless an obstacle holds it (a block: it waits, and replans if its rule says so).
 * The run ends when the unit reaches its goal or at `turnLimit`.
 */
import { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import { type MovingObstacle, ObstacleError, type ObstacleTimetable, cellAfterSteps, obstacleTimetable } from '../mapf/obstacles.ts';
import { solveAStar } from '../search/astar.ts';
import { SearchContext } from '../search/searchContext.ts';
import { type ObstacleCells, earliestArrival } from './obstacleSpaceTime.ts';

export type ReplanRule =
  | { kind: 'recalc'; every?: number; whenBlocked?: boolean }
  | { kind: 'splice'; m: number; every?: number; limit?: number }
  | { kind: 'predict' }
  | { kind: 'watch'; regionSize: number; horizon?: number; notifyEvery?: number; repair?: 'recalc' | 'splice'; m?: number; limit?: number };

export interface FollowResult {
  /** The unit's cell at every turn 0 … arrival (or the turn limit). */
  path: number[];
  /** Each obstacle's anchor cell at every turn, as it moved (delays included). */
  obstaclePaths: number[][];
  arrived: boolean;
  /** Turn the unit reached its goal (Infinity when it did not). */
  arrival: number;
  /** Seed 004's measure: the moves of every path or piece computed, added up. */
  pathStepsComputed: number;
  expanded: number;
  replans: number;
  /** Splices whose piece was over the limit, replaced by a whole recalculation. */
  badSplices: number;
  /** Turns the unit found its next cell held by an obstacle. */
  obstacleBlocks: number;
  waits: number;
  /** Steps obstacles put off because the unit stood in their way. */
  obstacleWaits: number;
  /** watch: notifications the unit acted on (one per batch). */
  notifications: number;
  /**
   * The hindsight bound: the earliest arrival had the obstacles' recorded motion been known in
   * advance (a space-time search over it); Infinity when even that does not arrive.
   */
  hindsight: number;
}

export interface FollowOptions {
  turnLimit?: number;
}

/** Runs one unit from `start` to `goal` among `obstacles` (4- or 8-connected `movement`) under `rule`. */
export function followAmongObstacles(
  grid: Grid,
  movement: Movement,
  start: number,
  goal: number,
  obstacles: readonly MovingObstacle[],
  rule: ReplanRule,
  options: FollowOptions = {},
): FollowResult {
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
  const regionsAcross = regionSize > 0 ? Math.ceil(grid.width / regionSize) : 0;
  const regionOf = (cell: number) => Math.floor(grid.y(cell) / regionSize) * regionsAcross + Math.floor(grid.x(cell) / regionSize);
  const replanWhenBlocked = rule.kind !== 'recalc' || rule.whenBlocked !== false;
  const turnLimit = options.turnLimit ?? 4 * grid.cells;
  const timetables: ObstacleTimetable[] = obstacles.map((o) => obstacleTimetable(grid, o));
  if (obstacles.some((o) => (o.size ?? 1) !== 1)) throw new RangeError('followAmongObstacles: obstacles of size 1 only for now');

  // The live map: walls, plus the cells obstacles hold this turn.
  const live = new Grid(grid.width, grid.height, Uint8Array.from(grid.passable), grid.weight);
  const context = new SearchContext();
  const stepsDone = new Array<number>(obstacles.length).fill(0);
  const at = timetables.map((t) => cellAfterSteps(t, 0));
  const obstaclePaths = at.map((cell) => [cell]);
  const held = new Map<number, number>();
  const hold = (cell: number, delta: number) => {
    const n = (held.get(cell) ?? 0) + delta;
    if (n === 0) held.delete(cell);
    else held.set(cell, n);
    // setPassable bumps the grid's version, so the searches' cached move masks are rebuilt.
    live.setPassable(cell, n === 0 && grid.passable[cell] === 1);
  };
  at.forEach((cell, i) => {
    if (cell === start) throw new ObstacleError(obstacles[i].id, 0, `it starts on the unit's start (${grid.x(start)}, ${grid.y(start)})`);
    hold(cell, 1);
  });

  const result: FollowResult = {
    path: [start], obstaclePaths, arrived: start === goal, arrival: start === goal ? 0 : Infinity,
    pathStepsComputed: 0, expanded: 0, replans: 0, badSplices: 0, obstacleBlocks: 0, waits: 0, obstacleWaits: 0, notifications: 0, hindsight: Infinity,
  };
  /** The path being followed, plan[at] the unit's cell; null when no path was found (it waits and tries again). */
  let plan: number[] | null = null;
  let pos = 0;
  let stepsSincePlan = 0;

  const search = (from: number, to: number): number[] | null => {
    if (live.passable[to] === 0 && to !== from) return null;
    const found = solveAStar({ grid: live, movement, start: from, goal: to }, { context });
    result.expanded += found.expanded;
    if (found.status !== 'found') return null;
    result.pathStepsComputed += found.path.length - 1;
    return found.path;
  };
  /** Steps obstacle i is due to have made by turn t on its timetable. */
  const due = (i: number, t: number): number => {
    const { speed = 1, startTurn = 0 } = timetables[i].obstacle;
    return t <= startTurn ? 0 : Math.floor((t - startTurn) / speed);
  };
  /** For predict: the turn and the obstacles' steps the plan assumed, to see one leave its timetable. */
  let planned = { t: 0, steps: stepsDone.slice() };
  /** Obstacles where the timetable puts them from turn `base` on (they keep their delays), and at `prev` the turn before. */
  const predicted = (base: number, steps: readonly number[], prev: readonly number[]): ObstacleCells => ({
    count: timetables.length,
    at: (i, tt) => (tt < base ? prev[i] : cellAfterSteps(timetables[i], steps[i] + due(i, tt) - due(i, base))),
  });
  /** predict: the earliest arrival from `from` at turn base - 1, obstacles as of turn `base`. */
  const predictFrom = (from: number, base: number, prev: readonly number[]) => {
    const steps = stepsDone.slice();
    const found = earliestArrival(grid, movement, from, Math.max(0, base - 1), goal, predicted(base, steps, prev), turnLimit);
    result.expanded += found.expanded;
    plan = found.path;
    if (plan !== null) result.pathStepsComputed += plan.length - 1;
    planned = { t: base, steps };
    pos = 0;
    stepsSincePlan = 0;
  };
  const recalc = (cell: number) => {
    plan = search(cell, goal);
    pos = 0;
    stepsSincePlan = 0;
  };
  const replan = (cell: number, t: number, prev: readonly number[]) => {
    result.replans++;
    if (rule.kind === 'predict') return predictFrom(cell, t, prev);
    if (spliceM === null || plan === null || plan.length - pos <= spliceM + 1) return recalc(cell);
    // p[1] is the unit's cell (plan[pos]); the piece goes to p[m] = plan[pos + m] and is spliced in.
    const piece = search(cell, plan[pos + spliceM]);
    if (piece === null || piece.length - 1 > limit) {
      result.badSplices++;
      return recalc(cell);
    }
    plan = piece.concat(plan.slice(pos + spliceM + 1));
    pos = 0;
    stepsSincePlan = 0;
  };

  if (rule.kind === 'predict') predictFrom(start, 0, at);
  else recalc(start);
  let cell = start;
  /** watch: regions changed since the last notification. */
  const changed = new Set<number>();
  for (let t = 1; t <= turnLimit && cell !== goal; t++) {
    const prev = at.slice();
    // Obstacles step first; one whose next cell the unit holds waits (and falls behind).
    timetables.forEach((timetable, i) => {
      if (stepsDone[i] < due(i, t)) {
        const next = cellAfterSteps(timetable, stepsDone[i] + 1);
        if (next === cell) result.obstacleWaits++;
        else {
          hold(at[i], -1);
          at[i] = next;
          hold(next, 1);
          stepsDone[i]++;
        }
      }
      obstaclePaths[i].push(at[i]);
    });
    // watch: an obstacle entering or leaving a region marks it (both regions) changed; the unit
    // hears of changes in the regions its path ahead crosses, at once or every notifyEvery turns.
    let notified = false;
    if (regionSize > 0) {
      at.forEach((c, i) => {
        if (regionOf(c) !== regionOf(prev[i])) changed.add(regionOf(c)).add(regionOf(prev[i]));
      });
      if (changed.size > 0 && t % notifyEvery === 0) {
        // (Set by the closures above: TypeScript cannot follow that.)
        const ahead = plan as number[] | null;
        if (ahead !== null) {
          const end = Math.min(ahead.length - 1, pos + horizon);
          for (let k = pos; k <= end && !notified; k++) notified = changed.has(regionOf(ahead[k]));
        }
        changed.clear();
        if (notified) result.notifications++;
      }
    }
    // predict replans when an obstacle is not where the plan assumed (it waited for the unit).
    const offTimetable = rule.kind === 'predict' && timetables.some((_, i) => stepsDone[i] !== planned.steps[i] + due(i, t) - due(i, planned.t));
    if (plan === null || stepsSincePlan >= every || offTimetable || notified) {
      if (plan === null && rule.kind !== 'predict') recalc(cell);
      else replan(cell, t, prev);
    }
    const ahead = (): number | null => (plan !== null && pos + 1 < plan.length ? plan[pos + 1] : null);
    let next = ahead();
    if (next !== null && next !== cell && live.passable[next] === 0) {
      result.obstacleBlocks++;
      if (replanWhenBlocked) {
        replan(cell, t, prev);
        next = ahead();
        if (next !== null && next !== cell && live.passable[next] === 0) next = null;
      } else next = null;
    }
    if (next === null || next === cell) {
      result.waits++;
      if (next === cell) pos++; // a wait the plan makes
    } else {
      cell = next;
      pos++;
      stepsSincePlan++;
    }
    result.path.push(cell);
    if (cell === goal) {
      result.arrived = true;
      result.arrival = t;
    }
  }
  // Hindsight: the obstacles' recorded cells (each stays on its last one) known in advance.
  const recorded: ObstacleCells = { count: obstaclePaths.length, at: (i, tt) => obstaclePaths[i][Math.min(tt, obstaclePaths[i].length - 1)] };
  const best = earliestArrival(grid, movement, start, 0, goal, recorded, turnLimit).path;
  result.hindsight = best === null ? Infinity : best.length - 1;
  return result;
}
