/**
 * The traffic rule of a one-lane bridge, as traffic lights run one: the lane's direction
 * alternates, a platoon of up to k units entering from one end while the other end waits, and the
 * direction changes only once the lane has emptied (all red between the phases). With both queues
 * long each cycle carries 2k units in about 2(L + k) turns over a lane of L cells: about k / (L + k)
 * units a turn in all (`platoonFormula`). A phase also ends early when nobody waits to enter its
 * way and somebody waits at the other end, and a full platoon is followed by another the same way
 * when nobody waits at the other end. Units in the lane have the right of way over units
 * outside it, so a unit waiting at the mouth is pushed aside to let the platoon out instead of
 * holding the mouth.
 *
 * The rule is PIBT's `forbid` (core/planning/pibt.ts) and a priority bonus; it is used by the
 * platoon controller (core/solvers/traffic) and by the windowed planners' stall rescue.
 */
import type { Grid } from '../grid/grid.ts';
import type { AgentTask } from '../mapf/instance.ts';
import type { GoalDistances } from '../search/goalDistances.ts';
import type { Lane } from './lane.ts';

/** Units a turn k-unit platoons each way carry over a lane of `length` cells: k / (L + k). */
export function platoonFormula(length: number, k: number): number {
  return k / (length + k);
}

/** Added to a lane unit's PIBT priority: above any age a unit outside reaches. */
export const RIGHT_OF_WAY = 1e9;
const AB = 0;
const BA = 1;

export class LaneRule {
  private readonly inLane: Uint8Array;
  private readonly a: number;
  private readonly b: number;
  /** The way that is green (AB: entering at end A), and whether the lane is clearing for the other. */
  private way = AB;
  private clearing = false;
  private entered = 0;
  /** Phases run: how often the direction turned, plus one. */
  phases = 1;

  /** The cells outside the lane next to its ends A and B (their way: AB at A), through which units enter and leave it. */
  private readonly mouth: Int8Array;
  /** Per way, a cell past the lane for a unit entering that way: the far end, or for a door of one cell its far mouth. */
  private readonly beyond: [number, number];

  constructor(grid: Grid, readonly lane: Lane, readonly platoon: number) {
    this.inLane = new Uint8Array(grid.cells);
    for (const c of lane.cells) this.inLane[c] = 1;
    this.a = lane.cells[0];
    this.b = lane.cells[lane.cells.length - 1];
    this.mouth = new Int8Array(grid.cells).fill(-1);
    const outside = (end: number) => {
      const x = grid.x(end);
      const y = grid.y(end);
      return [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]].filter(([nx, ny]) => grid.inBounds(nx, ny) && grid.isFree(grid.cell(nx, ny)) && this.inLane[grid.cell(nx, ny)] === 0).map(([nx, ny]) => grid.cell(nx, ny));
    };
    if (this.a !== this.b) {
      for (const c of outside(this.a)) this.mouth[c] = AB;
      for (const c of outside(this.b)) this.mouth[c] = BA;
      this.beyond = [this.b, this.a];
    } else {
      // A door of one cell: walls on two opposite sides, its two mouths on the other two, one a side.
      const [first, second] = outside(this.a);
      this.mouth[first] = AB;
      if (second !== undefined) this.mouth[second] = BA;
      this.beyond = [second ?? first, first];
    }
  }

  /** Whether `cell` is on the lane. */
  holds(cell: number): boolean {
    return this.inLane[cell] === 1;
  }

  /** Whether a move from `from` to `to` enters the lane at an end whose way is red. */
  refused(from: number, to: number): boolean {
    if (this.inLane[from] === 1) return false;
    // A box junction's rule: while its way is red, a mouth is kept clear for the units leaving
    // the lane by it (with the banks crowded, a queue standing in the mouth locked both ways).
    const mouth = this.mouth[to];
    if (mouth >= 0 && this.mouth[from] < 0 && (this.clearing || this.entered >= this.platoon || mouth !== this.way)) return true;
    if (to !== this.a && to !== this.b) return false;
    if (this.clearing || this.entered >= this.platoon) return true;
    // The way a unit enters by is the side it comes from (a door of one cell is both ends).
    return this.mouth[from] !== this.way;
  }

  /** Counts a move made this turn (an entry from outside uses up the platoon). */
  moved(from: number, to: number): void {
    if (this.inLane[from] === 0 && (to === this.a || to === this.b)) this.entered++;
  }

  /**
   * At the start of a turn: ends the phase when its platoon has gone in, or nobody waits its way
   * while the other way does; turns the direction once the lane is empty.
   */
  beginTurn(grid: Grid, positions: ArrayLike<number>, ids: readonly number[], agents: readonly AgentTask[], distances: GoalDistances): void {
    let occupied = 0;
    for (const u of ids) if (this.inLane[positions[u]] === 1) occupied++;
    if (this.clearing) {
      if (occupied > 0) return;
      this.clearing = false;
      this.way = 1 - this.way;
      this.entered = 0;
      this.phases++;
      return;
    }
    const waitingThis = this.waiting(grid, positions, ids, agents, distances, this.way);
    const waitingOther = this.waiting(grid, positions, ids, agents, distances, 1 - this.way);
    if (waitingOther && (this.entered >= this.platoon || !waitingThis)) this.clearing = true;
    // Nobody at the red end: the light stays green for the next platoon, as a sensor-driven light
    // does (a one-way stream would otherwise wait for a turn of the other way that never comes).
    else if (!waitingOther && this.entered >= this.platoon) this.entered = 0;
  }

  /** Whether a unit stands near the lane's entry for `way`, outside the lane, and its way to its goal runs through the lane from there. */
  private waiting(grid: Grid, positions: ArrayLike<number>, ids: readonly number[], agents: readonly AgentTask[], distances: GoalDistances, way: number): boolean {
    const end = way === AB ? this.a : this.b;
    const beyond = this.beyond[way];
    for (const u of ids) {
      const c = positions[u];
      // Next to the end, or next to its mouth (kept clear while the way is red).
      const d = Math.abs(grid.x(c) - grid.x(end)) + Math.abs(grid.y(c) - grid.y(end));
      if (this.inLane[c] === 1 || d < 1 || d > 2) continue;
      const table = distances.table(agents[u].goal);
      if (table.get(beyond) < table.get(end) && table.get(end) < table.get(c)) return true;
    }
    return false;
  }
}
