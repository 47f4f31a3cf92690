/**
 * Simulates the current paths of all groups step by step until two agents of different groups
 * conflict: the "simulate execution of all paths until a conflict occurs" step of simple and full
 * independence detection. Standley 2010, section "Independent
 * Subproblems", Algorithms 1 and 2. The conflicts are those of core/mapf/validator.ts with
 * following and rotation allowed: vertex, swap, and (8-connected) diagonal crossing.
 */
import type { StepTable } from '../../search/stepTable.ts';

export interface GroupConflict {
  a: number;
  b: number;
  t: number;
}

/** Occupancy buffers reused between calls (reset by touching only the cells written). */
export class ConflictFinder {
  private readonly now: Int32Array;
  private readonly nextCells: Int32Array;
  private readonly steps: StepTable;

  constructor(steps: StepTable) {
    this.steps = steps;
    this.now = new Int32Array(steps.cells).fill(-1);
    this.nextCells = new Int32Array(steps.cells).fill(-1);
  }

  /**
   * The earliest conflict of every pair of groups that conflict, in time order: what independence
   * detection chooses from when it does not simply take the first (independenceDetection.ts).
   */
  findAll(paths: readonly Int32Array[], groupOf: Int32Array): GroupConflict[] {
    const found: GroupConflict[] = [];
    const pairs = new Set<number>();
    const add = (a: number, b: number, t: number) => {
      const ga = groupOf[a];
      const gb = groupOf[b];
      if (ga === gb) return;
      const key = ga < gb ? ga * 1048576 + gb : gb * 1048576 + ga;
      if (pairs.has(key)) return;
      pairs.add(key);
      found.push({ a, b, t });
    };
    this.scan(paths, add);
    return found;
  }

  /**
   * Steps through the paths, calling `report` for each vertex conflict (at t + 1) and each swap or
   * diagonal crossing (at t), between any two agents; returns early when `report` returns true.
   */
  private scan(paths: readonly Int32Array[], report: (a: number, b: number, t: number) => boolean | void): void {
    const n = paths.length;
    let horizon = 0;
    for (let a = 0; a < n; a++) horizon = Math.max(horizon, paths[a].length - 1);
    const now = this.now;
    const next = this.nextCells;
    const width = this.steps.width;
    const is8 = this.steps.directions === 8;
    let stop = false;
    for (let a = 0; a < n; a++) now[paths[a][0]] = a;
    for (let t = 0; t < horizon && !stop; t++) {
      for (let a = 0; a < n && !stop; a++) {
        const cell = at(paths[a], t + 1);
        const other = next[cell];
        if (other >= 0) stop = report(other, a, t + 1) === true;
        else next[cell] = a;
      }
      for (let a = 0; a < n && !stop; a++) {
        const from = at(paths[a], t);
        const to = at(paths[a], t + 1);
        if (from === to) continue;
        const b = now[to];
        if (b >= 0 && b !== a && at(paths[b], t + 1) === from) stop = report(a, b, t) === true;
        if (is8 && !stop) {
          const dx = (to % width) - (from % width);
          if (dx !== 0 && to - from !== dx) {
            const c1 = from + dx;
            const c2 = to - dx;
            const b1 = now[c1];
            if (b1 >= 0 && at(paths[b1], t + 1) === c2) stop = report(a, b1, t) === true;
            const b2 = now[c2];
            if (!stop && b2 >= 0 && at(paths[b2], t + 1) === c1) stop = report(a, b2, t) === true;
          }
        }
      }
      for (let a = 0; a < n; a++) now[at(paths[a], t)] = -1;
      for (let a = 0; a < n; a++) {
        const cell = at(paths[a], t + 1);
        now[cell] = next[cell];
      }
      for (let a = 0; a < n; a++) next[at(paths[a], t + 1)] = -1;
    }
    // Clean up whatever time step the loop stopped at.
    for (let a = 0; a < n; a++) {
      const path = paths[a];
      for (let t = 0; t < path.length; t++) {
        now[path[t]] = -1;
        next[path[t]] = -1;
      }
    }
  }

  /** The earliest conflict between agents with different `groupOf`, or null. */
  find(paths: readonly Int32Array[], groupOf: Int32Array): GroupConflict | null {
    let found: GroupConflict | null = null;
    this.scan(paths, (a, b, t) => {
      if (groupOf[a] === groupOf[b]) return false;
      found = { a, b, t };
      return true;
    });
    return found;
  }
}

function at(path: Int32Array, t: number): number {
  return path[t < path.length ? t : path.length - 1];
}
