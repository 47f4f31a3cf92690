/**
 * The windowed planners' way out of a deadlock, and the platoon controller's motion: PIBT's
 * priority inheritance (Okumura, Machida, Défago and Tamura, IJCAI 2019 / AIJ 2022) and, on a map
 * with a one-lane corridor, the lane's traffic rule (laneRule.ts: its direction held until it
 * empties). Two lines of units facing each other in a one-lane corridor cannot be untangled by
 * space-time searches made one unit at a time against the others' reservations, nor by windows
 * re-planned from where they stand: each plan's best is to wait for, or push back, the other line.
 * PIBT resolves it by inheritance: the unit with the highest priority (the one that has waited
 * longest, a fixed tie-breaker between equals: PIBT's age) moves towards its goal, and the unit in
 * its way inherits that priority and must step aside or back off, down the line. Where queues
 * build up at both ends of the lane (a stream), the traffic rule keeps the two directions apart.
 *
 * Every unit on the map moves by one PIBT step a turn, priorities carried from turn to turn (the
 * PIBT controller's rule for units that come and go). Units of one cell moving a cell a turn on a
 * 4-connected grid only (PIBT's setting): elsewhere callers do not start one.
 */
import type { Grid } from '../grid/grid.ts';
import type { AgentTask } from '../mapf/instance.ts';
import { ABSENT } from '../mapf/plan.ts';
import { GoalDistances } from '../search/goalDistances.ts';
import { findLane } from './lane.ts';
import { LaneRule, RIGHT_OF_WAY } from './laneRule.ts';
import { Pibt } from './pibt.ts';

export class StallRescue {
  /** Each unit's PIBT priority by its index in the run, carried from turn to turn. */
  private readonly elapsed = new Map<number, number>();
  private readonly distances: GoalDistances;
  /** The lane's traffic rule (null: the map has no one-lane corridor, or none was asked for). */
  readonly rule: LaneRule | null;
  /** PIBT calls made: the rescue's search work. */
  calls = 0;

  /**
   * `turnsLeft`: turns to run (the caller ends it then); `platoon`: the lane rule's k (null: no
   * lane rule; undefined: the lane's length).
   */
  constructor(private readonly grid: Grid, private readonly seed: number, public turnsLeft: number, platoon?: number | null) {
    this.distances = new GoalDistances(grid);
    const lane = platoon === null ? null : findLane(grid);
    this.rule = lane === null ? null : new LaneRule(grid, lane, platoon ?? lane.cells.length);
  }

  /** PIBT's next cell for every unit on the map, written into `next`. */
  step(t: number, positions: Int32Array, agents: readonly AgentTask[], next: Int32Array): void {
    const ids: number[] = [];
    for (let a = 0; a < positions.length; a++) if (positions[a] !== ABSENT) ids.push(a);
    this.turnsLeft--;
    if (ids.length === 0) return;
    const rule = this.rule;
    rule?.beginTurn(this.grid, positions, ids, agents, this.distances);
    const from = Int32Array.from(ids, (a) => positions[a]);
    const to = new Int32Array(ids.length);
    const pibt = new Pibt(this.grid, from, ids.map((a) => agents[a].goal), this.seed + t, this.distances);
    // Age first, a fixed fraction breaking ties; units in the lane have the right of way.
    ids.forEach((a, j) => (pibt.elapsed[j] = (this.elapsed.get(a) ?? fraction(this.seed, a)) + (rule?.holds(from[j]) ? RIGHT_OF_WAY : 0)));
    if (rule !== null) pibt.forbid = (_i, cellFrom, cellTo) => rule.refused(cellFrom, cellTo);
    pibt.step(from, to);
    this.calls += pibt.calls;
    for (let j = 0; j < ids.length; j++) {
      const a = ids[j];
      next[a] = to[j];
      this.elapsed.set(a, to[j] === agents[a].goal ? 0 : (this.elapsed.get(a) ?? fraction(this.seed, a)) + 1);
      rule?.moved(from[j], to[j]);
    }
  }
}

/** A unit's fixed tie-breaker in [0, 1) from the seed and its index (a 32-bit integer hash). */
export function fraction(seed: number, a: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(a + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), h | 1);
  h ^= h + Math.imul(h ^ (h >>> 7), h | 61);
  return ((h ^ (h >>> 14)) >>> 0) / 4294967296;
}
