/**
 * The constraint tree's constraints, shared by CBS (cbs.ts) and EECBS (eecbs.ts): what a conflict
 * branches into (Sharon et al., AIJ 2015, section 4.2) and a unit's constraints collected from a
 * node up to the root.
 */
import type { Conflict } from './conflicts.ts';
import { type AgentConstraints, NO_LIMIT } from './agentConstraints.ts';

export interface Constraint {
  agent: number;
  /**
   * Vertex: `to` is the cell and `from` is VERTEX (-1). Edge: the move from -> to arriving at t.
   * Barred (target reasoning): `from` is BARRED (-2), the unit off cell `to` from t on, for good.
   * Longer (target reasoning): `from` is LONGER (-3), the unit rests on its goal `to` only after
   * t (its path is longer than t; it may pass over the goal before).
   * Vertices (rectangle and corridor reasoning): `from` is VERTICES (-4), `keys` the (t * cells +
   * cell) of a set of vertex constraints taken together (a barrier along a rectangle's border,
   * one cell a turn, rectangle.ts; or a range, one cell for every t up to a time, corridor.ts),
   * `t` the latest of their times and `to` -1.
   * Rests by (target reasoning as CBSH2-RTC branches it): `from` is RESTS_BY (-5), the unit's path
   * is no longer than t (it rests on its goal `to` from t on), and every other unit is off `to`
   * from t on, for good: the one constraint that binds units other than `agent`.
   */
  from: number;
  to: number;
  t: number;
  keys?: readonly number[];
}

export const VERTEX = -1;
export const BARRED = -2;
export const LONGER = -3;
export const VERTICES = -4;
export const RESTS_BY = -5;

/** A constraint tree node as far as its constraints go: the one it adds, and its parent. */
export interface ConstraintNode {
  parent: ConstraintNode | null;
  constraint: Constraint | null;
}

/**
 * The two constraints a conflict branches on: each unit is kept off it in one child. With
 * `targets` (target reasoning, Li, Harabor, Stuckey, Felner, Ma and Koenig, "Pairwise symmetry
 * reasoning for multi-agent path finding search", AIJ 301, 2021, section 5), a vertex conflict on
 * the goal of a unit that rests there by then (a target conflict) branches into: that unit's path
 * is longer than t (it comes to rest later), or the other unit never stands there from t on.
 * Standard branching would bar the other unit from (goal, t) alone, and it would come back at
 * t + 1, t + 2, ... one node each. Every plan is in a child (the resting unit's path is longer
 * than t, or not and then it is on its goal for good from t on), so CBS stays optimal. The first
 * child once barred the unit from its goal at t as well (a vertex constraint): that lost the
 * plans where it passes over its goal at t and comes back after the other has gone, and CBS on
 * a 5 x 4 map proved a lower bound of 28 where the optimum is 18.
 *
 * With `restsBy` (CBS), the second child is CBSH2-RTC's: the resting unit's path is no longer
 * than t, and then no unit at all may stand on its goal from t on (RESTS_BY), not only the other
 * one; every unit that does is planned again in that child. Barring the other unit alone left a
 * third unit free to cross the goal later, a new target conflict, a node, in child after child:
 * random-32-32-20 random-6 with 50 units took 9,335 nodes (CBSH2-RTC, 125), 7,900 of them at the
 * optimal cost, looking for a plan without conflicts.
 */
export function branch(conflict: Conflict, targets?: { paths: readonly Int32Array[]; goals: Int32Array; restsBy?: boolean }): Constraint[] {
  if (conflict.kind === 'vertex' && targets !== undefined) {
    const { paths, goals } = targets;
    for (const [resting, other] of [[conflict.a, conflict.b], [conflict.b, conflict.a]]) {
      if (goals[resting] === conflict.cell && conflict.t >= paths[resting].length - 1) {
        return [
          { agent: resting, from: LONGER, to: conflict.cell, t: conflict.t },
          targets.restsBy === true ? { agent: resting, from: RESTS_BY, to: conflict.cell, t: conflict.t } : { agent: other, from: BARRED, to: conflict.cell, t: conflict.t },
        ];
      }
    }
  }
  if (conflict.kind === 'vertex') {
    return [
      { agent: conflict.a, from: -1, to: conflict.cell, t: conflict.t },
      { agent: conflict.b, from: -1, to: conflict.cell, t: conflict.t },
    ];
  }
  // a moved from -> to while b moved to -> from (a swap) or bFrom -> bTo (a diagonal crossing),
  // arriving at t: each is barred from its own move then.
  return [
    { agent: conflict.a, from: conflict.from, to: conflict.to, t: conflict.t },
    { agent: conflict.b, from: conflict.bFrom ?? conflict.to, to: conflict.bTo ?? conflict.from, t: conflict.t },
  ];
}

/**
 * Unit a's constraints from `node` up to the root, on top of `base` (a sub-search's given ones).
 * The object is made whole at the end, its fields never written after (docs/performance.md, rule 1).
 */
export function constraintsOf(node: ConstraintNode, a: number, goal: number, cells: number, base?: AgentConstraints): AgentConstraints {
  const vertex = new Set(base?.vertex);
  const edge = new Set(base?.edge);
  const barred = new Map(base?.barred);
  let maxT = base?.maxT ?? -1;
  let goalT = base?.goalT ?? -1;
  let restsBy = base?.restsBy ?? NO_LIMIT;
  for (let m: ConstraintNode | null = node; m !== null; m = m.parent) {
    const k = m.constraint;
    if (k === null) continue;
    if (k.agent !== a) {
      // Another unit rests on its goal from k.t on: this one is barred from that cell then.
      if (k.from === RESTS_BY) {
        const before = barred.get(k.to);
        if (before === undefined || k.t < before) barred.set(k.to, k.t);
        if (k.t > maxT) maxT = k.t;
      }
      continue;
    }
    if (k.from === RESTS_BY) {
      if (k.t < restsBy) restsBy = k.t;
    } else if (k.from === BARRED) {
      const before = barred.get(k.to);
      if (before === undefined || k.t < before) barred.set(k.to, k.t);
    } else if (k.from === LONGER) {
      if (k.t > goalT) goalT = k.t;
    } else if (k.from === VERTICES) {
      // Plain vertex constraints, each as a VERTEX one would be (on the goal: no rest before).
      for (const key of k.keys!) {
        vertex.add(key);
        const t = (key / cells) | 0;
        if (key - t * cells === goal && t > goalT) goalT = t;
      }
    } else if (k.from === VERTEX) {
      vertex.add(k.t * cells + k.to);
      if (k.to === goal && k.t > goalT) goalT = k.t;
    } else {
      edge.add((k.t * cells + k.from) * cells + k.to);
    }
    if (k.t > maxT) maxT = k.t;
  }
  return { vertex, edge, maxT, goalT, barred, restsBy };
}

export function copyConstraints(c: AgentConstraints): AgentConstraints {
  return { vertex: new Set(c.vertex), edge: new Set(c.edge), maxT: c.maxT, goalT: c.goalT, barred: new Map(c.barred), restsBy: c.restsBy };
}

/** A key naming a unit's constraints (for memos): the same constraints give the same key. */
export function constraintsKey(c: AgentConstraints): string {
  const sorted = (values: Iterable<number>): string => [...values].sort((p, q) => p - q).join(',');
  return `${sorted(c.vertex)}|${sorted(c.edge)}|${[...c.barred].map(([cell, t]) => `${cell}@${t}`).sort().join(',')}|${c.goalT}|${c.restsBy}`;
}

/**
 * A key naming the constraints on unit a from `node` up to the root, read off the tree without
 * building the sets (a memo lookup that hits needs no more; constraintsKey over constraintsOf
 * was most of the WDG memo's time). Equal keys mean equal constraints.
 */
export function constraintChainKey(node: ConstraintNode, a: number, cells: number): string {
  const codes: number[] = [];
  for (let m: ConstraintNode | null = node; m !== null; m = m.parent) {
    const k = m.constraint;
    if (k === null) continue;
    // from is VERTEX (-1), BARRED (-2), LONGER (-3), RESTS_BY (-5) or a cell: from + 5 is in
    // [0, cells + 5). VERTICES are coded as the VERTEX constraints they stand for, another
    // unit's RESTS_BY as the BARRED constraint it puts on this one.
    if (k.agent !== a) {
      if (k.from === RESTS_BY) codes.push((k.t * cells + k.to) * (cells + 5) + BARRED + 5);
    } else if (k.from === VERTICES) for (const key of k.keys!) codes.push(key * (cells + 5) + VERTEX + 5);
    else codes.push((k.t * cells + k.to) * (cells + 5) + k.from + 5);
  }
  return codes.length === 0 ? '' : codes.length === 1 ? String(codes[0]) : codes.sort((p, q) => p - q).join(',');
}
