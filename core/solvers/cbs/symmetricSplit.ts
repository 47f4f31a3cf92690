/**
 * What symmetry reasoning's modules share (Li, Harabor, Stuckey, Felner, Ma and Koenig, "Pairwise
 * symmetry reasoning for multi-agent path finding search", AIJ 301, 2021): the split a rectangle
 * or corridor gives, the node's side of the classification, and the barrier test.
 */
import type { AgentConstraints } from './agentConstraints.ts';
import type { Conflict } from './conflicts.ts';
import { cellAt } from '../../mapf/plan.ts';
import type { ConstraintTable } from './constraintTable.ts';
import type { Constraint } from './constraintTree.ts';
import type { Mdd } from './mdd.ts';

export interface SymmetricSplit {
  kind: 'rectangle' | 'corridor';
  /** 2 cardinal, 1 semi-cardinal, 0 non-cardinal. */
  cardinality: number;
  /** The two children's constraints (the first for the conflict's unit a, the second for b). */
  constraints: [Constraint, Constraint];
}

/** Corridor reasoning as the classification asks it (corridor.ts's CorridorReasoning). */
export interface CorridorFinder {
  find(conflict: Conflict, cardinality: number, paths: readonly Int32Array[], constraintsOf: (unit: number) => AgentConstraints, table: ConstraintTable, mdd: (unit: number) => Mdd): SymmetricSplit | null;
}

/** A node's side of the classification: its paths and its units' MDDs and constraints. */
export interface SymmetryContext {
  paths: readonly Int32Array[];
  goals: Int32Array;
  width: number;
  cells: number;
  targetReasoning: boolean;
  rectangle: boolean;
  corridors: CorridorFinder | null;
  /** Scratch for the corridor's searches (the planner's constraint table, between its calls). */
  table: ConstraintTable;
  mdd: (unit: number) => Mdd;
  /** A unit's MDD with its levels (buildMdd's keepLevels), built anew (classifyConflict keeps them). */
  levels: (unit: number) => Mdd;
  constraints: (unit: number) => AgentConstraints;
}

/**
 * Units' MDDs with their levels, by path object: a path is made under one set of constraints,
 * which its MDD depends on alone, so every node holding the path can use it.
 */
const levelMdds = new WeakMap<Int32Array, Mdd>();

export function levelsOf(ctx: SymmetryContext, unit: number): Mdd {
  const path = ctx.paths[unit];
  let mdd = levelMdds.get(path);
  if (mdd === undefined) levelMdds.set(path, (mdd = ctx.levels(unit)));
  return mdd;
}

/** Whether a path stands on any of the (cell, t) keys (at rest on its last cell after its end). */
export function crossesBarrier(path: Int32Array, keys: readonly number[], cells: number): boolean {
  for (const key of keys) {
    const t = (key / cells) | 0;
    if (cellAt(path, t) === key - t * cells) return true;
  }
  return false;
}
