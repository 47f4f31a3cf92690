/**
 * Units following their own paths, as a game's units do before local avoidance: a Theta* path
 * (any-angle, Game AI Pro 360's pathfinding summary; A* with post-smoothing on weighted maps) of cell-centre waypoints, the
 * preferred velocity toward the current waypoint at full speed. A unit pushed off its path by
 * others (more than OFF_COURSE from the leg it walks) checks now and then that it still sees its
 * waypoint and replans from where it stands if not.
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { solveThetaStar } from '../../search/thetaStar.ts';
import { solveAStar } from '../../search/astar.ts';
import { smoothPath } from '../../search/smoothing.ts';
import { hasLineOfSight } from '../../search/lineOfSight.ts';
import { SearchContext } from '../../search/searchContext.ts';
import type { CrowdWorld, FollowedPath } from './crowdWorld.ts';

/** Steps between a unit's checks that it still sees its waypoint (staggered by unit). */
const CHECK_EVERY_STEPS = 8;
/**
 * Replans one step may do: a Theta* search on a 256 x 256 map takes milliseconds, and several in
 * one step made its time spike (bench:crowds, ORCA on Berlin_1_256: max 39-55 ms against a mean of
 * 8); a unit refused now asks again at its next check, as engines time-slice path requests.
 */
const REPLANS_PER_STEP = 1;
/**
 * A unit this far (cells) from the leg between its last and next waypoint is off course. Below it,
 * a grid line of sight from the unit's cell can fail only because the unit walks beside the leg's
 * centre line past a corner, which is no reason to replan (nearly every step did, on Berlin_1_256).
 */
const OFF_COURSE = 1;
/** A waypoint is reached within this distance (cells) of its centre. */
const REACH = 0.5;

export class PathFollowing {
  /** Waypoint cells per unit. */
  private readonly paths: number[][] = [];
  /** Each path's length in cells. */
  private readonly lengths: number[] = [];
  private readonly next: Int32Array;
  private readonly context = new SearchContext();
  private stepNo = 0;
  private replansLeft = REPLANS_PER_STEP;
  /** Replans done after set-up (units that lost sight of their waypoint). */
  replans = 0;
  expanded = 0;
  /** Longest path's length in cells. */
  longest = 0;
  /** The first unit (from 0) whose goal cannot be reached from its start, -1 if none. */
  unreachable = -1;
  /** False when set-up was interrupted before every unit had a path. */
  complete = false;
  private readonly arrive = new Float64Array(2);

  /** `known`: paths kept from a set-up before (CrowdResume.paths), followed on instead of planned again. */
  constructor(private readonly instance: MapfInstance, private readonly interrupted: () => boolean, known?: readonly (FollowedPath | undefined)[]) {
    const n = instance.agents.length;
    this.next = new Int32Array(n);
    for (let a = 0; a < n && !interrupted(); a++) {
      const kept = known?.[a];
      const { start, goal } = instance.agents[a];
      const path = kept ?? this.plan(start, goal);
      if (path === null) {
        this.unreachable = a;
        return;
      }
      this.paths.push(path.cells);
      this.lengths.push(path.length);
      this.longest = Math.max(this.longest, path.length);
      this.next[a] = kept?.next ?? (path.cells.length > 1 ? 1 : 0);
    }
    this.complete = this.paths.length === n;
  }

  private plan(start: number, goal: number): { cells: number[]; length: number } | null {
    const query = { grid: this.instance.grid, movement: this.instance.movement, start, goal };
    if (this.instance.grid.weight === null) {
      const found = solveThetaStar(query, { context: this.context });
      this.expanded += found.expanded;
      return found.status === 'found' ? { cells: found.path, length: found.length } : null;
    }
    const found = solveAStar(query, { context: this.context });
    this.expanded += found.expanded;
    if (found.status !== 'found') return null;
    const smooth = smoothPath(this.instance.grid, this.instance.movement, found.path);
    return { cells: smooth.path, length: smooth.length };
  }

  /** Unit a's path as it follows it now. */
  pathOf(a: number): FollowedPath {
    return { cells: this.paths[a], next: this.next[a], length: this.lengths[a] };
  }

  /** Marks the start of a step (for the staggered checks). */
  beginStep(): void {
    this.stepNo++;
    this.replansLeft = REPLANS_PER_STEP;
  }

  /** Unit a's preferred velocity into out: toward its waypoint at full speed, arriving at its goal. */
  preferred(world: CrowdWorld, a: number, out: Float64Array): void {
    const grid = world.grid;
    let path = this.paths[a];
    let i = this.next[a];
    const here = world.cellOf(a);
    if (this.replansLeft > 0 && (this.stepNo + a) % CHECK_EVERY_STEPS === 0 && here !== path[i] && grid.isFree(here) && offCourse(world, a, grid, path, i) && !hasLineOfSight(grid, this.instance.movement, here, path[i])) {
      this.replansLeft--;
      this.replans++;
      const again = this.plan(here, world.goal[a]);
      if (again !== null) {
        this.paths[a] = path = again.cells;
        this.lengths[a] = again.length;
        this.next[a] = i = again.cells.length > 1 ? 1 : 0;
      }
    }
    // Skip waypoints already reached.
    while (i < path.length - 1) {
      const wx = grid.x(path[i]) + 0.5 - world.x[a];
      const wy = grid.y(path[i]) + 0.5 - world.y[a];
      if (wx * wx + wy * wy > REACH * REACH) break;
      i++;
    }
    this.next[a] = i;
    if (i === path.length - 1 && (here === world.goal[a] || Math.hypot(world.gx[a] - world.x[a], world.gy[a] - world.y[a]) < 1)) {
      world.arriveVelocity(a, this.arrive);
      out[0] = this.arrive[0];
      out[1] = this.arrive[1];
      return;
    }
    const dx = grid.x(path[i]) + 0.5 - world.x[a];
    const dy = grid.y(path[i]) + 0.5 - world.y[a];
    const d = Math.sqrt(dx * dx + dy * dy);
    const speed = world.maxSpeed[a];
    out[0] = d > 1e-9 ? (dx / d) * speed : 0;
    out[1] = d > 1e-9 ? (dy / d) * speed : 0;
  }
}

/** Whether unit a is more than OFF_COURSE from the leg path[i - 1] to path[i] (cell centres). */
function offCourse(world: CrowdWorld, a: number, grid: MapfInstance['grid'], path: number[], i: number): boolean {
  const bx = grid.x(path[i]) + 0.5;
  const by = grid.y(path[i]) + 0.5;
  const ax = i > 0 ? grid.x(path[i - 1]) + 0.5 : bx;
  const ay = i > 0 ? grid.y(path[i - 1]) + 0.5 : by;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((world.x[a] - ax) * dx + (world.y[a] - ay) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(world.x[a] - (ax + t * dx), world.y[a] - (ay + t * dy)) > OFF_COURSE;
}
