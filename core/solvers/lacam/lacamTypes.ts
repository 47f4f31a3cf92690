/**
 * LaCAM's search (lacam.ts) as its callers and helpers see it: its options and result, and the
 * high-level nodes and low-level constraints of Okumura's configuration search (AAAI 2023).
 */
import type { GoalDistances } from '../../search/goalDistances.ts';
/** A low-level node: unit `who` goes to cell `where`, on top of its parent's constraints. */
export interface Constraint {
  parent: Constraint | null;
  who: number;
  where: number;
  depth: number;
}

export interface Node {
  config: Int32Array;
  parent: Node | null;
  /** Constraints still to try, breadth first (`next` is the head of the queue). */
  tree: (Constraint | null)[];
  next: number;
  /** Units in the order PIBT serves them here, and the priorities that made it (priorities.ts). */
  order: Int32Array;
  priorities: Float32Array;
  g: number;
  h: number;
  /** LaCAM*: configurations reached from this one (the explored graph's edges). */
  neighbours: Node[];
}

export type LacamStatus = 'solved' | 'unsolvable' | 'timeout' | 'cancelled' | 'memory';

export interface LacamOptions {
  seed: number;
  /** LaCAM*: keep improving after the first solution. */
  anytime: boolean;
  /** Called every few hundred iterations; true stops the search ('timeout' or 'cancelled' by `stopReason`). */
  shouldStop: () => 'timeout' | 'cancelled' | null;
  /** At most this many high-level nodes ('memory' past it). */
  maxNodes: number;
  /** PIBT's swap operation (LaCAM*, section 4); default on. */
  swap?: boolean;
  /**
   * When PIBT leads back to a known configuration, the search goes on from the start instead with
   * this probability (lacam2's restart, lacam3's RANDOM_INSERT_PROB1), default 0.1: it leaves a
   * region of configurations the depth-first search keeps circling in.
   */
  restartRate?: number;
  /**
   * PIBT runs per successor (lacam3's PIBT_NUM, "Monte-Carlo configuration generation"): each run
   * breaks ties differently, and the successor with the least edge cost + heuristic is kept.
   * Default 1.
   */
  pibtRuns?: number;
  /**
   * LaCAM*, after the first solution: the probability that an iteration continues from a random
   * node of the open stack instead of its top (lacam3's RANDOM_INSERT_PROB2), default 0.01.
   */
  jumpRate?: number;
  /**
   * LaCAM*, after the first solution: the share of the time given to refining it (refine.ts,
   * lacam3's refiners), taking turns with the search; 0 turns refinement off. Default 0.8.
   */
  refineShare?: number;
  /** The largest group of units a refinement replans together (lacam3: 30). */
  refineGroup?: number;
  /**
   * Stop once this much work is done (PIBT calls plus the refiner's search expansions), which
   * then also measures the turns of search and refinement instead of the clock: a run that gives
   * the same result on a busy machine as on an idle one. Default: no limit, turns by the clock.
   */
  workLimit?: number;
  /**
   * lacam3's space utilisation optimisation (scatter.ts): the scattered paths' margin over the
   * shortest, in steps (lacam3: 10); 0 turns it off. Default 0 here, 10 for lacam-star
   * (lacamSolver.ts).
   */
  scatterMargin?: number;
  /**
   * Milliseconds clock by which search and refinement take turns (refineShare): the run's own
   * clock (wall or the thread's CPU time); default performance.now. Unused with a workLimit.
   */
  clock?: () => number;
  /** When scatter must stop improving its paths (lacam3: half the time limit); default shouldStop. */
  scatterStop?: () => boolean;
  /** Distance tables to share across searches on the same map (a windowed planner's replans); default: the search's own. */
  distances?: GoalDistances;
  /** LaCAM*: told each time a better solution is found. */
  onImproved?: (cost: number, lowerBound: number) => void;
  /**
   * LaCAM*: a new node's parent is also its neighbour, so a cheaper way found into a node can
   * lower its parent's cost back along the edge (lacam3's HNode links parent and child both ways;
   * a step is reversible and costs the same both ways). Default on.
   */
  reverseEdges?: boolean;
}

export interface LacamResult {
  status: LacamStatus;
  /** The configurations from the starts to the goals (empty without a solution). */
  configs: Int32Array[];
  /** Sum of loss of the solution (LaCAM*'s cost), -1 without one. */
  cost: number;
  /** LaCAM*: whether the search space was exhausted after the solution (it is then optimal). */
  optimal: boolean;
  highNodes: number;
  lowNodes: number;
  iterations: number;
  /** PIBT calls plus refiner expansions (see workLimit). */
  work: number;
  lowerBound: number;
}
