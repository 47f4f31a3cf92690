/**
 * The conflict avoidance table (CAT) CBS's low level breaks ties with (Sharon, Stern, Felner and
 * Sturtevant, AIJ 2015, section 5.2; as Jiaoyang-Li/CBSH2-RTC's ConstraintTable counts them): for
 * a move into (cell, t), how many of the other units' paths are on the cell then (a unit resting
 * on its goal from its arrival on), and with `countSwaps` how many swap cells with the move (as
 * Jiaoyang-Li/EECBS's ConstraintTable counts edge conflicts). CBS does not count swaps: on
 * random-32-32-20 (40 units, 5 scens) counting them changed its nodes by 2% in all. EECBS does:
 * without them its root plan on warehouse-10-20-10-2-1 with 200 units had 159 swaps in its
 * corridors (ECBS's, 6) and 272 pairs of units in conflict (ECBS's, 135). On an 8-connected map
 * (`width` given) CBS counts diagonal crossings too (conflicts.ts): a diagonal move crossing the
 * one unit moving between the block's two other corners then.
 * More on this in README.md, "conflictAvoidance.ts".
 */
import type { ConflictCounter } from './lowLevel.ts';

/** At most this many (t, cell) slots in the dense table (32 MB of Uint16); past it a Map serves. */
const DENSE_SLOTS = 16 * 1024 * 1024;

export class ConflictAvoidanceTable implements ConflictCounter {
  private readonly cells: number;
  /** Units on (t, cell) while moving (before their last step), keys t * cells + cell. */
  private occupied = new Uint16Array(0);
  /**
   * With countSwaps, per (t, cell) the sum of (next cell + 1) over the units moving from there:
   * where one unit is there it names its next cell (where several are, swaps are not counted).
   */
  private nextSum = new Int32Array(0);
  private readonly countSwaps: boolean;
  /** The map's width when diagonal crossings are counted (8-connected), else 0. */
  private readonly width: number;
  /** Whether nextSum is kept: for swaps or crossings. */
  private readonly nextKept: boolean;
  private horizon = 0;
  private sparse: Map<number, number> | null = null;
  /** The path of each unit in the table (null: none), as last loaded. */
  private loaded: (Int32Array | null)[] = [];
  /**
   * Cell -> the time a unit comes to rest there for good (-1: none). Goals are pairwise distinct
   * (checkInstance), so one unit at most rests on a cell.
   */
  private readonly resting: Int32Array;
  /** The last time any held path moves: from then on every unit held rests (ConflictCounter). */
  settled = 0;

  constructor(cells: number, countSwaps = false, width = 0) {
    this.cells = cells;
    this.countSwaps = countSwaps;
    this.width = width;
    this.nextKept = countSwaps || width > 0;
    this.resting = new Int32Array(cells).fill(-1);
  }

  /** Holds every path but unit `except`'s. */
  load(paths: readonly Int32Array[], except: number): void {
    let longest = 0;
    for (let a = 0; a < paths.length; a++) if (a !== except && paths[a].length > longest) longest = paths[a].length;
    if (this.sparse === null && longest > this.horizon) this.grow(longest);
    this.settled = Math.max(0, longest - 1);
    for (let a = 0; a < Math.max(paths.length, this.loaded.length); a++) {
      const want = a === except || a >= paths.length ? null : paths[a];
      const had = this.loaded[a] ?? null;
      if (had === want) continue;
      if (had !== null) this.put(had, -1);
      if (want !== null) this.put(want, 1);
      this.loaded[a] = want;
    }
  }

  /** Adds (+1) or removes (-1) one path. */
  private put(path: Int32Array, sign: 1 | -1): void {
    const cells = this.cells;
    const last = path.length - 1;
    const sparse = this.sparse;
    if (sparse === null) {
      const occupied = this.occupied;
      for (let t = 0; t < last; t++) occupied[t * cells + path[t]] += sign;
      if (this.nextKept) {
        const nextSum = this.nextSum;
        for (let t = 0; t < last; t++) nextSum[t * cells + path[t]] += sign * (path[t + 1] + 1);
      }
    } else {
      for (let t = 0; t < last; t++) {
        const key = t * cells + path[t];
        const count = (sparse.get(key) ?? 0) + sign;
        if (count === 0) sparse.delete(key);
        else sparse.set(key, count);
      }
    }
    this.resting[path[last]] = sign > 0 ? last : -1;
  }

  /** Makes the dense table reach t < `length` (or turns to the Map), keeping what it holds. */
  private grow(length: number): void {
    const held = this.loaded.filter((p): p is Int32Array => p !== null);
    for (const path of held) this.put(path, -1);
    const horizon = Math.max(length, 2 * this.horizon);
    if (length * this.cells > DENSE_SLOTS) {
      this.sparse = new Map();
      this.occupied = new Uint16Array(0);
      this.nextSum = new Int32Array(0);
      this.horizon = 0;
    } else {
      this.horizon = horizon * this.cells > DENSE_SLOTS ? length : horizon;
      this.occupied = new Uint16Array(this.horizon * this.cells);
      if (this.nextKept) this.nextSum = new Int32Array(this.horizon * this.cells);
    }
    for (const path of held) this.put(path, 1);
  }

  /** Conflicts of the move from `from` into `cell` arriving at t (swaps: see above). */
  conflicts(cell: number, t: number, from: number): number {
    const key = t * this.cells + cell;
    let n: number;
    if (this.sparse !== null) n = this.sparse.get(key) ?? 0;
    else {
      n = t < this.horizon ? this.occupied[key] : 0;
      // A swap: the one unit on `cell` at t - 1 steps onto `from` at t (the sparse table skips them).
      if (this.countSwaps && from !== cell && t > 0 && t <= this.horizon) {
        const before = key - this.cells;
        if (this.occupied[before] === 1 && this.nextSum[before] === from + 1) n++;
      }
      if (this.width > 0 && t > 0 && t <= this.horizon) n += this.crossings(cell, t, from);
    }
    const since = this.resting[cell];
    if (since >= 0 && t >= since) n++;
    return n;
  }

  /**
   * False only when the move from `from` into `cell` arriving at t surely meets none of the held
   * paths (no unit on the cell then, none resting there, none on it at t - 1 that could be
   * swapping with the move): conflictsWith skips such times instead of comparing every unit's
   * path there. Always true with the Map (it keeps no swaps) or diagonal crossings to count.
   */
  mayConflict(cell: number, t: number, from: number): boolean {
    if (this.sparse !== null || this.width > 0) return true;
    const key = t * this.cells + cell;
    if (t < this.horizon && this.occupied[key] !== 0) return true;
    const since = this.resting[cell];
    if (since >= 0 && t >= since) return true;
    return from !== cell && t > 0 && t <= this.horizon && this.occupied[key - this.cells] !== 0;
  }

  /** Units crossing the move from -> cell arriving at t diagonally (0 for a straight move or a wait). */
  private crossings(cell: number, t: number, from: number): number {
    const w = this.width;
    const fx = from % w;
    const tx = cell % w;
    if (fx === tx || from - fx === cell - tx) return 0;
    const c1 = from - fx + tx; // the block's two other corners
    const c2 = cell - tx + fx;
    const before = (t - 1) * this.cells;
    let n = 0;
    if (this.occupied[before + c1] === 1 && this.nextSum[before + c1] === c2 + 1) n++;
    if (this.occupied[before + c2] === 1 && this.nextSum[before + c2] === c1 + 1) n++;
    return n;
  }
}
