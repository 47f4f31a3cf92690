/**
 * Whether an agent replanned past an illegal move table (independence detection's replans) can go
 * on at its own distance: the per-agent part of the joint search's bonus in replans
 * (jointSearch.ts, expandOperator).
 *
 * Beyond the seed, and the single-agent form of PairDependency's argument. An agent on cell p at
 * time t costs at least d(p) from there on, under either cost model, and exactly that only if it
 * moves along a shortest path without waiting and then rests on its goal for good. When every such
 * path breaks the table (a vertex, swap or crossing conflict with the other group's moves, or a
 * goal one of them still visits later), the agent costs at least d(p) + 1. The table is fixed for
 * the whole search, so answers are kept per (agent, cell, time); from the table's horizon on it no
 * longer changes with time, so later times share the horizon's answers.
 */
import type { IllegalMoveTable } from './illegalMoveTable.ts';
import { IntMap } from './intMap.ts';
import type { StepTable } from '../../search/stepTable.ts';

const BLOCKED = 1;
const FREE = 2;

export class IllegalDependency {
  private readonly steps: StepTable;
  private table: IllegalMoveTable | null = null;
  private distances: readonly Int32Array[] = [];
  private goals: Int32Array = new Int32Array(0);
  /** ((agent * (horizon + 1)) + time) * cells + cell -> BLOCKED or FREE. */
  private readonly memo = new IntMap(1024);

  constructor(steps: StepTable) {
    this.steps = steps;
  }

  /** Starts a search: `distances` and `goals` per agent of the group (indices used by `blocked`). */
  reset(table: IllegalMoveTable, distances: readonly Int32Array[], goals: Int32Array): void {
    this.table = table;
    this.distances = distances;
    this.goals = goals;
    this.memo.clear();
  }

  /** True when group agent i, on `cell` at time t, has no shortest path the table allows. */
  blocked(i: number, cell: number, t: number): boolean {
    const table = this.table!;
    const time = t < table.horizon ? t : table.horizon;
    const key = ((i * (table.horizon + 1)) + time) * this.steps.cells + cell;
    const known = this.memo.get(key, 0);
    if (known !== 0) return known === BLOCKED;
    let free = false;
    const dist = this.distances[i];
    if (cell === this.goals[i]) {
      free = table.canRest(cell, t);
    } else {
      const neighbour = this.steps.neighbour;
      const want = dist[cell] - 1;
      for (let d = 0, base = cell * 8; d < this.steps.directions && !free; d++) {
        const q = neighbour[base + d];
        // Depth is at most the distance to the goal: each step lowers it by one.
        if (q >= 0 && dist[q] === want && table.isLegal(t, cell, q) && !this.blocked(i, q, t + 1)) free = true;
      }
    }
    this.memo.set(key, free ? FREE : BLOCKED);
    return !free;
  }
}
