/**
 * The conflict avoidance table of independence detection. Standley 2010
 * (Standley 2010), section "Independent Subproblems": it holds the paths of all agents outside
 * the group being planned, and the search breaks ties between nodes of equal f in favour of the
 * fewest conflicts with them, so a replan returns the optimal path that leads to the fewest future
 * conflicts. It counts vertex conflicts (a cell taken by another agent at the same time,
 * including an agent resting on its goal), swaps and, 8-connected, diagonal crossings.
 */
import { OPPOSITE, type StepTable } from '../../search/stepTable.ts';
import { IntMap } from './intMap.ts';

/**
 * For a diagonal direction m from p to q, the directions of the other diagonal of the 2x2 block:
 * from c1 = (px + dx, py) to c2 = (px, py + dy), and back.
 */
const CROSS_FROM_C1 = Int8Array.of(-1, -1, -1, -1, 7, 6, 5, 4);
const CROSS_FROM_C2 = Int8Array.of(-1, -1, -1, -1, 5, 4, 7, 6);

export class ConflictAvoidanceTable {
  private readonly cells: number;
  /** (t * cells + cell) -> number of agents there at t, for t up to each agent's last step. */
  private readonly counts = new IntMap(4096);
  /** ((t * cells + from) * 8 + direction) -> number of agents making that move between t and t + 1. */
  private readonly moves = new IntMap(4096);
  private readonly steps: StepTable;
  /** Time from which an agent rests on the cell for good (goals are distinct), or -1. */
  private readonly restFrom: Int32Array;
  /** Number of (t, agent) entries on each cell, so restful cells skip the time scan. */
  private readonly visits: Int32Array;
  /** Number of `moves` entries leaving each cell, so cells no agent leaves skip the lookup. */
  private readonly departures: Int32Array;
  private horizon = 0;

  constructor(steps: StepTable) {
    this.cells = steps.cells;
    this.steps = steps;
    this.restFrom = new Int32Array(steps.cells).fill(-1);
    this.visits = new Int32Array(steps.cells);
    this.departures = new Int32Array(steps.cells);
  }

  add(path: Int32Array): void {
    this.change(path, 1);
  }

  remove(path: Int32Array): void {
    this.change(path, -1);
  }

  private change(path: Int32Array, delta: number): void {
    const end = path.length - 1;
    const neighbour = this.steps.neighbour;
    for (let t = 0; t < end; t++) {
      this.counts.add(t * this.cells + path[t], delta);
      this.visits[path[t]] += delta;
      if (path[t + 1] === path[t]) continue;
      for (let d = 0; d < 8; d++) {
        if (neighbour[path[t] * 8 + d] === path[t + 1]) {
          this.moves.add((t * this.cells + path[t]) * 8 + d, delta);
          this.departures[path[t]] += delta;
          break;
        }
      }
    }
    this.restFrom[path[end]] = delta > 0 ? end : -1;
    if (end > this.horizon) this.horizon = end;
  }

  /** Agents of the table on `cell` at time t. */
  countAt(t: number, cell: number): number {
    const rest = this.restFrom[cell];
    const resting = rest >= 0 && t >= rest ? 1 : 0;
    if (this.visits[cell] === 0) return resting;
    return resting + this.counts.get(t * this.cells + cell, 0);
  }

  /**
   * Conflicts of the move m (a direction, or a wait) from p to q between t and t + 1 with the
   * agents of the table: vertex at t + 1, swap, diagonal crossing.
   */
  moveConflicts(t: number, p: number, q: number, m: number): number {
    let sum = this.countAt(t + 1, q);
    if (m >= 8 || this.moves.size === 0) return sum;
    const base = t * this.cells;
    const departures = this.departures;
    if (departures[q] > 0) sum += this.moves.get((base + q) * 8 + OPPOSITE[m], 0);
    if (m >= 4) {
      const dx = (q % this.steps.width) - (p % this.steps.width);
      if (departures[p + dx] > 0) sum += this.moves.get((base + p + dx) * 8 + CROSS_FROM_C1[m], 0);
      if (departures[q - dx] > 0) sum += this.moves.get((base + q - dx) * 8 + CROSS_FROM_C2[m], 0);
    }
    return sum;
  }

  /** Visits by agents of the table to `cell` after time t (an agent resting there from t on). */
  visitsAfter(cell: number, t: number): number {
    if (this.restFrom[cell] >= 0) return 1;
    if (this.visits[cell] === 0) return 0;
    let sum = 0;
    for (let time = t + 1; time < this.horizon; time++) sum += this.counts.get(time * this.cells + cell, 0);
    return sum;
  }
}
