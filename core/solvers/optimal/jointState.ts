/**
 * The joint search's state encoding and its contract (jointSearch.ts): the bits of an agent's
 * state word, the fields of a node record, the open list's tie-break, and the query, result and
 * setup types. Standley 2010; see jointSearch.ts for the states.
 */
import type { CostModel } from '../../mapf/plan.ts';
import type { ConflictAvoidanceTable } from './conflictAvoidanceTable.ts';
import type { IllegalMoveTable } from './illegalMoveTable.ts';
import type { StepTable } from '../../search/stepTable.ts';
import type { Deadline } from '../../util/clock.ts';

export type SearchMode = 'standard' | 'od';

/** Bits of a state word: cell in the low 22 bits, then done, then the forbidden-move mask. */
export const CELL_BITS = 22;
export const MAX_CELLS = 1 << CELL_BITS;
export const CELL_MASK = MAX_CELLS - 1;
export const DONE_BIT = 1 << CELL_BITS;
export const MASK_SHIFT = CELL_BITS + 1;

/**
 * Fields of a node record, before its state words. NEXT also holds the CLOSED flag (set at the
 * first expansion: the node's g is then final) and, in its top bits, the node's deferral: the
 * amount by which the f the node is queued under exceeds g + h (see expandOperator).
 */
export const NEXT = 0;
export const G = 1;
export const H = 2;
export const TIME = 3;
export const CONFLICTS = 4;
export const PARENT = 5;
export const HASH = 6;
/** The node's f before deferral: g + h, or with a merge tree the bound of boundOf. */
export const BOUND = 7;
/**
 * The dependency bonus (see expandOperator): how many moves the node's disjoint singles (agents a
 * replan's illegal moves block) and pairs (dependent agents) add to h, and which agents (bits by
 * group index) they hold. In an intermediate state only agents whose cells for the step are known
 * take part; a standard state's BONUS is in its f, and its MATCHED is not used.
 */
export const BONUS = 8;
export const MATCHED = 9;
export const WORDS = 10;
export const NEXT_MASK = 0xffff;
export const CLOSED = 0x10000;
export const DEFER_SHIFT = 17;
/** Deferral of a node with no children left to generate: no queue entry ever matches it. */
export const EXHAUSTED = 0x3fff;

/** Open-list tie-break inside one f: conflicts (capped) first, then h (capped). */
export const TIE_CONFLICTS = 64;
export const TIE_H = 512;

/** Expansions between two looks at the clock and the cancel flag. */
export const POLL_EVERY = 1024;

/** What one search of one group needs besides the map tables. */
export interface GroupQuery {
  /** Global indices of the group's agents; with OD also the fixed order of moves. */
  agents: readonly number[];
  /** Prune nodes whose f exceeds this (Infinity: no limit). */
  costLimit: number;
  /** Moves of other agents this group must not conflict with, or null. */
  illegal: IllegalMoveTable | null;
  /** Paths of other agents to conflict with as little as possible, or null. */
  avoid: ConflictAvoidanceTable | null;
  /**
   * How independence detection built the group: a binary tree of merges over its agents (global
   * indices) whose inner nodes carry the optimal cost of their agents alone. Sharpens f (boundOf).
   */
  tree?: MergeTree | null;
}

/** A leaf is an agent (global index); an inner node joins two groups of known optimal cost alone. */
export type MergeTree = number | { left: MergeTree; right: MergeTree; cost: number };

export type GroupStatus = 'solved' | 'unsolvable' | 'over-limit' | 'timeout' | 'cancelled' | 'memory';

export interface GroupResult {
  status: GroupStatus;
  /** Per agent of the group: cells from t = 0 until it rests on its goal. */
  paths: Int32Array[];
  /** Sum of path costs (solved only). */
  cost: number;
  /** Largest f popped: a lower bound on the group's optimal cost. */
  lowerBound: number;
  expanded: number;
  generated: number;
}

/** The map, heuristic tables and limits shared by every search of one solve. */
export interface SearchSetup {
  steps: StepTable;
  /** Unit-step distance to each agent's goal (global agent index), -1 where unreachable. */
  distances: readonly Int32Array[];
  goals: Int32Array;
  starts: Int32Array;
  /** The solve's time limit, after which searches stop with 'timeout' (none when absent). */
  deadline?: Deadline;
  shouldStop?: () => boolean;
  /** Bytes the node store may grow to before a search gives up with 'memory'. */
  memoryBytes: number;
  /** OD: defer children of a larger f (partial expansion, see expandOperator); default true. */
  partialExpansion?: boolean;
  /** What a plan costs, which the search minimises. */
  costModel: CostModel;
  /**
   * Add to h 1 for each dependent pair of a matching of the group's agents (PairDependency) and,
   * in replans, for each agent the illegal moves block (IllegalDependency); default true.
   */
  dependencies?: boolean;
}
