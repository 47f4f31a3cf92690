/**
 * CBSH2's WDG heuristic (Li, Felner, Boyarski and Koenig, "Improved Heuristics for Multi-Agent
 * Path Finding with Conflict-Based Search", IJCAI 2019) for CBS (cbs.ts): for each pair of units
 * in conflict, the extra cost of solving the two alone (a CBS on the two under their
 * constraints) over their paths' costs, and the minimum weighted vertex cover of those weights
 * (vertexCover.ts). Every pair in conflict is weighed, as CBSH2-RTC does with rectangle reasoning
 * on; each pair's merged MDDs are searched first (jointMdd.ts), so an independent pair costs no
 * sub-search and a dependent one weighs at least 1. On random-32-32-20 with 50 units weighing
 * every pair took random-3 222 nodes and 0.23 s against 497 and 0.38 s for the pairs with a
 * cardinal or semi-cardinal conflict alone (random-4: 460 against 1,060); the merged MDDs then
 * took random-6 from 766 nodes to 401. On Standley's 8-connected maps, where a pair's sub-search
 * often stops at its node cap on open ground with nothing proved, the two together solved 47 of
 * 50 sampled instances in 1 s against 37 (one of 13 units: 3 nodes against 4,951).
 */
import type { Grid } from '../../grid/grid.ts';
import type { Conflict } from './conflicts.ts';
import { ConflictAvoidanceTable } from './conflictAvoidance.ts';
import type { AgentConstraints } from './agentConstraints.ts';
import { type Mdd, buildMdd } from './mdd.ts';
import { constraintChainKey, constraintsKey } from './constraintTree.ts';
import type { CorridorReasoning } from './corridor.ts';
import { type WeightedEdge, minimumWeightedVertexCover } from './vertexCover.ts';
import { jointPathExists } from './jointMdd.ts';
import { pairConflicts } from './nodeLists.ts';
import type { CbsSearchState } from './searchState.ts';
import type { CbsNode, CbsOptions, CbsResult } from './cbsTypes.ts';
import { PAIR_NODES } from './cbsTypes.ts';

/** A pair's sub-search: cbs.ts's cbsSearch, passed in (this file is imported by it). */
export type PairSearch = (grid: Grid, starts: Int32Array, goals: Int32Array, options: CbsOptions) => CbsResult;

/** Pair weights memoised at most (by the pair, their costs and their constraints). */
const MEMO_LIMIT = 1_000_000;

/**
 * Units' MDDs with levels kept for the merged-MDD test, by unit, cost and constraints (a few kB
 * each on a 32 x 32 map): on random-32-32-20 random-1 with 40 units the test built 452 of them,
 * 230 distinct (a unit in conflict with two others in one node, a pair weighed again in a child
 * that replanned neither unit's constraints away). Emptied when full.
 */
const LEVELS_LIMIT = 16_384;

export class DependencyGraph {
  private readonly memo = new Map<string, number>();
  private readonly levelsMemo = new Map<string, Mdd>();
  /** The table every pair's sub-search shares (its own, apart from this search's). */
  private pairAvoidance: ConflictAvoidanceTable | null = null;

  constructor(
    private readonly s: CbsSearchState,
    private readonly corridors: CorridorReasoning | null,
    private readonly search: PairSearch,
  ) {}

  /** The node's h: the cover of its pairs' weights (memoised in the node); -1: the search stopped. */
  bound(node: CbsNode, conflicts: readonly Conflict[]): number {
    const n = this.s.n;
    const edges: WeightedEdge[] = [];
    const seen = new Set<number>();
    for (const conflict of conflicts) {
      const a = Math.min(conflict.a, conflict.b);
      const b = Math.max(conflict.a, conflict.b);
      if (seen.has(a * n + b)) continue;
      seen.add(a * n + b);
      let weight = node.pairWeights.get(a * n + b);
      if (weight === undefined) {
        weight = this.pairDelta(node, a, b);
        if (weight < 0) return -1;
        node.pairWeights.set(a * n + b, weight);
      }
      if (weight > 0) edges.push({ a, b, weight });
    }
    return minimumWeightedVertexCover(edges);
  }

  /** The extra cost of units a and b solved together (memoised by their constraints); -1: stopped. */
  private pairDelta(node: CbsNode, a: number, b: number): number {
    const s = this.s;
    const options = s.options;
    const cells = s.cells;
    // A sub-search's own base constraints are part of its units' constraints (the WDG runs in
    // the top-level search, which has none: its key is then the tree's constraints alone).
    const baseKey = options.base === undefined ? '' : `${constraintsKey(options.base[a])}/${constraintsKey(options.base[b])}|`;
    const chainA = constraintChainKey(node, a, cells);
    const chainB = constraintChainKey(node, b, cells);
    const key = `${a},${b},${node.paths[a].length},${node.paths[b].length}:${baseKey}${chainA}/${chainB}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const ca = s.constraintsOf(node, a);
    const cb = s.constraintsOf(node, b);
    // Their merged MDDs first (jointMdd.ts): a pair that can keep its costs weighs 0 with no
    // sub-search; one that cannot weighs at least 1 whatever the sub-search reaches.
    const mddA = this.levels(node, a, ca, options.base === undefined ? chainA : `${constraintsKey(options.base[a])}|${chainA}`);
    const mddB = this.levels(node, b, cb, options.base === undefined ? chainB : `${constraintsKey(options.base[b])}|${chainB}`);
    const joint = jointPathExists({ mdd: mddA, constraints: ca }, { mdd: mddB, constraints: cb }, s.grid.width, cells, s.steps?.neighbour ?? null, s.crossWidth);
    if (joint === true) {
      if (this.memo.size < MEMO_LIMIT) this.memo.set(key, 0);
      return 0;
    }
    const sub = this.search(s.grid, Int32Array.of(s.starts[a], s.starts[b]), Int32Array.of(s.goals[a], s.goals[b]), {
      shouldStop: options.shouldStop, maxNodes: PAIR_NODES, prioritize: true, heuristic: 'cg', bypass: true, targetReasoning: options.targetReasoning, base: [ca, cb],
      rectangle: options.rectangle, corridor: options.corridor, steps: options.steps,
      shared: { planner: s.planner, distances: s.distances, avoidance: (this.pairAvoidance ??= new ConflictAvoidanceTable(cells, false, s.crossWidth)), corridors: this.corridors },
      initial: { paths: [node.paths[a], node.paths[b]], mdds: [node.mdds[a], node.mdds[b]], conflicts: pairConflicts(node.conflictList, a, b) },
    });
    if (sub.status === 'timeout' || sub.status === 'cancelled') {
      s.stopped = sub.status;
      return -1;
    }
    // Unsolved within the node cap: its lower bound still bounds the pair's cost from below.
    const together = sub.status === 'solved' ? sub.cost : sub.lowerBound;
    const delta = Math.max(joint === false ? 1 : 0, together - (node.paths[a].length - 1) - (node.paths[b].length - 1));
    if (this.memo.size < MEMO_LIMIT) this.memo.set(key, delta);
    return delta;
  }

  /**
   * Unit u's MDD with its levels (buildMdd's keepLevels) at its cost in `node` under `c`, which
   * `constraintsKey` names, for the merged-MDD test; the test only reads it.
   */
  private levels(node: CbsNode, u: number, c: AgentConstraints, constraintsKey: string): Mdd {
    const s = this.s;
    const cost = node.paths[u].length - 1;
    const key = `${u},${cost}:${constraintsKey}`;
    let mdd = this.levelsMemo.get(key);
    if (mdd === undefined) {
      mdd = buildMdd(s.grid, s.starts[u], s.goals[u], cost, s.tables[u], c, s.planner.constraints, true, s.steps);
      if (this.levelsMemo.size >= LEVELS_LIMIT) this.levelsMemo.clear();
      this.levelsMemo.set(key, mdd);
    }
    return mdd;
  }
}
