/**
 * WHCA*'s way out of a head-on deadlock: PIBT's priority inheritance (Okumura, Machida, Défago
 * and Tamura, IJCAI 2019 / AIJ 2022). Two lines of units facing each other in a one-lane corridor
 * cannot be untangled by space-time searches made one unit at a time against the others'
 * reservations: each unit's best plan is to wait for the other line, so all of them wait. PIBT
 * resolves it by inheritance: the unit with the highest priority (here the one that has waited
 * longest, then a fixed tie-breaker: PIBT's age) moves towards its goal, and the unit in its way
 * inherits that priority and must step aside or back off, which pushes the next, down the line.
 *
 * While a rescue lasts, every unit on the map moves by one PIBT step a turn, priorities carried
 * from turn to turn (PibtController's rule for units that come and go); units that appear during
 * it wait where they stand. Units of one cell moving a cell a turn on a 4-connected grid only
 * (PIBT's setting): elsewhere the caller does not start one.
 */
import type { Grid } from '../../grid/grid.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { ABSENT } from '../../mapf/plan.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import { Pibt } from '../pibt.ts';

export class InheritanceRescue {
  /** Each unit's PIBT priority by its index in the run, carried from turn to turn. */
  private readonly elapsed = new Map<number, number>();
  private readonly distances: GoalDistances;
  /** PIBT calls made: the rescue's search work. */
  calls = 0;

  /** Turns left to run (the caller ends it then and replans every unit). */
  constructor(private readonly grid: Grid, private readonly seed: number, public turnsLeft: number) {
    this.distances = new GoalDistances(grid);
  }

  /** PIBT's next cell for every unit on the map, written into `next`. */
  step(t: number, positions: Int32Array, agents: readonly AgentTask[], goals: Int32Array, next: Int32Array): void {
    const ids: number[] = [];
    for (let a = 0; a < positions.length; a++) if (positions[a] !== ABSENT) ids.push(a);
    const from = Int32Array.from(ids, (a) => positions[a]);
    const to = new Int32Array(ids.length);
    const pibt = new Pibt(this.grid, from, ids.map((a) => (a < goals.length ? goals[a] : agents[a].goal)), this.seed + t, this.distances);
    // Age first (turns since the rescue began, not on the goal), a fixed fraction breaking ties.
    ids.forEach((a, j) => (pibt.elapsed[j] = this.elapsed.get(a) ?? fraction(this.seed, a)));
    pibt.step(from, to);
    this.calls += pibt.calls;
    for (let j = 0; j < ids.length; j++) {
      next[ids[j]] = to[j];
      this.elapsed.set(ids[j], pibt.elapsed[j]);
    }
    this.turnsLeft--;
  }
}

/** A unit's fixed tie-breaker in [0, 1) from the seed and its index (a 32-bit integer hash). */
function fraction(seed: number, a: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(a + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), h | 1);
  h ^= h + Math.imul(h ^ (h >>> 7), h | 61);
  return ((h ^ (h >>> 14)) >>> 0) / 4294967296;
}
