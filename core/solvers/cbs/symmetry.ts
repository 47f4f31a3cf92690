/**
 * How CBS (cbs.ts) ranks a conflict and whether it splits it by symmetry reasoning (Li, Harabor,
 * Stuckey, Felner, Ma and Koenig, "Pairwise symmetry reasoning for multi-agent path finding
 * search", AIJ 301, 2021): as Jiaoyang-Li/CBSH2-RTC's classifyConflicts does, a conflict in a
 * corridor is split as a corridor conflict (corridor.ts), else a target conflict by target
 * reasoning (constraintTree.ts), else a vertex conflict before both units rest that is not
 * already cardinal by its rectangle, if it has one (rectangle.ts); and conflicts are ranked by
 * cardinality, then by that type (target, corridor, rectangle, standard).
 */
import type { Conflict } from './conflicts.ts';
import { isTargetConflict } from './conflicts.ts';
import { findRectangle } from './rectangle.ts';
import type { SymmetricSplit, SymmetryContext } from './symmetricSplit.ts';

/** 4 x cardinality, plus 3 for a target conflict, 2 a corridor, 1 a rectangle; and the split. */
export interface Classified {
  rank: number;
  split: SymmetricSplit | null;
}

/**
 * The conflict's rank and split, given its cardinality r from the MDDs. The searches and scans
 * run only where their result could beat `rank` (the best so far in the node).
 */
export function classifyConflict(conflict: Conflict, r: number, rank: number, ctx: SymmetryContext): Classified {
  if (ctx.corridors !== null && 4 * r + 2 > rank) {
    const split = ctx.corridors.find(conflict, r, ctx.paths, ctx.constraints, ctx.table, ctx.mdd);
    if (split !== null) return { rank: 4 * r + 2, split };
  }
  if (ctx.targetReasoning && conflict.kind === 'vertex' && isTargetConflict(ctx.paths, ctx.goals, conflict)) return { rank: 4 * r + 3, split: null };
  const pa = ctx.paths[conflict.a];
  const pb = ctx.paths[conflict.b];
  // A cardinal rectangle (rank 9) is the most this can give.
  if (ctx.rectangle && conflict.kind === 'vertex' && r < 2 && rank < 9 && conflict.t < pa.length && conflict.t < pb.length) {
    const split = findRectangle(ctx.width, ctx.cells, conflict.a, conflict.b, pa, pb, conflict.t, ctx.mdd(conflict.a), ctx.mdd(conflict.b), ctx);
    if (split !== null) return { rank: 4 * split.cardinality + 1, split };
  }
  return { rank: 4 * r, split: null };
}

