/**
 * Conflict-based search (cbs.ts) as its callers see it, and its high-level node: the options,
 * the result, and the limits on pair sub-searches and conflicts listed per node.
 */
import type { GoalDistances } from '../../search/goalDistances.ts';
import type { StepTable } from '../../search/stepTable.ts';
import type { Conflict } from './conflicts.ts';
import type { ConflictAvoidanceTable } from './conflictAvoidance.ts';
import type { SpaceTimePlanner } from './lowLevel.ts';
import type { AgentConstraints } from './agentConstraints.ts';
import type { Mdd } from './mdd.ts';
import type { Constraint } from './constraintTree.ts';
import type { CorridorReasoning } from './corridor.ts';
import type { SymmetricSplit } from './symmetricSplit.ts';

export interface CbsNode {
  parent: CbsNode | null;
  constraint: Constraint | null;
  paths: Int32Array[];
  cost: number;
  /** Every conflict among the paths, earliest first; and how many pairs of units they involve. */
  conflictList: Conflict[];
  conflicts: number;
  /** Each unit's MDD, shared with the parent for the units not replanned (null: not built). */
  mdds: (Mdd | null)[];
  /**
   * WDG pair weights known for this node, key a * n + b (a < b): its parent's for the pairs it
   * did not replan (their constraints and costs are the parent's; CBSH2-RTC copies its parent's
   * conflict graph likewise), and those it weighs itself.
   */
  pairWeights: Map<number, number>;
  /** The admissible heuristic once evaluated (-1: not yet), and the conflict chosen then. */
  h: number;
  chosen: Conflict | null;
  /** The chosen conflict's corridor or rectangle split, if it has one (else branch() splits it). */
  split: SymmetricSplit | null;
  /** The parent's f when this node was made: a lower bound on this node's f too (pathmax). */
  floor: number;
}

export type CbsStatus = 'solved' | 'unsolvable' | 'timeout' | 'cancelled' | 'memory';

export interface CbsOptions {
  shouldStop: () => 'timeout' | 'cancelled' | null;
  maxNodes: number;
  /** ICBS: branch on cardinal, then semi-cardinal conflicts first. */
  prioritize: boolean;
  /** CBSH: the conflict-graph heuristic; CBSH2's weighted dependency graph (WDG). */
  heuristic: 'wdg' | 'cg' | 'none';
  /** ICBS: adopt a child's path that removes conflicts at no cost instead of branching. */
  bypass: boolean;
  /** Target reasoning (constraintTree.ts, branch). */
  targetReasoning: boolean;
  /** Rectangle reasoning (rectangle.ts) and corridor reasoning (corridor.ts). */
  rectangle: boolean;
  corridor: boolean;
  /** An 8-connected map's moves (stepTable.ts); absent: 4-connected. Needs rectangle and corridor off. */
  steps?: StepTable;
  /** Constraints each unit has from the start (a WDG sub-search's); none by default. */
  base?: AgentConstraints[];
  /**
   * A sub-search borrows its caller's planner, distance tables and a second avoidance table (it
   * runs to its end inside one call; the table holds whatever its last load gave it).
   */
  shared?: { planner: SpaceTimePlanner; distances: GoalDistances; avoidance: ConflictAvoidanceTable; corridors: CorridorReasoning | null };
  /**
   * Paths already optimal under `base`, and their MDDs, for the root instead of planning it: a
   * WDG pair's paths in its node (as CBSH2-RTC's solve2Agents starts from them).
   */
  initial?: { paths: Int32Array[]; mdds: (Mdd | null)[]; conflicts: Conflict[] };
}

/** High-level nodes a WDG pair's sub-search may take before its lower bound is used instead. */
export const PAIR_NODES = 64;

/** Conflicts classified per node at most (a node with more branches on one of the first). */
export const CONFLICT_LIMIT = 512;

export interface CbsResult {
  status: CbsStatus;
  paths: Int32Array[];
  cost: number;
  /** The proved lower bound on the optimal sum of costs (equal to cost when solved). */
  lowerBound: number;
  highExpanded: number;
  highGenerated: number;
  lowExpanded: number;
  bypasses: number;
  /** Nodes split by a rectangle's barriers, and by a corridor's range constraints. */
  rectangleSplits: number;
  corridorSplits: number;
}
