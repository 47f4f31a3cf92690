/**
 * Conflicts between the units' paths, as CBS sees them (Sharon et al., AIJ 2015, section 3.1): a
 * vertex conflict (two units on one cell at t, a unit resting on its goal counts as there from its
 * arrival on) and an edge conflict (two units swapping cells between t - 1 and t). On an
 * 8-connected map (given its width) an edge conflict is also a diagonal crossing: two diagonal
 * moves across the same 2x2 block at the same turn, which the lab's validator forbids
 * (core/mapf/validator.ts, 'diagonal-crossing'); it splits as a swap does, each unit barred from
 * its own move (constraintTree.ts). The conflict avoidance table the low level breaks ties with
 * is in conflictAvoidance.ts.
 */
import { cellAt } from '../../mapf/plan.ts';

export type Conflict =
  | { kind: 'vertex'; a: number; b: number; cell: number; t: number }
  /**
   * a moves from -> to arriving at t; b moves bFrom -> bTo, or, without them (a swap), to -> from.
   * A diagonal crossing has them: b's move is not the reverse of a's.
   */
  | { kind: 'edge'; a: number; b: number; from: number; to: number; t: number; bFrom?: number; bTo?: number };

/**
 * Whether the move f2 -> t2 crosses the diagonal move f1 -> t1 in the same 2x2 block (the two
 * other corners of the block, either way); false when f1 -> t1 is not diagonal. `w`: map width.
 */
export function crosses(f1: number, t1: number, f2: number, t2: number, w: number): boolean {
  const fx = f1 % w;
  const tx = t1 % w;
  if (fx === tx || f1 - fx === t1 - tx) return false; // same column or same row: not diagonal
  const c1 = f1 - fx + tx; // f1's row, t1's column
  const c2 = t1 - tx + fx; // t1's row, f1's column
  return (f2 === c1 && t2 === c2) || (f2 === c2 && t2 === c1);
}

/** Per cell, the unit standing there at the time being swept (+1), valid where `stamp` matches. */
let occupant = new Int32Array(0);
let occupantStamp = new Int32Array(0);
/** Cells with two units or more at the time being swept, valid where it matches the sweep. */
let crowdedStamp = new Int32Array(0);
let sweep = 0;

/**
 * Every conflict among `paths` (up to `limit`), earliest first, one per pair of units and time.
 * One sweep over time with a stamped per-cell occupancy array (no allocation per step); a cell
 * with two units or more is the rare case and is scanned directly. CBS and EECBS sweep the root
 * so and keep their lists incrementally after (conflictsWith).
 */
export function allConflicts(paths: readonly Int32Array[], limit: number, cells: number, width = 0): Conflict[] {
  if (occupant.length < cells) {
    occupant = new Int32Array(cells);
    occupantStamp = new Int32Array(cells);
    crowdedStamp = new Int32Array(cells);
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
      crowdedStamp.fill(0);
    }
    for (let a = 0; a < n; a++) {
      const cell = cellAt(paths[a], t);
      if (occupantStamp[cell] === sweep) {
        // Every earlier unit on this cell at t (usually one).
        for (let other = 0; other < a; other++) if (cellAt(paths[other], t) === cell) out.push({ kind: 'vertex', a: other, b: a, cell, t });
        crowdedStamp[cell] = sweep;
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
      if (crowdedStamp[from] === sweep) {
        // Several units on `from` at t: the one swapping with a need not be the one recorded.
        for (let b = a + 1; b < n; b++) if (cellAt(paths[b], t) === from && cellAt(paths[b], t - 1) === to) out.push({ kind: 'edge', a, b, from, to, t });
        continue;
      }
      const b = occupant[from];
      if (b > a && cellAt(paths[b], t - 1) === to) out.push({ kind: 'edge', a, b, from, to, t });
    }
    if (width > 0) crossingsAt(paths, t, width, out);
  }
  return out.length > limit ? out.slice(0, limit) : out;
}

/**
 * Diagonal crossings between t - 1 and t (8-connected maps, see above). A crossing needs two
 * units both moving diagonally, the rarer case: each diagonal mover's block is looked up by the
 * occupancy at t, the other unit standing on one of its two other corners.
 */
function crossingsAt(paths: readonly Int32Array[], t: number, width: number, out: Conflict[]): void {
  const n = paths.length;
  for (let a = 0; a < n; a++) {
    const from = cellAt(paths[a], t - 1);
    const to = cellAt(paths[a], t);
    const fx = from % width;
    const tx = to % width;
    if (fx === tx || from - fx === to - tx) continue;
    const corners = [from - fx + tx, to - tx + fx];
    for (const corner of corners) {
      if (occupantStamp[corner] !== sweep) continue;
      if (crowdedStamp[corner] === sweep) {
        for (let b = a + 1; b < n; b++) {
          const bTo = cellAt(paths[b], t);
          const bFrom = cellAt(paths[b], t - 1);
          if (bTo === corner && crosses(from, to, bFrom, bTo, width)) out.push({ kind: 'edge', a, b, from, to, t, bFrom, bTo });
        }
        continue;
      }
      const b = occupant[corner];
      const bFrom = cellAt(paths[b], t - 1);
      if (b > a && crosses(from, to, bFrom, corner, width)) out.push({ kind: 'edge', a, b, from, to, t, bFrom, bTo: corner });
    }
  }
}

/**
 * Unit a's conflicts with every other unit, in allConflicts's form (the lower numbered unit as
 * `a`, and for a swap its move), earliest first and then by unit (byTime's order), appended to
 * `out`. A child node replans one unit: its conflicts are its parent's without that unit's
 * merged with these (mergeByTime), O(units x makespan) instead of sweeping every pair's paths
 * again (as Jiaoyang-Li/CBSH2-RTC's CBS::findConflicts copies its parent's). With `others`, the
 * conflict avoidance table holding every path but a's (4-connected), only the times it says may
 * meet one are compared (EECBS, 100 units on random-32-32-20: a fifth of its CPU went to
 * comparing every unit at every time).
 */
export function conflictsWith(paths: readonly Int32Array[], a: number, out: Conflict[], width = 0, others?: { mayConflict(cell: number, t: number, from: number): boolean }): void {
  const pa = paths[a];
  let horizon = 0;
  for (const p of paths) if (p.length > horizon) horizon = p.length;
  for (let t = 0; t < horizon; t++) {
    const ca = cellAt(pa, t);
    const pa0 = t > 0 ? cellAt(pa, t - 1) : -1;
    // The other units' paths in a conflict avoidance table: most times meet none of them.
    if (others !== undefined && !others.mayConflict(ca, t, t > 0 ? pa0 : ca)) continue;
    // Units in ascending order give (lower, higher) pairs in ascending order too.
    for (let b = 0; b < paths.length; b++) {
      if (b === a) continue;
      const pb = paths[b];
      if (t >= pa.length && t >= pb.length) continue; // both at rest (on distinct goals)
      const cb = cellAt(pb, t);
      const lo = a < b ? a : b;
      const hi = a < b ? b : a;
      if (ca === cb) {
        out.push({ kind: 'vertex', a: lo, b: hi, cell: ca, t });
      } else if (t > 0 && pa0 === cb && cellAt(pb, t - 1) === ca) {
        const first = a < b ? pa : pb;
        out.push({ kind: 'edge', a: lo, b: hi, from: cellAt(first, t - 1), to: cellAt(first, t), t });
      } else if (width > 0 && t > 0) {
        const pb0 = cellAt(pb, t - 1);
        if (!crosses(pa0, ca, pb0, cb, width)) continue;
        const first = a < b ? pa : pb;
        const second = a < b ? pb : pa;
        out.push({ kind: 'edge', a: lo, b: hi, from: cellAt(first, t - 1), to: cellAt(first, t), t, bFrom: cellAt(second, t - 1), bTo: cellAt(second, t) });
      }
    }
  }
}

/** Two lists each in byTime's order merged into one in that order (equal ones: x's first). */
export function mergeByTime(x: readonly Conflict[], y: readonly Conflict[]): Conflict[] {
  const out: Conflict[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) out.push(byTime(x[i], y[j]) <= 0 ? x[i++] : y[j++]);
  while (i < x.length) out.push(x[i++]);
  while (j < y.length) out.push(y[j++]);
  return out;
}

/** Conflicts earliest first, then by their units (allConflicts's order within a time may differ). */
export function byTime(p: Conflict, q: Conflict): number {
  return p.t - q.t || p.a - q.a || p.b - q.b;
}

/** How many pairs of units have a conflict in `conflicts` (CBSH2-RTC's tie-break between nodes). */
export function conflictingPairs(conflicts: readonly Conflict[], units: number): number {
  if (conflicts.length <= 1) return conflicts.length;
  const seen = new Set<number>();
  for (const c of conflicts) seen.add(c.a * units + c.b);
  return seen.size;
}

/**
 * A vertex conflict on the goal of a unit resting there by then: a target conflict (target
 * reasoning, constraintTree.ts's branch), chosen first among conflicts of equal cardinality.
 */
export function isTargetConflict(paths: readonly Int32Array[], goals: Int32Array, c: Conflict & { kind: 'vertex' }): boolean {
  return (goals[c.a] === c.cell && c.t >= paths[c.a].length - 1) || (goals[c.b] === c.cell && c.t >= paths[c.b].length - 1);
}
