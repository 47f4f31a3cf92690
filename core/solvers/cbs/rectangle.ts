/**
 * Rectangle reasoning with MDDs, "RM" (Li, Harabor, Stuckey, Felner, Ma and Koenig, "Pairwise
 * symmetry reasoning for multi-agent path finding search", AIJ 301, 2021, section 4; first in
 * Li, Harabor, Stuckey, Ma and Koenig, "Symmetry-breaking constraints for grid-based multi-agent
 * path finding", AAAI 2019). Written after reading Jiaoyang-Li/CBSH2-RTC's RectangleReasoning.cpp.
 * More on this in README.md, "rectangle.ts".
 */
import type { Mdd } from './mdd.ts';
import { mddHas } from './mdd.ts';
import { type SymmetricSplit, type SymmetryContext, crossesBarrier, levelsOf } from './symmetricSplit.ts';
import { VERTICES } from './constraintTree.ts';

/** A cell as (row, column), as the paper's and CBSH2-RTC's formulas are written. */
type Point = [number, number];

/** A rectangle found: its cardinality and the two barriers' (t * cells + cell) keys. */
type Rectangle = { cardinality: number; first: number[]; second: number[] } | null;

/**
 * Rectangles found, by the two paths (objects) and the conflict's time: a path object is made
 * under one set of constraints and keeps its MDD, so the answer is the same in every node that
 * holds both (most of a node's conflicts are its parent's; without this the search ran the same
 * scan in node after node, most of rectangle reasoning's time).
 */
const memo = new WeakMap<Int32Array, WeakMap<Int32Array, Map<number, Rectangle>>>();

/**
 * The rectangle conflict behind the vertex conflict of units a and b at (pa[t], t), or null.
 * `mddA` and `mddB` are their MDDs at the paths' costs; a unit's MDD with its levels (buildMdd
 * with keepLevels, symmetricSplit.ts's levelsOf) is asked for only when a rectangle is found (16 scans
 * in 1,653 on random-1's 40 units): keeping the levels of every MDD was a tenth of a search's time.
 */
export function findRectangle(width: number, cells: number, a: number, b: number, pa: Int32Array, pb: Int32Array, t: number, mddA: Mdd, mddB: Mdd, ctx: SymmetryContext): SymmetricSplit | null {
  let byB = memo.get(pa);
  if (byB === undefined) memo.set(pa, (byB = new WeakMap()));
  let byT = byB.get(pb);
  if (byT === undefined) byB.set(pb, (byT = new Map()));
  let found = byT.get(t);
  if (found === undefined) byT.set(t, (found = scan(width, cells, a, b, pa, pb, t, mddA, mddB, ctx)));
  if (found === null) return null;
  return {
    kind: 'rectangle',
    cardinality: found.cardinality,
    constraints: [
      { agent: a, from: VERTICES, to: -1, t: latest(found.first, cells), keys: found.first },
      { agent: b, from: VERTICES, to: -1, t: latest(found.second, cells), keys: found.second },
    ],
  };
}

/** RM's scan over the candidate segments: the most cardinal rectangle, then the largest. */
function scan(width: number, cells: number, a: number, b: number, pa: Int32Array, pb: Int32Array, t: number, mddA: Mdd, mddB: Mdd, ctx: SymmetryContext): Rectangle {
  const here = at(pa[t], width);
  const first = segments(pa, mddA, t, here, width);
  if (first.length === 0) return null;
  const second = segments(pb, mddB, t, here, width);
  let best: Rectangle = null;
  let bestArea = 0;
  for (const [s1, g1] of first) {
    for (const [s2, g2] of second) {
      if (!isRectangle(s1, s2, g1, g2)) continue;
      const rg = cornerRg(s1, g1, g2);
      const rs = cornerRs(s1, s2, g1);
      const area = (Math.abs(rs[0] - rg[0]) + 1) * (Math.abs(rs[1] - rg[1]) + 1);
      const cardinality = classify(s1, s2, g1, g2, rg);
      if (best !== null && (cardinality < best.cardinality || (cardinality === best.cardinality && area <= bestArea))) continue;
      const rgT = t + manhattan(rg, here);
      const barriers = modifiedBarriers(width, cells, rs, rg, s1, s2, rgT, levelsOf(ctx, a), levelsOf(ctx, b));
      if (barriers === null || !crossesBarrier(pa, barriers[0], cells) || !crossesBarrier(pb, barriers[1], cells)) continue;
      best = { cardinality, first: barriers[0], second: barriers[1] };
      bestArea = area;
      if (cardinality === 2) return best;
    }
  }
  return best;
}

function at(cell: number, width: number): Point {
  return [(cell / width) | 0, cell % width];
}

function manhattan(p: Point, q: Point): number {
  return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]);
}

/**
 * A unit's candidate segments through the conflict at (here, t): a start and an end that are MDD
 * singletons (every optimal path is there then) at Manhattan distance from the conflict equal to
 * the time between, the segment itself Manhattan-optimal.
 */
function segments(path: Int32Array, mdd: Mdd, t: number, here: Point, width: number): [Point, Point][] {
  const starts: [number, Point][] = [];
  for (let s = 0; s <= t; s++) {
    if (mdd.single[s] === -1) continue;
    const p = at(path[s], width);
    if (manhattan(p, here) === t - s) starts.push([s, p]);
  }
  const out: [Point, Point][] = [];
  for (let e = path.length - 1; e >= t; e--) {
    if (mdd.single[e] === -1) continue;
    const g = at(path[e], width);
    if (manhattan(g, here) !== e - t) continue;
    for (const [s, p] of starts) if (manhattan(p, g) === e - s) out.push([p, g]);
  }
  return out;
}

/**
 * Whether segments s1 -> g1 and s2 -> g2 (each Manhattan-optimal) make a rectangle conflict of
 * more than one cell: they move the same way along both axes, neither start lies between the
 * other's start and the rectangle on both axes, and the rectangle is not a single cell (a plain
 * cardinal vertex conflict).
 */
function isRectangle(s1: Point, s2: Point, g1: Point, g2: Point): boolean {
  if ((s1[0] === s2[0] && s1[1] === s2[1]) || (s1[0] === g1[0] && s1[1] === g1[1]) || (s2[0] === g2[0] && s2[1] === g2[1])) return false;
  if ((s1[0] - g1[0]) * (s2[0] - g2[0]) < 0 || (s1[1] - g1[1]) * (s2[1] - g2[1]) < 0) return false;
  if ((s2[0] - s1[0]) * (s1[0] - g1[0]) < 0 && (s2[1] - s1[1]) * (s1[1] - g1[1]) < 0) return false;
  if ((s1[0] - s2[0]) * (s2[0] - g2[0]) < 0 && (s1[1] - s2[1]) * (s2[1] - g2[1]) < 0) return false;
  return !((s1[0] === g1[0] && s2[1] === g2[1]) || (s1[1] === g1[1] && s2[0] === g2[0]));
}

/** The rectangle's corner nearest the starts. */
function cornerRs(s1: Point, s2: Point, g1: Point): Point {
  const axis = (i: 0 | 1): number => (s1[i] === g1[i] ? s1[i] : s1[i] < g1[i] ? Math.max(s1[i], s2[i]) : Math.min(s1[i], s2[i]));
  return [axis(0), axis(1)];
}

/** The rectangle's corner nearest the goals. */
function cornerRg(s1: Point, g1: Point, g2: Point): Point {
  const axis = (i: 0 | 1): number => (s1[i] === g1[i] ? g1[i] : s1[i] < g1[i] ? Math.min(g1[i], g2[i]) : Math.max(g1[i], g2[i]));
  return [axis(0), axis(1)];
}

/**
 * Whether unit 1's barrier lies along the rectangle's far row (row rg[0]) and unit 2's along its
 * far column, else the other way round: told by which sides of the rectangle the starts are on.
 */
function firstBarredAlongRow(s1: Point, s2: Point, rg: Point): boolean {
  if (s1[0] === s2[0]) return (s1[1] - s2[1]) * (s2[1] - rg[1]) < 0;
  return (s1[0] - s2[0]) * (s2[0] - rg[0]) >= 0;
}

/**
 * Cardinality from the corners (the paper's classification for RM): a unit's barrier surely
 * costs it a turn when its segment ends on the line through Rg across its barrier.
 */
function classify(s1: Point, s2: Point, g1: Point, g2: Point, rg: Point): number {
  if (firstBarredAlongRow(s1, s2, rg)) return (rg[1] === g1[1] ? 1 : 0) + (rg[0] === g2[0] ? 1 : 0);
  return (rg[0] === g1[0] ? 1 : 0) + (rg[1] === g2[1] ? 1 : 0);
}

/**
 * The two barriers as vertex constraint keys (t * cells + cell), each cut to its unit's MDD; null
 * when either is empty. The cell on a barrier at distance k from the corner Rg is barred at Rg's
 * time minus k (when a unit crossing the rectangle without a wait would be there).
 */
function modifiedBarriers(width: number, cells: number, rs: Point, rg: Point, s1: Point, s2: Point, rgT: number, mdd1: Mdd, mdd2: Mdd): [number[], number[]] | null {
  const alongRow = firstBarredAlongRow(s1, s2, rg);
  const first = barrier(width, cells, mdd1, rs, rg, rgT, alongRow);
  if (first.length === 0) return null;
  const second = barrier(width, cells, mdd2, rs, rg, rgT, !alongRow);
  return second.length === 0 ? null : [first, second];
}

/** A barrier along row rg[0] (alongRow; its cells run from column rs[1] to rg[1]) or column rg[1]. */
function barrier(width: number, cells: number, mdd: Mdd, rs: Point, rg: Point, rgT: number, alongRow: boolean): number[] {
  const i = alongRow ? 1 : 0; // the coordinate that varies along the barrier
  const sign = rs[i] < rg[i] ? 1 : -1;
  const rsT = rgT - Math.abs(rs[i] - rg[i]);
  const cost = mdd.single.length - 1;
  const keys: number[] = [];
  for (let t = Math.max(rsT, 0); t <= Math.min(rgT, cost); t++) {
    const along = rs[i] + (t - rsT) * sign;
    const cell = alongRow ? rg[0] * width + along : along * width + rg[1];
    if (mddHas(mdd, cell, t)) keys.push(t * cells + cell);
  }
  return keys;
}

function latest(keys: readonly number[], cells: number): number {
  let t = 0;
  for (const key of keys) t = Math.max(t, (key / cells) | 0);
  return t;
}
