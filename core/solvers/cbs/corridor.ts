/**
 * Corridor reasoning (Li, Harabor, Stuckey, Felner, Ma and Koenig, "Pairwise symmetry reasoning
 * for multi-agent path finding search", AIJ 301, 2021, section 6; the paper's version "C"), written
 * after reading Jiaoyang-Li/CBSH2-RTC's CorridorReasoning.cpp (findCorridorConflict).
 * More on this in README.md, "corridor.ts".
 */
import type { Grid } from '../../grid/grid.ts';
import { fourConnectedStep } from '../../grid/movement.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { Conflict } from './conflicts.ts';
import { cellAt } from '../../mapf/plan.ts';
import type { ConstraintTable } from './constraintTable.ts';
import { type Constraint, VERTICES } from './constraintTree.ts';
import type { AgentConstraints } from './agentConstraints.ts';
import type { Mdd } from './mdd.ts';
import { type CorridorFinder, type SymmetricSplit, crossesBarrier } from './symmetricSplit.ts';

/** fourConnectedStep in a module constant: an imported function is read through a getter under tsx (mdd.ts). */
const step4 = fourConnectedStep;

export class CorridorReasoning implements CorridorFinder {
  private readonly grid: Grid;
  /** Open 4-neighbours of each cell. */
  private readonly degree: Uint8Array;
  /** The travel search's best turn per (layer, cell), valid where bestStamp is its stamp. */
  private best = new Int32Array(0);
  private bestStamp = new Int32Array(0);
  private stamp = 0;
  private readonly heap = new BinaryHeap(1024);

  constructor(grid: Grid) {
    this.grid = grid;
    const cells = grid.cells;
    this.degree = new Uint8Array(cells);
    for (let cell = 0; cell < cells; cell++) {
      if (grid.passable[cell] !== 1) continue;
      for (let d = 1; d < 5; d++) {
        const n = fourConnectedStep(cell, d, grid.width, cells);
        if (n >= 0 && grid.passable[n] === 1) this.degree[cell]++;
      }
    }
  }

  /**
   * The corridor split for `conflict` among `paths`, or null when it is not in a corridor (or the
   * split would leave a child's path as it is). `constraintsOf` gives a unit's constraints in the
   * node; `table` is scratch (the planner's, between its calls).
   */
  find(conflict: Conflict, cardinality: number, paths: readonly Int32Array[], constraintsOf: (unit: number) => AgentConstraints, table: ConstraintTable, mdd: (unit: number) => Mdd): SymmetricSplit | null {
    const inCorridor = conflict.kind === 'vertex' ? this.degree[conflict.cell] === 2 : this.degree[conflict.from] === 2 || this.degree[conflict.to] === 2;
    // A pseudo-corridor needs a cardinal conflict (its cells singletons of both MDDs).
    if (!inCorridor && cardinality < 2) return null;
    // By the two path objects: each is made under one set of constraints, which with the paths
    // decide the answer (the searches for it were a third of a search's time, asked again in
    // node after node for the conflicts a node shares with its parent).
    const pa = paths[conflict.a];
    const pb = paths[conflict.b];
    let byB = this.memo.get(pa);
    if (byB === undefined) this.memo.set(pa, (byB = new WeakMap()));
    let byConflict = byB.get(pb);
    if (byConflict === undefined) byB.set(pb, (byConflict = new Map()));
    const key = 2 * conflict.t + (conflict.kind === 'vertex' ? 0 : 1);
    let found = byConflict.get(key);
    if (found === undefined) {
      found = inCorridor ? this.search(conflict, paths, constraintsOf, table) : null;
      if (found === null) found = this.pseudo(conflict, paths, constraintsOf, table, mdd);
      byConflict.set(key, found);
    }
    if (found === null) return null;
    const [first, second] = found;
    return {
      kind: 'corridor',
      cardinality,
      constraints: [
        { agent: first.agent === 0 ? conflict.a : conflict.b, from: VERTICES, to: -1, t: first.t, keys: first.keys },
        { agent: second.agent === 0 ? conflict.a : conflict.b, from: VERTICES, to: -1, t: second.t, keys: second.keys },
      ],
    };
  }

  private readonly memo = new WeakMap<Int32Array, WeakMap<Int32Array, Map<number, [Constraint, Constraint] | null>>>();

  /** The split's constraints, for units 0 (the conflict's a) and 1 (b); null: none. */
  private search(conflict: Conflict, paths: readonly Int32Array[], constraintsOf: (unit: number) => AgentConstraints, table: ConstraintTable): [Constraint, Constraint] | null {
    const degree = this.degree;
    let t = conflict.t;
    if (conflict.kind === 'vertex') {
      if (degree[conflict.cell] !== 2) return null;
    } else if (degree[conflict.from] === 2) {
      t--; // unit a stands on `from` a turn before the swap
    } else if (degree[conflict.to] !== 2) {
      return null;
    }
    const units = [conflict.a, conflict.b];
    const enter = [this.entering(paths[units[0]], paths[units[1]], t), this.entering(paths[units[1]], paths[units[0]], t)];
    if (enter[0] > enter[1]) {
      units.reverse();
      enter.reverse();
    }
    const [u0, u1] = units;
    const e0 = cellAt(paths[u0], enter[0]);
    const e1 = cellAt(paths[u1], enter[1]);
    if (e0 === e1 || !visits(paths[u0], e1, enter[0]) || !visits(paths[u1], e0, enter[1])) return null;
    const { length, edge } = corridorLength(paths[u0], enter[0], e1);
    if (length < 2) return null;
    const c0 = constraintsOf(u0);
    const c1 = constraintsOf(u1);
    const t3 = this.travel(paths[u0][0], e1, c0, table, -1, -1, Infinity);
    const t4 = this.travel(paths[u1][0], e0, c1, table, -1, -1, Infinity);
    if (t3 === null || t4 === null || !(Math.abs(t3 - t4) <= length)) return null;
    const t3Round = this.travel(paths[u0][0], e1, c0, table, edge[0], edge[1], t3 + 2 * length + 1);
    const t4Round = this.travel(paths[u1][0], e0, c1, table, edge[0], edge[1], t3 + length + 1);
    if (t3Round === null || t4Round === null || t3Round <= t3 || t4Round <= t4) return null;
    const cells = this.grid.cells;
    const first = range(u0 === conflict.a ? 0 : 1, e1, Math.min(t3Round - 1, t4 + length), cells);
    const second = range(u1 === conflict.a ? 0 : 1, e0, Math.min(t4Round - 1, t3 + length), cells);
    if (!crossesBarrier(paths[u0], first.keys!, cells) || !crossesBarrier(paths[u1], second.keys!, cells)) return null;
    return [first, second];
  }

  /**
   * A pseudo-corridor (CBSH2-RTC's findPseudoCorridorConflict, the generalised corridor of the
   * paper): two units swapping two cells head-on, every optimal path of both doing so (MDD
   * singletons), is a corridor of length 1 whichever the cells' degrees; split with the same
   * range constraints on the two cells, the edge between them the way not to go round.
   */
  private pseudo(conflict: Conflict, paths: readonly Int32Array[], constraintsOf: (unit: number) => AgentConstraints, table: ConstraintTable, mdd: (unit: number) => Mdd): [Constraint, Constraint] | null {
    const pa = paths[conflict.a];
    const pb = paths[conflict.b];
    const t = conflict.t;
    let end1: number;
    let end2: number;
    let bound1: number;
    let bound2: number;
    const sa = mdd(conflict.a).single;
    const sb = mdd(conflict.b).single;
    if (conflict.kind === 'vertex') {
      // a and b cross through the cell: each stands at t + 1 where the other was at t - 1.
      if (t < 1 || pa.length <= t + 1 || pb.length <= t + 1 || pa[t - 1] !== pb[t + 1] || pb[t - 1] !== pa[t + 1] || !singles(sa, sb, t - 1, t + 1)) return null;
      end1 = pa[t + 1];
      end2 = conflict.cell;
      bound1 = t + 1;
      bound2 = t;
    } else {
      if (!singles(sa, sb, t - 1, t)) return null;
      end1 = conflict.to;
      end2 = conflict.from;
      bound1 = t;
      bound2 = t;
    }
    const ranges = this.timeRanges(pa[0], pb[0], end1, end2, bound1, bound2, constraintsOf(conflict.a), constraintsOf(conflict.b), table);
    if (ranges === null) return null;
    const cells = this.grid.cells;
    return [range(0, end1, ranges[0], cells), range(1, end2, ranges[1], cells)];
  }

  /**
   * CBSH2-RTC's getTimeRanges for a corridor of length 1 between end2 (unit 1's side) and end1
   * (unit 2's): how long each unit can be kept off the far end, or null when the split would not
   * bar the units from where they stand (at end1 at bound1, at end2 at bound2).
   */
  private timeRanges(start1: number, start2: number, end1: number, end2: number, bound1: number, bound2: number, c1: AgentConstraints, c2: AgentConstraints, table: ConstraintTable): [number, number] | null {
    const t1 = this.travel(start1, end1, c1, table, -1, -1, Infinity);
    if (t1 === null || !(t1 + 1 >= bound2)) return null;
    const t2 = this.travel(start2, end2, c2, table, -1, -1, Infinity);
    if (t2 === null || !(t2 + 1 >= bound1)) return null;
    const round1 = this.travel(start1, end1, c1, table, end1, end2, t2 + 2);
    if (round1 === null || round1 - 1 < bound1) return null;
    const round2 = this.travel(start2, end2, c2, table, end1, end2, t1 + 2);
    if (round2 === null || round2 - 1 < bound2) return null;
    return [Math.min(round1 - 1, t2 + 1), Math.min(round2 - 1, t1 + 1)];
  }

  /** The turn a unit entered the corridor it is in at t: back from t while on corridor cells. */
  private entering(path: Int32Array, other: Int32Array, t: number): number {
    if (t >= path.length) t = path.length - 1;
    let cell = path[t];
    while (t > 0 && cell !== path[0] && cell !== other[other.length - 1] && this.degree[cell] === 2) cell = path[--t];
    return t;
  }

  /**
   * The earliest turn a unit starting on `start` can stand on `end` under `c`, never moving
   * between `blockA` and `blockB` (-1: no such edge); Infinity when none before `upper`; null
   * when the constraints do not fit the table. A* over (cell, turn), Manhattan distance to `end`
   * as h, turns past the last constrained one merged into one layer (CBSH2-RTC's getTravelTime;
   * a breadth-first sweep of every reachable cell each turn was a quarter of a search's time).
   */
  private travel(start: number, end: number, c: AgentConstraints, table: ConstraintTable, blockA: number, blockB: number, upper: number): number | null {
    const grid = this.grid;
    const cells = grid.cells;
    const w = grid.width;
    const passable = grid.passable;
    if (!table.ready(c, cells, w)) return null;
    const blocked = table.blocked;
    const mark = table.mark;
    const maxT = c.maxT;
    if (blocked[start * 5] === mark) return Infinity;
    if (start === end) return 0;
    const size = (maxT + 2) * cells;
    if (this.best.length < size) {
      this.best = new Int32Array(Math.max(size, 2 * this.best.length));
      this.bestStamp = new Int32Array(this.best.length);
      this.stamp = 0;
    }
    if (++this.stamp > 0x3fffffff) {
      this.stamp = 1;
      this.bestStamp.fill(0);
    }
    const stamp = this.stamp;
    const best = this.best;
    const bestStamp = this.bestStamp;
    const heap = this.heap;
    heap.clear();
    const ex = end % w;
    const ey = (end / w) | 0;
    bestStamp[start] = stamp;
    best[start] = 0;
    heap.push(start, (Math.abs((start % w) - ex) + Math.abs(((start / w) | 0) - ey)) * 16384 + 16383);
    while (heap.length > 0) {
      const priority = heap.peekPriority();
      const id = heap.pop();
      const g = 16383 - (priority % 16384);
      if (best[id] < g) continue; // a better copy was pushed
      const cell = id % cells;
      const nt = g + 1;
      const layer = nt <= maxT ? nt : maxT + 1;
      const row = layer * cells;
      for (let d = 0; d < 5; d++) {
        const n = step4(cell, d, w, cells);
        if (n < 0 || passable[n] !== 1) continue;
        if (blocked[(row + n) * 5] === mark || (d > 0 && blocked[(row + cell) * 5 + d] === mark)) continue;
        if ((cell === blockA && n === blockB) || (cell === blockB && n === blockA)) continue;
        // Unit steps and a consistent h: the first time `end` is reached is the earliest.
        if (n === end) return nt < upper ? nt : Infinity;
        const f = nt + Math.abs((n % w) - ex) + Math.abs(((n / w) | 0) - ey);
        if (f >= upper) continue;
        const key = row + n;
        if (bestStamp[key] === stamp && best[key] <= nt) continue;
        bestStamp[key] = stamp;
        best[key] = nt;
        heap.push(key, f * 16384 + (16383 - Math.min(nt, 16383)));
      }
    }
    return Infinity;
  }
}

/** Whether both MDDs (their single cells per level) have a single cell at every turn from..to. */
function singles(sa: Int32Array, sb: Int32Array, from: number, to: number): boolean {
  for (let s = from; s <= to; s++) if (s >= sa.length || s >= sb.length || sa[s] === -1 || sb[s] === -1) return false;
  return true;
}

/** Whether a path stands on `cell` at or after turn `from`. */
function visits(path: Int32Array, cell: number, from: number): boolean {
  for (let t = from; t < path.length; t++) if (path[t] === cell) return true;
  return false;
}

/**
 * How far along the corridor a path gets from turn `from` until it stands on `end` (turning back
 * counts down), and its first move forward: the edge a way round must not use.
 */
function corridorLength(path: Int32Array, from: number, end: number): { length: number; edge: [number, number] } {
  let cell = path[from];
  let previous = -1;
  let length = 0;
  let forward = true;
  const edge: [number, number] = [-1, -1];
  for (let t = from + 1; cell !== end && t < path.length; t++) {
    const next = path[t];
    if (next === cell) continue;
    if (next === previous) forward = !forward;
    if (forward) {
      if (edge[0] === -1) {
        edge[0] = cell;
        edge[1] = next;
      }
      length++;
    } else {
      length--;
    }
    previous = cell;
    cell = next;
  }
  return { length, edge };
}

/** Unit `agent` kept off `cell` at every turn from 0 through `until`. */
function range(agent: number, cell: number, until: number, cells: number): Constraint {
  const keys: number[] = [];
  for (let t = 0; t <= until; t++) keys.push(t * cells + cell);
  return { agent, from: VERTICES, to: -1, t: until, keys };
}
