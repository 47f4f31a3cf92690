/**
 * The conflict avoidance table (CAT) CBS's low level breaks ties with (Sharon, Stern, Felner and
 * Sturtevant, AIJ 2015, section 5.2; as Jiaoyang-Li/CBSH2-RTC's ConstraintTable counts them): for
 * a move into (cell, t), how many of the other units' paths are on the cell then, and for a unit
 * coming to rest on its goal, how many of them pass over the goal later (each one a conflict the
 * path would have, although no step of it shows one). Swaps are not counted: on random-32-32-20
 * (40 units, 5 scens) counting them changed CBS's nodes by 2% in all, and it sent EECBS (w = 1.5,
 * no bypass) past 20,000 nodes on a 5 x 4 instance it solves in 1,735.
 *
 * One object serves a whole search: `load` replaces its contents, undoing only the slots the last
 * load wrote. Counts sit in dense (t, cell) arrays where they fit, else in Maps (hashing was a
 * sixth of CBS's time on 40 agents).
 */
import type { ConflictCounter } from './lowLevel.ts';

/** At most this many (t, cell) slots in the dense tables (32 MB of Uint16); past it Maps serve. */
const DENSE_SLOTS = 16 * 1024 * 1024;

export class ConflictAvoidanceTable implements ConflictCounter {
  private readonly cells: number;
  /** Units on (t, cell) while moving (before their last step), keys t * cells + cell. */
  private occupied = new Uint16Array(0);
  private horizon = 0;
  private readonly sparseOccupied = new Map<number, number>();
  private useSparse = false;
  private written: number[] = [];
  /** The longest loaded path's length: nothing is on the move from then on. */
  private longest = 0;
  /** Cell -> the earliest time a unit rests there for good (-1: none), and how many rest there. */
  private readonly resting: Int32Array;
  private readonly restingCount: Int32Array;
  private restingCells: number[] = [];

  constructor(cells: number) {
    this.cells = cells;
    this.resting = new Int32Array(cells).fill(-1);
    this.restingCount = new Int32Array(cells);
  }

  /** Takes every path but unit `except`'s. */
  load(paths: readonly Int32Array[], except: number): void {
    const cells = this.cells;
    for (const slot of this.written) this.occupied[slot] = 0;
    this.written.length = 0;
    this.sparseOccupied.clear();
    for (const cell of this.restingCells) {
      this.resting[cell] = -1;
      this.restingCount[cell] = 0;
    }
    this.restingCells.length = 0;
    let longest = 0;
    for (const path of paths) if (path.length > longest) longest = path.length;
    this.longest = longest;
    this.useSparse = longest * cells > DENSE_SLOTS;
    if (!this.useSparse && longest > this.horizon) {
      this.horizon = Math.max(longest, 2 * this.horizon);
      if (this.horizon * cells > DENSE_SLOTS) this.horizon = longest;
      this.occupied = new Uint16Array(this.horizon * cells);
    }
    for (let a = 0; a < paths.length; a++) {
      if (a === except) continue;
      const path = paths[a];
      const last = path.length - 1;
      for (let t = 0; t < last; t++) {
        const key = t * cells + path[t];
        if (this.useSparse) this.sparseOccupied.set(key, (this.sparseOccupied.get(key) ?? 0) + 1);
        else {
          if (this.occupied[key] === 0) this.written.push(key);
          this.occupied[key]++;
        }
      }
      const goal = path[last];
      const before = this.resting[goal];
      if (before < 0) this.restingCells.push(goal);
      if (before < 0 || last < before) this.resting[goal] = last;
      this.restingCount[goal]++;
    }
  }

  /** Conflicts of a move into `cell` arriving at t (swaps are not counted: see above). */
  conflicts(cell: number, t: number): number {
    const key = t * this.cells + cell;
    let n: number;
    if (this.useSparse) n = this.sparseOccupied.get(key) ?? 0;
    else n = t < this.horizon ? this.occupied[key] : 0;
    const since = this.resting[cell];
    if (since >= 0 && t >= since) n += this.restingCount[cell];
    return n;
  }

  /**
   * Conflicts a unit resting on `cell` from t on would have later: the other units on the cell
   * after t, and a unit coming to rest there after t.
   */
  futureConflicts(cell: number, t: number): number {
    let n = 0;
    const cells = this.cells;
    for (let s = t + 1; s < this.longest; s++) {
      const key = s * cells + cell;
      n += this.useSparse ? (this.sparseOccupied.get(key) ?? 0) : this.occupied[key];
    }
    const since = this.resting[cell];
    if (since > t) n += this.restingCount[cell];
    return n;
  }
}
