/**
 * A traffic rule for a one-lane bridge, as traffic lights run one: the lane's direction
 * alternates, a platoon of up to k units entering from one end while the other end waits, and
 * the direction changes only once the lane has emptied (all red between the phases). With both
 * queues long, each cycle carries 2k units in about 2(L + k) turns on a lane of L cells: about
 * k / (L + k) units a turn in all (the formula is `platoonFormula`; this controller measures it,
 * the queues' real arrivals and the banks' congestion included). A phase also ends early when
 * nobody waits to enter its way and somebody waits at the other end.
 *
 * Units move by PIBT (Okumura et al. 2019; core/solvers/pibt.ts), priorities carried from turn to
 * turn, with the rule as PIBT's `forbid`: a unit may not step from outside the lane onto an end
 * whose way is red, whether it chose the cell or was pushed there. The lane is the map's longest
 * one-cell-wide corridor (lane.ts). Param `platoon` k (default: the lane's length).
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { ABSENT } from '../../mapf/plan.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import type { ControllerCounters, ControllerOptions, TurnController, TurnEvent, WorldView } from '../controller.ts';
import { Pibt } from '../pibt.ts';
import { readParams } from '../readParams.ts';
import type { ParamSpec } from '../types.ts';
import { type Lane, findLane } from './lane.ts';

export const PLATOON_PARAMS: readonly ParamSpec[] = [
  { name: 'platoon', label: 'Platoon k', help: 'Units let onto the lane from one end before its direction turns (default: the lane\'s length).', kind: 'number', default: null, min: 1, max: 100000, integer: true },
];

/** Units a turn k-unit platoons each way carry over a lane of `length` cells: k / (L + k). */
export function platoonFormula(length: number, k: number): number {
  return k / (length + k);
}

/** Added to a lane unit's PIBT priority: above any age a unit outside reaches. */
const RIGHT_OF_WAY = 1e9;
const AB = 0;
const BA = 1;

export class PlatoonController implements TurnController {
  readonly lane: Lane | null;
  readonly platoon: number;
  private readonly seed: number;
  private readonly inLane: Uint8Array;
  private readonly a: number;
  private readonly b: number;
  private distances: GoalDistances | null = null;
  private elapsed = new Map<number, number>();
  /** The way that is green (AB: entering at end A), and whether the lane is clearing for the other. */
  private way = AB;
  private clearing = false;
  private entered = 0;
  private calls = 0;
  /** Phases run: how often the direction turned. */
  phases = 1;

  constructor(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions) {
    const values = readParams('platoons', PLATOON_PARAMS, options.params ?? {});
    if (instance.movement.connectivity !== 4) throw new RangeError('platoons: moves units on 4-connected grids (PIBT\'s setting)');
    this.lane = findLane(instance.grid);
    if (this.lane === null) throw new RangeError('platoons: the map has no one-lane corridor (a run of cells one cell wide) to govern');
    const cells = this.lane.cells;
    this.platoon = (values.platoon as number | undefined) ?? cells.length;
    this.inLane = new Uint8Array(instance.grid.cells);
    for (const c of cells) this.inLane[c] = 1;
    this.a = cells[0];
    this.b = cells[cells.length - 1];
    this.seed = options.seed;
  }

  init(): void {}

  unitsChanged(): void {}

  step(world: WorldView, next: Int32Array, _emit: (event: TurnEvent) => void): void {
    const positions = world.positions;
    const ids: number[] = [];
    let occupied = 0;
    for (let u = 0; u < positions.length; u++) {
      if (positions[u] === ABSENT) continue;
      ids.push(u);
      if (this.inLane[positions[u]] === 1) occupied++;
    }
    this.turnLight(world, ids, occupied);
    if (ids.length === 0) return;
    const distances = (this.distances ??= new GoalDistances(world.grid));
    const from = Int32Array.from(ids, (u) => positions[u]);
    const to = new Int32Array(ids.length);
    const pibt = new Pibt(world.grid, from, ids.map((u) => world.agents[u].goal), this.seed + world.t, distances);
    // Units in the lane have the right of way (they rank above every unit outside it), so a unit
    // waiting at the mouth for its green is pushed aside to let the platoon out, instead of
    // holding the mouth by its age.
    ids.forEach((u, j) => (pibt.elapsed[j] = (this.elapsed.get(u) ?? 0) + (this.inLane[from[j]] === 1 ? RIGHT_OF_WAY : 0)));
    pibt.forbid = (_i, cellFrom, cellTo) => this.refused(cellFrom, cellTo);
    pibt.step(from, to);
    this.calls += pibt.calls;
    for (let j = 0; j < ids.length; j++) {
      const u = ids[j];
      next[u] = to[j];
      this.elapsed.set(u, to[j] === world.agents[u].goal ? 0 : (this.elapsed.get(u) ?? 0) + 1);
      if (this.inLane[from[j]] === 0 && (to[j] === this.a || to[j] === this.b)) this.entered++;
    }
  }

  /** Whether a move from `from` to `to` enters the lane at an end whose way is red. */
  private refused(from: number, to: number): boolean {
    if (this.inLane[from] === 1 || (to !== this.a && to !== this.b)) return false;
    if (this.clearing || this.entered >= this.platoon) return true;
    return (to === this.a ? AB : BA) !== this.way;
  }

  /** Ends the phase when its platoon has gone in, or nobody waits its way while the other way does. */
  private turnLight(world: WorldView, ids: readonly number[], occupied: number): void {
    if (this.clearing) {
      if (occupied > 0) return;
      this.clearing = false;
      this.way = 1 - this.way;
      this.entered = 0;
      this.phases++;
      return;
    }
    const waitingThis = this.waiting(world, ids, this.way === AB ? this.a : this.b);
    const waitingOther = this.waiting(world, ids, this.way === AB ? this.b : this.a);
    if (waitingOther && (this.entered >= this.platoon || !waitingThis)) this.clearing = true;
  }

  /** Whether a unit stands next to lane end `end`, outside the lane, and its goal lies across it. */
  private waiting(world: WorldView, ids: readonly number[], end: number): boolean {
    const grid = world.grid;
    const other = end === this.a ? this.b : this.a;
    const distances = (this.distances ??= new GoalDistances(grid));
    for (const u of ids) {
      const c = world.positions[u];
      if (this.inLane[c] === 1 || Math.abs(grid.x(c) - grid.x(end)) + Math.abs(grid.y(c) - grid.y(end)) !== 1) continue;
      const table = distances.table(world.agents[u].goal);
      // Across: its way to the goal runs through the lane, from this end to the other.
      if (table.get(other) < table.get(end) && table.get(end) < table.get(c)) return true;
    }
    return false;
  }

  counters(): ControllerCounters {
    return { expanded: this.calls, reservations: 0 };
  }
}

export function createPlatoonController(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions): PlatoonController {
  return new PlatoonController(instance, options);
}
