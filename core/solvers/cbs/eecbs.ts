/**
 * Explicit Estimation CBS (Li, Ruml and Koenig, "EECBS: A Bounded-Suboptimal Search for Multi-Agent
 * Path Finding", AAAI 2021; after Jiaoyang-Li/EECBS's ECBS.cpp): a plan costing at most w times
 * the optimal sum of costs (`rest` model). The low level is focal search (focalLowLevel.ts); the
 * high level is Explicit Estimation Search over CLEANUP (by lower bound), OPEN (by the estimate
 * f^) and FOCAL (within w of OPEN's best, fewest conflicts first). Prioritisation, bypass and
 * target reasoning as in CBS; 4-connected grids, one-cell units. The three lists, the online
 * correction of h^ and what is not taken: README.md.
 */
import type { Grid } from '../../grid/grid.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import { type Conflict, allConflicts, conflictingPairs, conflictsWith, mergeByTime } from './conflicts.ts';
import { ConflictAvoidanceTable } from './conflictAvoidance.ts';
import { branch, constraintsOf } from './constraintTree.ts';
import { FocalPlanner, type FocalPath } from './focalLowLevel.ts';
import { pollingLimits } from './lowLevel.ts';
import { type AgentConstraints, emptyConstraints } from './agentConstraints.ts';
import type { CbsResult } from './cbsTypes.ts';
import type { Mdd } from './mdd.ts';
import type { EecbsNode } from './eecbsNode.ts';
import { ExplicitEstimationLists } from './eesLists.ts';
import { EecbsConflictChoice } from './eecbsConflictChoice.ts';

export interface EecbsOptions {
  w: number;
  shouldStop: () => 'timeout' | 'cancelled' | null;
  maxNodes: number;
  bypass: boolean;
  /** Target reasoning (constraintTree.ts, branch). */
  targetReasoning: boolean;
  /** Branch on cardinal, then semi-cardinal conflicts first (ECBS's conflict selection). */
  prioritize: boolean;
}

/** CBS's result without the split counts: EECBS reasons about neither rectangles nor corridors. */
export type EecbsResult = Omit<CbsResult, 'rectangleSplits' | 'corridorSplits'>;

export function eecbsSearch(grid: Grid, starts: Int32Array, goals: Int32Array, options: EecbsOptions): EecbsResult {
  const n = starts.length;
  const cells = grid.cells;
  const w = options.w;
  const planner = new FocalPlanner(grid);
  const distances = new GoalDistances(grid);
  /** Each unit's distance table, made before the root (see there). */
  const tables: LazyDistanceTable[] = [];
  const lists = new ExplicitEstimationLists(w);
  const choice = new EecbsConflictChoice(grid, starts, goals, tables, planner.constraints, options.prioritize, options.targetReasoning);
  let highExpanded = 0;
  let bypasses = 0;
  let stopped: 'timeout' | 'cancelled' | 'memory' | null = null;

  const avoidance = new ConflictAvoidanceTable(cells, true); // swaps counted (conflictAvoidance.ts)
  // The low level reads the clock every POLL_EVERY expansions and goes on where it stands.
  const limits = pollingLimits(() => options.shouldStop(), (why) => {
    stopped = why;
  });
  const plan = (a: number, c: AgentConstraints, paths: readonly Int32Array[], floor: number): FocalPath | null | 'stopped' => {
    let cat: ConflictAvoidanceTable | null = null;
    if (n > 1) {
      cat = avoidance;
      cat.load(paths, a);
    }
    const found = planner.plan(starts[a], goals[a], tables[a], c, cat, w, floor, limits);
    return planner.exhaustedBudget ? 'stopped' : found;
  };
  const result = (how: 'solved' | 'unsolvable' | 'stopped', node?: EecbsNode): EecbsResult => ({
    status: how === 'stopped' ? stopped! : how,
    paths: node ? node.paths : [],
    cost: node ? node.cost : -1,
    lowerBound: lists.lowerBound,
    highExpanded,
    highGenerated: lists.nodes.length,
    lowExpanded: planner.totalExpanded,
    bypasses,
  });

  // Each table is a map-sized array (1,000 units on den520d: 130 MB, 0.15 s of CPU to make):
  // made between looks at the clock, like the root's plans below.
  for (let a = 0; a < n; a++) {
    if ((a & 31) === 0) {
      const why = options.shouldStop();
      if (why !== null) {
        stopped = why;
        return result('stopped');
      }
    }
    tables.push(distances.table(goals[a]));
  }
  const rootPaths: Int32Array[] = [];
  const rootBounds = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    // The root plans every unit (and builds its distance table): bounded by the limit too.
    const why = options.shouldStop();
    if (why !== null) {
      stopped = why;
      return result('stopped');
    }
    const found = plan(a, emptyConstraints(), rootPaths, 0);
    if (found === 'stopped') return result('stopped');
    if (found === null) return result('unsolvable');
    rootPaths.push(found.path);
    rootBounds[a] = found.lowerBound;
  }
  const rootConflicts = allConflicts(rootPaths, Infinity, cells);
  const root: EecbsNode = {
    parent: null, constraint: null, paths: rootPaths, bounds: rootBounds, cost: sumOfLengths(rootPaths), lb: rootBounds.reduce((s, b) => s + b, 0),
    conflictList: rootConflicts, d: conflictingPairs(rootConflicts, n), costToGo: 0, mdds: new Array<Mdd | null>(n).fill(null), closed: false,
  };
  lists.estimate(root);
  lists.push(root);

  /**
   * Node's children, one per constraint of its conflict's split, each with its unit replanned;
   * or 'bypassed' when a child within w x LB with a smaller d, whose new path stays within w of
   * the unit's bound, lent the node its path (EECBS's Bypass1; not for a node from CLEANUP).
   */
  const expand = (node: EecbsNode, mayBypass: boolean): EecbsNode[] | 'bypassed' => {
    const children: EecbsNode[] = [];
    for (const constraint of branch(choice.choose(node, lists.fromCleanup), options.targetReasoning ? { paths: node.paths, goals } : undefined)) {
      if (lists.nodes.length - highExpanded >= options.maxNodes) {
        stopped = 'memory';
        break;
      }
      const a = constraint.agent;
      const child: EecbsNode = {
        parent: node, constraint, paths: node.paths, bounds: node.bounds, cost: 0, lb: 0, conflictList: [], d: 0, costToGo: 0, mdds: node.mdds, closed: false,
      };
      const found = plan(a, constraintsOf(child, a, goals[a], cells), node.paths, node.bounds[a]);
      if (found === 'stopped') break;
      if (found === null) continue;
      child.paths = node.paths.slice();
      child.paths[a] = found.path;
      child.bounds = node.bounds.slice();
      child.bounds[a] = found.lowerBound;
      child.cost = node.cost - (node.paths[a].length - 1) + (found.path.length - 1);
      child.lb = node.lb - node.bounds[a] + found.lowerBound;
      const fresh: Conflict[] = [];
      // The table still holds every other unit's path from planning a.
      conflictsWith(child.paths, a, fresh, 0, n > 1 ? avoidance : undefined);
      child.conflictList = mergeByTime(node.conflictList.filter((k) => k.a !== a && k.b !== a), fresh);
      child.d = conflictingPairs(child.conflictList, n);
      child.mdds = node.mdds.slice();
      child.mdds[a] = null;
      lists.estimate(child);
      if (mayBypass && child.cost <= w * lists.lowerBound && child.d < node.d && found.path.length - 1 <= w * node.bounds[a]) {
        // The node, with its constraints and bounds, takes the child's path (unit a's MDD, null
        // in the child, is built again under the node's constraints if asked).
        node.paths = child.paths;
        node.cost = child.cost;
        node.conflictList = child.conflictList;
        node.d = child.d;
        node.mdds = child.mdds;
        lists.estimate(node);
        bypasses++;
        return 'bypassed';
      }
      children.push(child);
    }
    return children;
  };

  for (;;) {
    const why = options.shouldStop();
    if (why !== null) {
      stopped = why;
      break;
    }
    const id = lists.select();
    if (id < 0) break;
    const node = lists.nodes[id];
    node.closed = true;
    if (node.conflictList.length === 0) return result('solved', node);
    highExpanded++;
    const mayBypass = options.bypass && !lists.fromCleanup;
    // A bypass gives the node a better plan and it is expanded again at once, as ECBS.cpp does
    // (its constraints, bounds and LB are unchanged).
    for (;;) {
      const children = expand(node, mayBypass);
      if (stopped !== null) break;
      if (children !== 'bypassed') {
        for (const child of children) lists.push(child);
        if (children.length > 0) lists.learn(node, children);
        break;
      }
      if (node.conflictList.length === 0) return result('solved', node); // cost <= w x LB: bypass's test
      const again = options.shouldStop();
      if (again !== null) {
        stopped = again;
        break;
      }
    }
    if (stopped !== null) break;
  }
  return result(stopped !== null ? 'stopped' : 'unsolvable');
}

function sumOfLengths(paths: readonly Int32Array[]): number {
  let sum = 0;
  for (const p of paths) sum += p.length - 1;
  return sum;
}
