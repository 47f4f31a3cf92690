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
import { BinaryHeap } from '../../search/binaryHeap.ts';
import { type LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import { type Conflict, allConflicts, conflictingPairs, conflictsWith, isTargetConflict, mergeByTime } from './conflicts.ts';
import { ConflictAvoidanceTable } from './conflictAvoidance.ts';
import { type Constraint, branch, constraintsOf } from './constraintTree.ts';
import { FocalPlanner, type FocalPath } from './focalLowLevel.ts';
import { pollingLimits } from './lowLevel.ts';
import { type AgentConstraints, emptyConstraints } from './agentConstraints.ts';
import type { CbsResult } from './cbsTypes.ts';
import { type Mdd, buildMdd, conflictForces } from './mdd.ts';

interface EecbsNode {
  parent: EecbsNode | null;
  constraint: Constraint | null;
  paths: Int32Array[];
  /** Each unit's lower bound (f_min of its focal search). */
  bounds: Int32Array;
  cost: number;
  lb: number;
  /** Every conflict among the paths, earliest first. */
  conflictList: Conflict[];
  /** Distance to go: the number of pairs of units in conflict. */
  d: number;
  costToGo: number;
  /** Each unit's MDD at its path's cost, shared with the parent for the units not replanned. */
  mdds: (Mdd | null)[];
  closed: boolean;
}

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

/** Priority packing: a key times this plus a tie-break below it (keys stay under 2^26). */
const SHIFT = 67_108_864;

export function eecbsSearch(grid: Grid, starts: Int32Array, goals: Int32Array, options: EecbsOptions): EecbsResult {
  const n = starts.length;
  const cells = grid.cells;
  const w = options.w;
  const planner = new FocalPlanner(grid);
  const distances = new GoalDistances(grid);
  /** Each unit's distance table, made before the root (see there). */
  const tables: LazyDistanceTable[] = [];
  const nodes: EecbsNode[] = [];
  const cleanup = new BinaryHeap();
  const open = new BinaryHeap();
  const focal = new BinaryHeap();
  let fHatMin = -1;
  let lowerBound = 0;
  let highExpanded = 0;
  let bypasses = 0;
  let stopped: 'timeout' | 'cancelled' | 'memory' | null = null;
  // The online estimate of h^ (EECBS's global one-step errors).
  let errors = 0;
  let sumDistanceErrors = 0;
  let sumCostErrors = 0;

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
  const estimate = (node: EecbsNode): void => {
    if (errors < 1) {
      node.costToGo = Math.max(0, node.lb - node.cost);
      return;
    }
    const c = errors <= sumDistanceErrors ? (sumCostErrors / errors) * 10 : sumCostErrors / (errors - sumDistanceErrors);
    node.costToGo = Math.max(0, Math.floor(node.d * c));
  };
  const fHat = (node: EecbsNode): number => node.cost + node.costToGo;
  const push = (node: EecbsNode): number => {
    const id = nodes.length;
    nodes.push(node);
    const f = fHat(node);
    cleanup.push(id, node.lb * SHIFT + Math.min(node.d, SHIFT - 1));
    open.push(id, f * SHIFT + Math.min(node.lb, SHIFT - 1));
    if (fHatMin >= 0 && f <= w * fHatMin) pushFocal(id);
    return id;
  };
  const pushFocal = (id: number): void => {
    const node = nodes[id];
    focal.push(id, node.d * SHIFT + Math.min(node.lb, SHIFT - 1));
  };
  const top = (heap: BinaryHeap): number => {
    while (heap.length > 0 && nodes[heap.ids[0]].closed) heap.pop();
    return heap.length > 0 ? heap.ids[0] : -1;
  };
  /** Whether the last node select() took came from CLEANUP. */
  let fromCleanup = false;
  /** EES's choice (ECBS::selectNode, EES case); -1 when every list is empty. */
  const select = (): number => {
    const cleanupTop = top(cleanup);
    if (cleanupTop < 0) return -1;
    const openTop = top(open);
    const least = fHat(nodes[openTop]);
    if (least !== fHatMin) {
      fHatMin = least;
      focal.clear();
      for (let k = 0; k < open.length; k++) {
        const id = open.ids[k];
        if (!nodes[id].closed && fHat(nodes[id]) <= w * fHatMin) pushFocal(id);
      }
    }
    lowerBound = Math.max(lowerBound, nodes[cleanupTop].lb);
    fromCleanup = false;
    const focalTop = top(focal);
    if (focalTop >= 0 && nodes[focalTop].cost <= w * lowerBound) return focalTop;
    if (nodes[openTop].cost <= w * lowerBound) return openTop;
    fromCleanup = true;
    return cleanupTop;
  };
  const mddOf = (node: EecbsNode, a: number): Mdd => {
    let mdd = node.mdds[a];
    if (mdd === null) {
      mdd = buildMdd(grid, starts[a], goals[a], node.paths[a].length - 1, tables[a], constraintsOf(node, a, goals[a], cells), planner.constraints);
      node.mdds[a] = mdd;
    }
    return mdd;
  };
  /**
   * ECBS::chooseConflict over the node's conflicts: cardinal, semi-cardinal, non-cardinal,
   * unknown (neither path at its unit's bound: no MDD is built for it); a target conflict first
   * among equals; then the earliest (the list's order).
   */
  const choose = (node: EecbsNode, classifyAll: boolean): Conflict => {
    const list = node.conflictList;
    let chosen = list[0];
    if (!options.prioritize && !options.targetReasoning) return chosen;
    let rank = -1;
    for (const conflict of list) {
      const a = conflict.a;
      const b = conflict.b;
      let priority = 0;
      if (options.prioritize && (classifyAll || node.paths[a].length - 1 === node.bounds[a] || node.paths[b].length - 1 === node.bounds[b])) {
        const forcedA = conflictForces(mddOf(node, a), conflict, true);
        const forcedB = conflictForces(mddOf(node, b), conflict, false);
        priority = forcedA && forcedB ? 3 : forcedA || forcedB ? 2 : 1;
      }
      const target = options.targetReasoning && conflict.kind === 'vertex' && isTargetConflict(node.paths, goals, conflict) ? 1 : 0;
      if (2 * priority + target > rank) {
        rank = 2 * priority + target;
        chosen = conflict;
        if (rank === 7) break;
      }
    }
    return chosen;
  };

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
  estimate(root);
  push(root);

  for (;;) {
    const why = options.shouldStop();
    if (why !== null) {
      stopped = why;
      break;
    }
    const id = select();
    if (id < 0) break;
    const node = nodes[id];
    node.closed = true;
    if (node.conflictList.length === 0) return result('solved', node);
    highExpanded++;
    const mayBypass = options.bypass && !fromCleanup;
    // Expands the node; a bypass gives it a better plan and it is expanded again at once, as
    // ECBS.cpp does (its constraints, bounds and LB are unchanged).
    for (;;) {
      const children: EecbsNode[] = [];
      let bypassed = false;
      for (const constraint of branch(choose(node, fromCleanup), options.targetReasoning ? { paths: node.paths, goals } : undefined)) {
        if (nodes.length - highExpanded >= options.maxNodes) {
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
        estimate(child);
        if (mayBypass && child.cost <= w * lowerBound && child.d < node.d && found.path.length - 1 <= w * node.bounds[a]) {
          // Bypass: the node, with its constraints and bounds, takes the child's path (unit a's
          // MDD, null in the child, is built again under the node's constraints if asked).
          node.paths = child.paths;
          node.cost = child.cost;
          node.conflictList = child.conflictList;
          node.d = child.d;
          node.mdds = child.mdds;
          estimate(node);
          bypasses++;
          bypassed = true;
          break;
        }
        children.push(child);
      }
      if (stopped !== null) break;
      if (!bypassed) {
        for (const child of children) push(child);
        if (children.length > 0) learn(node, children);
        break;
      }
      if (node.conflictList.length === 0) return result('solved', node); // cost <= w x LB: bypass's test
      const why = options.shouldStop();
      if (why !== null) {
        stopped = why;
        break;
      }
    }
    if (stopped !== null) break;
  }
  return result(stopped !== null ? 'stopped' : 'unsolvable');

  /** EECBS's global one-step errors, from the best child (least f^, then least d). */
  function learn(node: EecbsNode, children: readonly EecbsNode[]): void {
    let best = children[0];
    for (const child of children) if (fHat(child) < fHat(best) || (fHat(child) === fHat(best) && child.d < best.d)) best = child;
    errors++;
    sumDistanceErrors += 1 + best.d - node.d;
    sumCostErrors += best.cost - node.cost;
  }

  function result(how: 'solved' | 'unsolvable' | 'stopped', node?: EecbsNode): EecbsResult {
    return {
      status: how === 'stopped' ? stopped! : how,
      paths: node ? node.paths : [],
      cost: node ? node.cost : -1,
      lowerBound,
      highExpanded,
      highGenerated: nodes.length,
      lowExpanded: planner.totalExpanded,
      bypasses,
    };
  }
}

function sumOfLengths(paths: readonly Int32Array[]): number {
  let sum = 0;
  for (const p of paths) sum += p.length - 1;
  return sum;
}
