/**
 * The conflict avoidance table of independence detection. Seed 002_59f0ad9988351882.txt
 * (Standley 2010), section "Independent Subproblems": it holds the paths of all agents outside
 * the group being planned, and the search breaks ties between nodes of equal f in favour of the
 * fewest conflicts with them, so a replan returns the optimal path that leads to the fewest future
 * conflicts. It counts vertex conflicts only (a cell taken by another agent at the same time,
 * including an agent resting on its goal); swaps are rare enough not to be worth a second table.
 */
import type { StepTable } from './stepTable.ts';
import { IntMap } from './intMap.ts';

export class ConflictAvoidanceTable {
  private readonly cells: number;
  /** (t * cells + cell) -> number of agents there at t, for t up to each agent's last step. */
  private readonly counts = new IntMap(4096);
  /** Time from which an agent rests on the cell for good (goals are distinct), or -1. */
  private readonly restFrom: Int32Array;
  /** Number of (t, agent) entries on each cell, so restful cells skip the time scan. */
  private readonly visits: Int32Array;
  private horizon = 0;

  constructor(steps: StepTable) {
    this.cells = steps.cells;
    this.restFrom = new Int32Array(steps.cells).fill(-1);
    this.visits = new Int32Array(steps.cells);
  }

  add(path: Int32Array): void {
    this.change(path, 1);
  }

  remove(path: Int32Array): void {
    this.change(path, -1);
  }

  private change(path: Int32Array, delta: number): void {
    const end = path.length - 1;
    for (let t = 0; t < end; t++) {
      this.counts.add(t * this.cells + path[t], delta);
      this.visits[path[t]] += delta;
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

  /** Visits by agents of the table to `cell` after time t (an agent resting there from t on). */
  visitsAfter(cell: number, t: number): number {
    if (this.restFrom[cell] >= 0) return 1;
    if (this.visits[cell] === 0) return 0;
    let sum = 0;
    for (let time = t + 1; time < this.horizon; time++) sum += this.counts.get(time * this.cells + cell, 0);
    return sum;
  }
}
