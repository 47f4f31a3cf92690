/**
 * Explicit Estimation CBS (Li, Ruml and Koenig, "EECBS: A Bounded-Suboptimal Search for
 * Multi-Agent Path Finding", AAAI 2021; Jiaoyang-Li/EECBS ECBS.cpp and CBSHeuristic.cpp). A
 * plan costing at most w times the optimal sum of costs (`rest` model).
 *
 * The low level is focal search (focalLowLevel.ts): each unit's path costs at most w times its
 * own lower bound, and a node's lower bound LB is the sum of its units' bounds. The high level is
 * Explicit Estimation Search over three lists of the same nodes:
 * - CLEANUP by LB: its head gives the proved lower bound on the optimal cost;
 * - OPEN by f^ = cost + h^, where h^ estimates the cost still to add from d (the node's number of
 *   conflicts), corrected online from one-step errors (the paper's "global" errors: per expanded
 *   node, the best child's cost growth and conflict change);
 * - FOCAL: the OPEN nodes with f^ <= w x (least f^), fewest conflicts first.
 * Each expansion takes FOCAL's head if its cost is within w x LB, else OPEN's head if within,
 * else CLEANUP's head (which raises LB). A node without conflicts is a plan within w x LB. Bypass
 * (EECBS's Bypass1): a child within the bound with fewer conflicts, whose new path stays within w
 * of the unit's bound, lends the node its path instead of branching.
 *
 * Target reasoning as in cbs (constraintTree.ts). Not taken here: the WDG heuristic (EECBS's
 * default admissible h at CLEANUP; here h = 0), rectangle and corridor reasoning.
 * 4-connected grids, one-cell units.
 */
import type { Grid } from '../../grid/grid.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import { GoalDistances, type LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { type Conflict, allConflicts } from './conflicts.ts';
import { ConflictAvoidanceTable } from './conflictAvoidance.ts';
import { type Constraint, branch, constraintsOf } from './constraintTree.ts';
import { FocalPlanner, type FocalPath } from './focalLowLevel.ts';
import { type AgentConstraints, emptyConstraints } from './lowLevel.ts';

interface EecbsNode {
  parent: EecbsNode | null;
  constraint: Constraint | null;
  paths: Int32Array[];
  /** Each unit's lower bound (f_min of its focal search). */
  bounds: Int32Array;
  cost: number;
  lb: number;
  /** Distance to go: the number of conflicts (up to CONFLICT_LIMIT). */
  d: number;
  costToGo: number;
  conflict: Conflict | null;
  closed: boolean;
}

export interface EecbsOptions {
  w: number;
  shouldStop: () => 'timeout' | 'cancelled' | null;
  maxNodes: number;
  bypass: boolean;
  /** Target reasoning (constraintTree.ts, branch). */
  targetReasoning: boolean;
}

export interface EecbsResult {
  status: 'solved' | 'unsolvable' | 'timeout' | 'cancelled' | 'memory';
  paths: Int32Array[];
  cost: number;
  lowerBound: number;
  highExpanded: number;
  highGenerated: number;
  lowExpanded: number;
  bypasses: number;
}

const CONFLICT_LIMIT = 100_000;
const POLL_EVERY = 4096;
/** Priority packing: a key times this plus a tie-break below it (keys stay under 2^26). */
const SHIFT = 67_108_864;

export function eecbsSearch(grid: Grid, starts: Int32Array, goals: Int32Array, options: EecbsOptions): EecbsResult {
  const n = starts.length;
  const cells = grid.cells;
  const w = options.w;
  const planner = new FocalPlanner(grid);
  const distances = new GoalDistances(grid);
  const tables: LazyDistanceTable[] = Array.from(goals, (g) => distances.table(g));
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

  const avoidance = new ConflictAvoidanceTable(cells);
  const plan = (a: number, c: AgentConstraints, paths: readonly Int32Array[], floor: number): FocalPath | null | 'stopped' => {
    let cat: ConflictAvoidanceTable | null = null;
    if (n > 1) {
      cat = avoidance;
      cat.load(paths, a);
    }
    for (let budget = POLL_EVERY; ; budget *= 2) {
      const found = planner.plan(starts[a], goals[a], tables[a], c, cat, w, floor, { maxExpansions: budget });
      if (!planner.exhaustedBudget) return found;
      const why = options.shouldStop();
      if (why !== null) {
        stopped = why;
        return 'stopped';
      }
    }
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
  const finish = (node: EecbsNode): void => {
    const conflicts = allConflicts(node.paths, CONFLICT_LIMIT, cells, false);
    node.d = conflicts.length;
    node.conflict = conflicts[0] ?? null;
    estimate(node);
  };
  const push = (node: EecbsNode): number => {
    const id = nodes.length;
    nodes.push(node);
    const f = fHat(node);
    cleanup.push(id, node.lb * SHIFT + Math.min(f, SHIFT - 1));
    open.push(id, f * SHIFT + Math.min(node.d, SHIFT - 1));
    if (fHatMin >= 0 && f <= w * fHatMin) pushFocal(id);
    return id;
  };
  const pushFocal = (id: number): void => {
    const node = nodes[id];
    focal.push(id, node.d * SHIFT + Math.min(fHat(node), SHIFT - 1));
  };
  const top = (heap: BinaryHeap): number => {
    while (heap.length > 0 && nodes[heap.ids[0]].closed) heap.pop();
    return heap.length > 0 ? heap.ids[0] : -1;
  };
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
    const focalTop = top(focal);
    if (focalTop >= 0 && nodes[focalTop].cost <= w * lowerBound) return focalTop;
    if (nodes[openTop].cost <= w * lowerBound) return openTop;
    return cleanupTop;
  };

  const rootPaths: Int32Array[] = [];
  const rootBounds = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    const found = plan(a, emptyConstraints(), rootPaths, 0);
    if (found === 'stopped') return result('stopped');
    if (found === null) return result('unsolvable');
    rootPaths.push(found.path);
    rootBounds[a] = found.lowerBound;
  }
  const root: EecbsNode = {
    parent: null, constraint: null, paths: rootPaths, bounds: rootBounds, cost: sumOfLengths(rootPaths),
    lb: rootBounds.reduce((s, b) => s + b, 0), d: 0, costToGo: 0, conflict: null, closed: false,
  };
  finish(root);
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
    if (node.conflict === null) return result('solved', node);
    highExpanded++;
    const children: EecbsNode[] = [];
    let bypassed = false;
    for (const constraint of branch(node.conflict, options.targetReasoning ? { paths: node.paths, goals } : undefined)) {
      if (nodes.length - highExpanded >= options.maxNodes) {
        stopped = 'memory';
        break;
      }
      const a = constraint.agent;
      const child: EecbsNode = {
        parent: node, constraint, paths: node.paths, bounds: node.bounds, cost: 0, lb: 0, d: 0, costToGo: 0, conflict: null, closed: false,
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
      finish(child);
      if (options.bypass && child.cost <= w * lowerBound && child.d < node.d && found.path.length - 1 <= w * node.bounds[a]) {
        // Bypass: the node, with its constraints and bounds, takes the child's path and goes back
        // on the lists as a new entry (the old one stays closed).
        const again: EecbsNode = { ...node, paths: child.paths, cost: child.cost, closed: false };
        finish(again);
        push(again);
        bypasses++;
        bypassed = true;
        break;
      }
      children.push(child);
    }
    if (stopped !== null) break;
    if (bypassed) continue;
    for (const child of children) push(child);
    if (children.length > 0) learn(node, children);
  }
  return result(stopped !== null ? 'stopped' : 'unsolvable');

  /** EECBS's global one-step errors, from the best child (least f^, then fewest conflicts). */
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
