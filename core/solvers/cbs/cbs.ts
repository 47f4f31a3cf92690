/**
 * Conflict-Based Search (Sharon, Stern, Felner and Sturtevant, AIJ 219, 2015, Algorithm 1): a
 * best-first search over constraint trees. A node holds a constraint added to its parent's and
 * every unit's path, each the cheapest under that unit's constraints (lowLevel.ts); its cost is
 * their sum in the `rest` model. The cheapest node whose paths have no conflict is optimal. A node
 * with a conflict between units a and b at (cell, t) gets two children, one forbidding it to a,
 * one to b (for a swap, the move each makes); only the constrained unit is planned again.
 * Ties on f go to the node with fewer pairs of units in conflict over the whole plan (Sharon et
 * al., section 5.2's tie-breaking, counted as Jiaoyang-Li/CBSH2-RTC does; counting only the
 * conflicts at the first conflicting time took twice the nodes on random-32-32-20 with 40 units),
 * and the low level prefers paths with fewer conflicts with the others (its conflict avoidance
 * table), as in the paper's experiments. A node keeps its list of conflicts: a child drops the
 * replanned unit's and adds that unit's new ones (conflicts.ts, conflictsWith). A child's f is at
 * least its parent's (pathmax), and the replanned unit's old cost bounds its new one from below,
 * which spares the low level proving that no cheaper path exists (lowLevel.ts, floor).
 *
 * Improvements, each a switch for ablations: `bypass` (ICBS: a child as cheap as its parent with
 * fewer conflicts lends the parent its path instead of branching), `prioritize` (ICBS):
 * branch on a cardinal conflict first (both units' every optimal path meets there, told by their
 * MDDs, mdd.ts), then a semi-cardinal one, a target conflict first among equals (CBSH2-RTC's
 * order of conflict types); and `heuristic: 'cg'` (CBSH, Felner et al., ICAPS
 * 2018): a node's f is its cost plus a matching of the cardinal conflict graph (each cardinal
 * conflict costs one of its two units at least one more turn; disjoint pairs add up), evaluated
 * when a node is first popped and the node pushed back if its f grew; `heuristic: 'wdg'` (the
 * default; CBSH2's weighted dependency graph, Li et al., IJCAI 2019): each pair of units in
 * conflict weighs what solving the two together (a small CBS under their constraints, memoised)
 * adds to their costs, and h is the minimum weighted vertex cover of those weights
 * (vertexCover.ts); on random-32-32-20 (5 scens, 10 s) it halves the nodes against 'cg' and
 * takes K = 40 from 2.5 s to 1.5 s CPU in all; and `targetReasoning`
 * (Li et al., AIJ 2021): a conflict on a resting unit's goal splits into "it rests later" and
 * "it rests there by then, and no unit stands there from then on", every unit that does planned
 * again in that child (constraintTree.ts, RESTS_BY; restingChild below); and from the same paper `corridor` (two units
 * head-on in a corridor split once on who passes first, corridor.ts) and `rectangle` (two units
 * crossing a rectangle split once with barriers, rectangle.ts), ranked as CBSH2-RTC ranks them:
 * by cardinality, then target, corridor, rectangle, standard. All keep CBS optimal.
 *
 * 4- or 8-connected grids (`steps`: the 8-connected movement's moves, each one turn; diagonal
 * crossings are conflicts too, conflicts.ts; rectangle and corridor reasoning are 4-connected
 * constructions, off there), one-cell units moving a cell a turn. The time limit and cancel are checked
 * every 8 high-level nodes and inside the low level, every 4,096 expansions; a node cap bounds
 * memory. The best lower bound reached (the cost of the cheapest open node) is reported when the
 * search stops without a plan.
 */
import type { Grid } from '../../grid/grid.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import { type LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import { type Conflict, allConflicts, byTime, conflictingPairs, conflictsWith, mergeByTime } from './conflicts.ts';
import { ConflictAvoidanceTable } from './conflictAvoidance.ts';
import { type AgentConstraints, SpaceTimePlanner, emptyConstraints } from './lowLevel.ts';
import { type Mdd, buildMdd, conflictCardinality } from './mdd.ts';
import { type Constraint, RESTS_BY, branch, constraintChainKey, constraintsKey, constraintsOf } from './constraintTree.ts';
import { CorridorReasoning } from './corridor.ts';
import type { SymmetricSplit } from './rectangle.ts';
import { type Classified, type SymmetryContext, classifyConflict } from './symmetry.ts';
import { type WeightedEdge, minimumWeightedVertexCover } from './vertexCover.ts';
import { jointPathExists } from './jointMdd.ts';
import { bypassChild, conflictsWithout, pairConflicts, sumOfLengths, weightsWithout } from './nodeLists.ts';

import type { CbsNode, CbsOptions, CbsResult, CbsStatus } from './cbsTypes.ts';
import { CONFLICT_LIMIT, PAIR_NODES } from './cbsTypes.ts';

export type { CbsOptions, CbsResult, CbsStatus } from './cbsTypes.ts';

/** High-level nodes between two looks at the clock (a power of 2; reading it was 2% of a run). */
const POLL_NODES = 8;

/** Low-level expansions between two looks at the clock. */
const POLL_EVERY = 4096;

export function cbsSearch(grid: Grid, starts: Int32Array, goals: Int32Array, options: CbsOptions): CbsResult {
  const n = starts.length;
  const cells = grid.cells;
  const steps = options.steps ?? null;
  const crossWidth = steps === null ? 0 : grid.width; // conflicts.ts: diagonal crossings counted
  const planner = options.shared?.planner ?? new SpaceTimePlanner(grid, steps);
  const distances = options.shared?.distances ?? new GoalDistances(grid, undefined, steps);
  /** Each unit's distance table, made before the root (see there). */
  const tables: LazyDistanceTable[] = [];
  const open = new BinaryHeap(1024);
  const nodes: CbsNode[] = [];
  let highExpanded = 0;
  let bypasses = 0;
  let rectangleSplits = 0;
  let corridorSplits = 0;
  let stopped: 'timeout' | 'cancelled' | 'memory' | null = null;
  let lowerBound = 0;

  /** Plans unit a under `c`, in budgeted slices so the clock is read every POLL_EVERY expansions. */
  const avoidance = options.shared?.avoidance ?? new ConflictAvoidanceTable(cells, false, crossWidth);
  /** The table every pair's sub-search shares (its own, apart from this search's). */
  let pairAvoidance: ConflictAvoidanceTable | null = null;
  const plan = (a: number, c: AgentConstraints, paths: readonly Int32Array[], floor: number): Int32Array | null | 'stopped' => {
    let cat: ConflictAvoidanceTable | null = null;
    if (n > 1) {
      cat = avoidance;
      cat.load(paths, a);
    }
    // The planner restarts from scratch with a larger budget when one runs out: a doubling
    // schedule keeps the total within twice the work of one unbounded call.
    for (let budget = POLL_EVERY; ; budget *= 2) {
      const path = planner.plan(starts[a], goals[a], tables[a], c, cat, { maxExpansions: budget, floor });
      if (!planner.exhaustedBudget) return path;
      const why = options.shouldStop();
      if (why !== null) {
        stopped = why;
        return 'stopped';
      }
    }
  };

  const push = (node: CbsNode): void => {
    nodes.push(node);
    // f first (cost + h, h counted once evaluated), then fewer conflicts.
    open.push(nodes.length - 1, Math.max(node.floor, node.cost + Math.max(0, node.h)) * 1_048_576 + Math.min(node.conflicts, 1_048_575));
  };
  const mddOf = (node: CbsNode, a: number): Mdd => {
    let mdd = node.mdds[a];
    if (mdd === null) {
      mdd = buildMdd(grid, starts[a], goals[a], node.paths[a].length - 1, tables[a], constraintsOf(node, a, goals[a], cells, options.base?.[a]), planner.constraints, false, steps);
      node.mdds[a] = mdd;
    }
    return mdd;
  };
  const corridors = !options.corridor ? null : options.shared?.corridors ?? new CorridorReasoning(grid);
  // One context for all classifications, pointed at the node classified (closures made per call,
  // each wrapped by tsx to keep its name, were a sixth of a search's time).
  let classified: CbsNode | null = null;
  const symmetry: SymmetryContext = {
    paths: [], goals, width: grid.width, cells, targetReasoning: options.targetReasoning, rectangle: options.rectangle, corridors, table: planner.constraints,
    mdd: (a) => mddOf(classified!, a),
    levels: (a) => buildMdd(grid, starts[a], goals[a], classified!.paths[a].length - 1, tables[a], constraintsOf(classified!, a, goals[a], cells, options.base?.[a]), planner.constraints, true, steps),
    constraints: (a) => constraintsOf(classified!, a, goals[a], cells, options.base?.[a]),
  };
  const classify = (node: CbsNode, conflict: Conflict, r: number, rank: number): Classified => {
    classified = node;
    symmetry.paths = node.paths;
    return classifyConflict(conflict, r, rank, symmetry);
  };
  const cardinality = (node: CbsNode, conflict: Conflict): number => conflictCardinality(mddOf(node, conflict.a), mddOf(node, conflict.b), conflict);
  /** Chooses the conflict to branch on and computes h: the ICBS order and the CBSH matching. */
  const evaluate = (node: CbsNode, weigh = true): void => {
    const needMdds = options.prioritize || options.heuristic !== 'none';
    const all = node.conflictList;
    const conflicts = !needMdds ? [] : all.length > CONFLICT_LIMIT ? all.slice(0, CONFLICT_LIMIT) : all;
    let chosen: Conflict | null = all[0] ?? null;
    let split: SymmetricSplit | null = null;
    let rank = -1;
    const matched = new Uint8Array(n);
    let h = 0;
    for (const conflict of conflicts) {
      let r = cardinality(node, conflict);
      if (options.prioritize) {
        const here = classify(node, conflict, r, rank);
        if (here.rank > rank) {
          rank = here.rank;
          chosen = conflict;
          split = here.split;
        }
        // A cardinal rectangle's two children both cost more, as a cardinal conflict's do.
        if (here.split !== null && here.split.cardinality > r) r = here.split.cardinality;
      }
      if (r === 2 && options.heuristic === 'cg' && matched[conflict.a] === 0 && matched[conflict.b] === 0) {
        matched[conflict.a] = 1;
        matched[conflict.b] = 1;
        h++;
      }
    }
    // Without prioritisation the first conflict is split, by its corridor or rectangle if it has one.
    if (!options.prioritize && chosen !== null && (options.rectangle || options.corridor)) split = classify(node, chosen, cardinality(node, chosen), -1).split;
    node.chosen = chosen;
    node.split = split;
    if (!weigh) return;
    const own = options.heuristic === 'cg' ? h : options.heuristic === 'wdg' ? dependencyBound(node, conflicts) : 0;
    // Pathmax: a child's f is at least its parent's (its plans are a subset of the parent's).
    node.h = own < 0 ? own : Math.max(own, node.floor - node.cost);
  };

  /**
   * CBSH2's WDG heuristic (Li, Felner, Boyarski and Koenig, IJCAI 2019): for each pair of units in
   * conflict, the extra cost of solving the two alone (a CBS on the two under their constraints)
   * over their paths' costs, and the minimum weighted vertex cover of those weights. Every pair in
   * conflict is weighed, as CBSH2-RTC does with rectangle reasoning on; each pair's merged MDDs
   * are searched first (jointMdd.ts), so an independent pair costs no sub-search and a dependent
   * one weighs at least 1. On random-32-32-20 with 50 units weighing every pair took random-3 222
   * nodes and 0.23 s against 497 and 0.38 s for the pairs with a cardinal or semi-cardinal
   * conflict alone (random-4: 460 against 1,060); the merged MDDs then took random-6 from 766
   * nodes to 401. On Standley's 8-connected maps, where a pair's sub-search often stops at its
   * node cap on open ground with nothing proved, the two together solved 47 of 50 sampled
   * instances in 1 s against 37 (one of 13 units: 3 nodes against 4,951).
   */
  const dependencyBound = (node: CbsNode, conflicts: readonly Conflict[]): number => {
    const edges: WeightedEdge[] = [];
    const seen = new Set<number>();
    for (const conflict of conflicts) {
      const a = Math.min(conflict.a, conflict.b);
      const b = Math.max(conflict.a, conflict.b);
      if (seen.has(a * n + b)) continue;
      seen.add(a * n + b);
      let weight = node.pairWeights.get(a * n + b);
      if (weight === undefined) {
        weight = pairDelta(node, a, b);
        if (weight < 0) return -1;
        node.pairWeights.set(a * n + b, weight);
      }
      if (weight > 0) edges.push({ a, b, weight });
    }
    return minimumWeightedVertexCover(edges);
  };
  /** The extra cost of units a and b solved together (memoised by their constraints); -1: stopped. */
  const pairDelta = (node: CbsNode, a: number, b: number): number => {
    // A sub-search's own base constraints are part of its units' constraints (the WDG runs in
    // the top-level search, which has none: its key is then the tree's constraints alone).
    const baseKey = options.base === undefined ? '' : `${constraintsKey(options.base[a])}/${constraintsKey(options.base[b])}|`;
    const key = `${a},${b},${node.paths[a].length},${node.paths[b].length}:${baseKey}${constraintChainKey(node, a, cells)}/${constraintChainKey(node, b, cells)}`;
    const known = pairMemo.get(key);
    if (known !== undefined) return known;
    const ca = constraintsOf(node, a, goals[a], cells, options.base?.[a]);
    const cb = constraintsOf(node, b, goals[b], cells, options.base?.[b]);
    // Their merged MDDs first (jointMdd.ts): a pair that can keep its costs weighs 0 with no
    // sub-search; one that cannot weighs at least 1 whatever the sub-search reaches.
    const levelsOfUnit = (u: number, c: AgentConstraints): Mdd => buildMdd(grid, starts[u], goals[u], node.paths[u].length - 1, tables[u], c, planner.constraints, true, steps);
    const joint = jointPathExists({ mdd: levelsOfUnit(a, ca), constraints: ca }, { mdd: levelsOfUnit(b, cb), constraints: cb }, grid.width, cells, steps?.neighbour ?? null, crossWidth);
    if (joint === true) {
      if (pairMemo.size < 1_000_000) pairMemo.set(key, 0);
      return 0;
    }
    const sub = cbsSearch(grid, Int32Array.of(starts[a], starts[b]), Int32Array.of(goals[a], goals[b]), {
      shouldStop: options.shouldStop, maxNodes: PAIR_NODES, prioritize: true, heuristic: 'cg', bypass: true, targetReasoning: options.targetReasoning, base: [ca, cb],
      rectangle: options.rectangle, corridor: options.corridor, steps: options.steps,
      shared: { planner, distances, avoidance: (pairAvoidance ??= new ConflictAvoidanceTable(cells, false, crossWidth)), corridors },
      initial: { paths: [node.paths[a], node.paths[b]], mdds: [node.mdds[a], node.mdds[b]], conflicts: pairConflicts(node.conflictList, a, b) },
    });
    if (sub.status === 'timeout' || sub.status === 'cancelled') {
      stopped = sub.status;
      return -1;
    }
    // Unsolved within the node cap: its lower bound still bounds the pair's cost from below.
    const together = sub.status === 'solved' ? sub.cost : sub.lowerBound;
    const delta = Math.max(joint === false ? 1 : 0, together - (node.paths[a].length - 1) - (node.paths[b].length - 1));
    if (pairMemo.size < 1_000_000) pairMemo.set(key, delta);
    return delta;
  };
  const pairMemo = new Map<string, number>();

  /**
   * Target reasoning's second child (constraintTree.ts, RESTS_BY): unit `agent` rests on its goal
   * from t on, which its path does already, and every other unit that stands there then is
   * planned again. The other units' constraints changed too (barred from the goal): their MDDs
   * are dropped where they reach t (an MDD ending before t cannot hold the goal from t on).
   * Their pair weights are kept where no unit of the pair was planned again: a weight under
   * fewer constraints still bounds the pair's extra cost from below. False: a dead branch.
   */
  const restingChild = (child: CbsNode, constraint: Constraint): boolean | 'stopped' => {
    const parent = child.parent!;
    const paths = parent.paths.slice();
    const mdds = parent.mdds.slice();
    let weights = parent.pairWeights;
    let replanned = 0;
    for (let u = 0; u < n; u++) {
      if (u === constraint.agent) continue;
      const old = paths[u];
      if (old.length - 1 >= constraint.t) mdds[u] = null;
      let visits = false;
      for (let t = constraint.t; t < old.length && !visits; t++) visits = old[t] === constraint.to;
      if (!visits) continue;
      const path = plan(u, constraintsOf(child, u, goals[u], cells, options.base?.[u]), paths, old.length - 1);
      if (path === 'stopped' || path === null) return path === null ? false : path;
      paths[u] = path;
      mdds[u] = null;
      weights = weightsWithout(weights, u, n);
      replanned++;
    }
    child.paths = paths;
    child.mdds = mdds;
    child.pairWeights = replanned === 0 ? new Map(weights) : weights;
    child.cost = sumOfLengths(paths);
    child.conflictList = replanned === 0 ? parent.conflictList : allConflicts(paths, Infinity, cells, crossWidth).sort(byTime);
    child.conflicts = conflictingPairs(child.conflictList, n);
    return true;
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
  const rootPaths: Int32Array[] = options.initial?.paths.slice() ?? [];
  for (let a = rootPaths.length; a < n; a++) {
    // The root plans every unit, building its distance table on the way: a phase of its own
    // (den520d with 1,000 units: seconds) that the limit bounds too, asked between units.
    const why = options.shouldStop();
    if (why !== null) {
      stopped = why;
      return result('stopped');
    }
    const path = plan(a, options.base?.[a] ?? emptyConstraints(), rootPaths, 0);
    if (path === 'stopped') return result('stopped');
    if (path === null) return result('unsolvable');
    rootPaths.push(path);
  }
  const rootConflicts = options.initial?.conflicts ?? allConflicts(rootPaths, Infinity, cells, crossWidth);
  const root: CbsNode = {
    parent: null, constraint: null, paths: rootPaths, cost: sumOfLengths(rootPaths), conflictList: rootConflicts, conflicts: conflictingPairs(rootConflicts, n),
    mdds: options.initial?.mdds.slice() ?? new Array<Mdd | null>(n).fill(null), pairWeights: new Map(), h: -1, chosen: null, split: null, floor: 0,
  };
  push(root);

  let best: CbsNode | null = null;
  let pops = 0;
  while (open.length > 0) {
    const why = (pops++ & (POLL_NODES - 1)) === 0 ? options.shouldStop() : null;
    if (why !== null) {
      stopped = why;
      break;
    }
    const id = open.pop();
    const node = nodes[id];
    nodes[id] = undefined as unknown as CbsNode; // the open list owned it; its children keep what they need
    if (node.h < 0) {
      evaluate(node);
      if (stopped !== null) break; // a WDG pair search saw the clock run out
      if (node.h > 0) {
        push(node); // its f grew: back in line
        continue;
      }
    }
    lowerBound = Math.max(lowerBound, node.cost + node.h);
    highExpanded++;
    // Expands the node; a bypass gives it a better plan and it is expanded again at once, as
    // CBSH2-RTC does: its f is unchanged (the same constraints and cost: h, which depends on
    // those alone, still holds) so it is still the cheapest open node.
    for (;;) {
      const conflict = node.chosen;
      if (conflict === null) {
        best = node;
        break;
      }
      const children: CbsNode[] = [];
      const split = node.split?.constraints ?? branch(conflict, options.targetReasoning ? { paths: node.paths, goals, restsBy: true } : undefined);
      for (const constraint of split) {
        if (nodes.length - highExpanded >= options.maxNodes) {
          stopped = 'memory';
          break;
        }
        const a = constraint.agent;
        const child: CbsNode = { parent: node, constraint, paths: node.paths, cost: 0, conflictList: [], conflicts: 0, mdds: node.mdds, pairWeights: node.pairWeights, h: -1, chosen: null, split: null, floor: node.cost + node.h };
        if (constraint.from === RESTS_BY) {
          const made = restingChild(child, constraint);
          if (made === 'stopped') break;
          if (made) children.push(child);
          continue;
        }
        const path = plan(a, constraintsOf(child, a, goals[a], cells, options.base?.[a]), node.paths, node.paths[a].length - 1);
        if (path === 'stopped') break;
        if (path === null) continue; // no path for a under these constraints: a dead branch
        child.paths = node.paths.slice();
        child.paths[a] = path;
        child.mdds = node.mdds.slice();
        child.mdds[a] = null;
        child.pairWeights = weightsWithout(node.pairWeights, a, n);
        child.cost = node.cost - (node.paths[a].length - 1) + (path.length - 1);
        const fresh: Conflict[] = [];
        conflictsWith(child.paths, a, fresh, crossWidth);
        const list = mergeByTime(conflictsWithout(node.conflictList, a), fresh);
        child.conflictList = list;
        child.conflicts = conflictingPairs(list, n);
        children.push(child);
      }
      if (stopped !== null) break;
      const helper = options.bypass ? bypassChild(node, children) : null;
      if (helper === null) {
        if (node.split?.kind === 'rectangle') rectangleSplits++;
        else if (node.split?.kind === 'corridor') corridorSplits++;
        for (const child of children) push(child);
        break;
      }
      // Bypass: the node takes the child's path (it obeys the node's constraints too); no
      // branching, so the tree does not grow for this conflict.
      node.paths = helper.paths;
      node.mdds = helper.mdds;
      node.conflictList = helper.conflictList;
      node.conflicts = helper.conflicts;
      bypasses++;
      evaluate(node, false);
    }
    if (best !== null || stopped !== null) break;
  }
  if (best !== null) return result('solved', best);
  return result(stopped !== null ? 'stopped' : 'unsolvable');

  function result(how: 'solved' | 'unsolvable' | 'stopped', node?: CbsNode): CbsResult {
    const status: CbsStatus = how === 'stopped' ? stopped! : how;
    const generated = nodes.length;
    return {
      status,
      paths: node ? node.paths : [],
      cost: node ? node.cost : -1,
      lowerBound: node ? node.cost : lowerBound,
      highExpanded,
      highGenerated: generated,
      lowExpanded: planner.totalExpanded,
      bypasses,
      rectangleSplits,
      corridorSplits,
    };
  }
}
