/**
 * CBS's per-node lists (cbs.ts): a child's WDG pair weights and conflicts are its parent's without
 * the replanned unit's, and a pair's sub-search starts from the pair's conflicts.
 */
import type { Conflict } from './conflicts.ts';

// The two copies below are helpers of their own, not loops in cbsSearch (docs/performance.md, rule 4).

/** A parent's WDG pair weights without unit a's pairs (keys a * n + b). */
export function weightsWithout(weights: Map<number, number>, a: number, n: number): Map<number, number> {
  const out = new Map<number, number>();
  weights.forEach((weight, pair) => {
    if (((pair / n) | 0) !== a && pair % n !== a) out.set(pair, weight);
  });
  return out;
}

/** A parent's conflicts without unit a's, in order. */
export function conflictsWithout(conflicts: readonly Conflict[], a: number): Conflict[] {
  const out: Conflict[] = [];
  for (let i = 0; i < conflicts.length; i++) {
    const k = conflicts[i];
    if (k.a !== a && k.b !== a) out.push(k);
  }
  return out;
}

export function sumOfLengths(paths: readonly Int32Array[]): number {
  let sum = 0;
  for (const p of paths) sum += p.length - 1;
  return sum;
}

/**
 * The conflicts between units a < b in a node's list, renumbered 0 and 1 for their pair's
 * sub-search (the lower unit stays first, so a swap's move is still its own), in order.
 */
export function pairConflicts(conflicts: readonly Conflict[], a: number, b: number): Conflict[] {
  const out: Conflict[] = [];
  for (const k of conflicts) if (k.a === a && k.b === b) out.push({ ...k, a: 0, b: 1 });
  return out;
}

/**
 * ICBS's bypass (Boyarski et al., IJCAI 2015): a child as cheap as its parent with fewer
 * conflicts in all is a better plan for the same node; taking it keeps CBS optimal.
 */
export function bypassChild<T extends { cost: number; conflicts: number }>(node: T, children: readonly T[]): T | null {
  for (const child of children) if (child.cost === node.cost && child.conflicts < node.conflicts) return child;
  return null;
}
