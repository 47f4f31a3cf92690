/**
 * Conflicts between the units' paths, as CBS sees them (Sharon et al., AIJ 2015, section 3.1): a
 * vertex conflict (two units on one cell at t, a unit resting on its goal counts as there from its
 * arrival on) and an edge conflict (two units swapping cells between t - 1 and t). Also the
 * conflict avoidance table the low level breaks ties with.
 */
import type { ConflictCounter } from './lowLevel.ts';

export type Conflict =
  | { kind: 'vertex'; a: number; b: number; cell: number; t: number }
  | { kind: 'edge'; a: number; b: number; from: number; to: number; t: number };

/** A path's cell at t: its last cell (the goal it rests on) once it has ended. */
export function cellAt(path: Int32Array, t: number): number {
  return path[t < path.length ? t : path.length - 1];
}

/**
 * The earliest conflict among `paths` (null when there is none), found in one sweep over time
 * with an occupancy map: O(units x makespan). `count` receives the number of conflicting pairs
 * seen at that first time (a cheap measure of how far a node is from a solution).
 */
export function firstConflict(paths: readonly Int32Array[]): { conflict: Conflict | null; count: number } {
  let horizon = 0;
  for (const p of paths) if (p.length > horizon) horizon = p.length;
  const at = new Map<number, number>();
  for (let t = 0; t < horizon; t++) {
    at.clear();
    let found: Conflict | null = null;
    let count = 0;
    for (let a = 0; a < paths.length; a++) {
      const cell = cellAt(paths[a], t);
      const other = at.get(cell);
      if (other !== undefined) {
        count++;
        found ??= { kind: 'vertex', a: other, b: a, cell, t };
      } else at.set(cell, a);
    }
    if (t > 0) {
      for (let a = 0; a < paths.length; a++) {
        const from = cellAt(paths[a], t - 1);
        const to = cellAt(paths[a], t);
        if (from === to) continue;
        const b = at.get(from);
        if (b !== undefined && b !== a && cellAt(paths[b], t - 1) === to && a < b) {
          count++;
          found ??= { kind: 'edge', a, b, from, to, t };
        }
      }
    }
    if (found !== null) return { conflict: found, count };
  }
  return { conflict: null, count: 0 };
}

/** Per cell, the unit standing there at the time being swept (+1), valid where `stamp` matches. */
let occupant = new Int32Array(0);
let occupantStamp = new Int32Array(0);
let sweep = 0;

/**
 * Every conflict among `paths` (up to `limit`), earliest first, one per pair of units and time.
 * One sweep over time with a stamped per-cell occupancy array (no allocation per step); a cell
 * with two units or more is the rare case and is scanned directly.
 */
export function allConflicts(paths: readonly Int32Array[], limit: number, cells: number): Conflict[] {
  if (occupant.length < cells) {
    occupant = new Int32Array(cells);
    occupantStamp = new Int32Array(cells);
    sweep = 0;
  }
  let horizon = 0;
  for (const p of paths) if (p.length > horizon) horizon = p.length;
  const out: Conflict[] = [];
  const n = paths.length;
  for (let t = 0; t < horizon && out.length < limit; t++) {
    if (++sweep > 0x3fffffff) {
      sweep = 1;
      occupantStamp.fill(0);
    }
    for (let a = 0; a < n; a++) {
      const cell = cellAt(paths[a], t);
      if (occupantStamp[cell] === sweep) {
        // Every earlier unit on this cell at t (usually one).
        for (let other = 0; other < a; other++) if (cellAt(paths[other], t) === cell) out.push({ kind: 'vertex', a: other, b: a, cell, t });
      } else {
        occupantStamp[cell] = sweep;
        occupant[cell] = a;
      }
    }
    if (t === 0) continue;
    for (let a = 0; a < n; a++) {
      const path = paths[a];
      const from = cellAt(path, t - 1);
      const to = cellAt(path, t);
      if (from === to || occupantStamp[from] !== sweep) continue;
      const b = occupant[from];
      if (b > a && cellAt(paths[b], t - 1) === to) out.push({ kind: 'edge', a, b, from, to, t });
    }
  }
  return out.length > limit ? out.slice(0, limit) : out;
}

/** At most this many (t, cell) slots in the dense table (32 MB of Uint16); past it a Map serves. */
const DENSE_SLOTS = 16 * 1024 * 1024;

/**
 * The other units' paths as a table of (cell, t) -> units there, for the low level's tie-breaks.
 * One object serves a whole search: `load` replaces its contents (undoing only the slots the
 * last load wrote), and the counts sit in a dense (t, cell) array where it fits, else in a Map
 * (hashing was a sixth of CBS's time on 40 agents).
 */
export class ConflictAvoidanceTable implements ConflictCounter {
  private readonly cells: number;
  private dense = new Uint16Array(0);
  private horizon = 0;
  private readonly sparse = new Map<number, number>();
  private useSparse = false;
  private written: number[] = [];
  /** Cell -> the earliest time a unit rests there for good (-1: none). */
  private readonly resting: Int32Array;
  private restingCells: number[] = [];

  constructor(cells: number) {
    this.cells = cells;
    this.resting = new Int32Array(cells).fill(-1);
  }

  /** Takes every path but unit `except`'s. */
  load(paths: readonly Int32Array[], except: number): void {
    const cells = this.cells;
    for (const slot of this.written) this.dense[slot] = 0;
    this.written.length = 0;
    this.sparse.clear();
    for (const cell of this.restingCells) this.resting[cell] = -1;
    this.restingCells.length = 0;
    let longest = 0;
    for (const path of paths) if (path.length > longest) longest = path.length;
    this.useSparse = longest * cells > DENSE_SLOTS;
    if (!this.useSparse && longest > this.horizon) {
      this.horizon = Math.max(longest, 2 * this.horizon);
      if (this.horizon * cells > DENSE_SLOTS) this.horizon = longest;
      this.dense = new Uint16Array(this.horizon * cells);
    }
    for (let a = 0; a < paths.length; a++) {
      if (a === except) continue;
      const path = paths[a];
      for (let t = 0; t < path.length - 1; t++) {
        const key = t * cells + path[t];
        if (this.useSparse) this.sparse.set(key, (this.sparse.get(key) ?? 0) + 1);
        else {
          if (this.dense[key] === 0) this.written.push(key);
          this.dense[key]++;
        }
      }
      const last = path[path.length - 1];
      const since = path.length - 1;
      const before = this.resting[last];
      if (before < 0) this.restingCells.push(last);
      if (before < 0 || since < before) this.resting[last] = since;
    }
  }

  conflicts(cell: number, t: number): number {
    const key = t * this.cells + cell;
    let n = this.useSparse ? (this.sparse.get(key) ?? 0) : t < this.horizon ? this.dense[key] : 0;
    const since = this.resting[cell];
    if (since >= 0 && t >= since) n++;
    return n;
  }
}
