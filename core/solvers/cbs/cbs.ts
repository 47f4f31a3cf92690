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
 * again in that child (constraintTree.ts, RESTS_BY; nodeExpansion.ts, restingChild); and from the same paper `corridor` (two units
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
 *
 * Small instances are bound by V8's start, not by the search: random-32-32-20 random-6 with 40
 * units (2 high-level nodes) takes 33-56 ms of thread CPU in a fresh process and 4-8 ms once its
 * code is optimized (cbsh2-rtc: 6 ms, and 9 ms of distance tables before its clock). Its
 * optimizing compiles (TurboFan, on a helper thread: 45 ms of CPU there when forced onto the
 * solving thread) mostly land after such a run ends; with TurboFan off the run costs about as
 * much, and --always-sparkplug / --maglev took 0-10% off. Measured with Node 20, 2026.
 *
 * The search's parts: its shared state and the low-level call (searchState.ts), the children of
 * a node (nodeExpansion.ts), the conflict chosen and the heuristic (conflictChoice.ts, with the
 * WDG in dependencyGraph.ts); this file holds the best-first loop over the constraint tree.
 */
import type { Grid } from '../../grid/grid.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import { allConflicts, conflictingPairs } from './conflicts.ts';
import { emptyConstraints } from './agentConstraints.ts';
import type { Mdd } from './mdd.ts';
import { CorridorReasoning } from './corridor.ts';
import { bypassChild, sumOfLengths } from './nodeLists.ts';
import { CbsSearchState } from './searchState.ts';
import { NodeExpansion } from './nodeExpansion.ts';
import { ConflictChoice } from './conflictChoice.ts';

import type { CbsNode, CbsOptions, CbsResult, CbsStatus } from './cbsTypes.ts';

export type { CbsOptions, CbsResult, CbsStatus } from './cbsTypes.ts';

/** High-level nodes between two looks at the clock (a power of 2; reading it was 2% of a run). */
const POLL_NODES = 8;

export function cbsSearch(grid: Grid, starts: Int32Array, goals: Int32Array, options: CbsOptions): CbsResult {
  const s = new CbsSearchState(grid, starts, goals, options);
  const n = s.n;
  const corridors = !options.corridor ? null : options.shared?.corridors ?? new CorridorReasoning(grid);
  const choice = new ConflictChoice(s, corridors, cbsSearch);
  const expansion = new NodeExpansion(s);
  const open = new BinaryHeap(1024);
  const nodes: CbsNode[] = [];
  let highExpanded = 0;
  let bypasses = 0;
  let rectangleSplits = 0;
  let corridorSplits = 0;
  let lowerBound = 0;

  const push = (node: CbsNode): void => {
    nodes.push(node);
    // f first (cost + h, h counted once evaluated), then fewer conflicts.
    open.push(nodes.length - 1, Math.max(node.floor, node.cost + Math.max(0, node.h)) * 1_048_576 + Math.min(node.conflicts, 1_048_575));
  };

  // Each table is a map-sized array (1,000 units on den520d: 130 MB, 0.15 s of CPU to make):
  // made between looks at the clock, like the root's plans below.
  for (let a = 0; a < n; a++) {
    if ((a & 31) === 0) {
      const why = options.shouldStop();
      if (why !== null) {
        s.stopped = why;
        return result('stopped');
      }
    }
    s.tables.push(s.distances.table(goals[a]));
  }
  const rootPaths: Int32Array[] = options.initial?.paths.slice() ?? [];
  for (let a = rootPaths.length; a < n; a++) {
    // The root plans every unit, building its distance table on the way: a phase of its own
    // (den520d with 1,000 units: seconds) that the limit bounds too, asked between units.
    const why = options.shouldStop();
    if (why !== null) {
      s.stopped = why;
      return result('stopped');
    }
    const path = s.plan(a, options.base?.[a] ?? emptyConstraints(), rootPaths, 0);
    if (path === 'stopped') return result('stopped');
    if (path === null) return result('unsolvable');
    rootPaths.push(path);
  }
  const rootConflicts = options.initial?.conflicts ?? allConflicts(rootPaths, Infinity, s.cells, s.crossWidth);
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
      s.stopped = why;
      break;
    }
    const id = open.pop();
    const node = nodes[id];
    nodes[id] = undefined as unknown as CbsNode; // the open list owned it; its children keep what they need
    if (node.h < 0) {
      choice.evaluate(node);
      if (s.stopped !== null) break; // a WDG pair search saw the clock run out
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
      const children = expansion.children(node, conflict, nodes.length - highExpanded >= options.maxNodes);
      if (children === null) break;
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
      choice.evaluate(node, false);
    }
    if (best !== null || s.stopped !== null) break;
  }
  if (best !== null) return result('solved', best);
  return result(s.stopped !== null ? 'stopped' : 'unsolvable');

  function result(how: 'solved' | 'unsolvable' | 'stopped', node?: CbsNode): CbsResult {
    const status: CbsStatus = how === 'stopped' ? s.stopped! : how;
    const generated = nodes.length;
    return {
      status,
      paths: node ? node.paths : [],
      cost: node ? node.cost : -1,
      lowerBound: node ? node.cost : lowerBound,
      highExpanded,
      highGenerated: generated,
      lowExpanded: s.planner.totalExpanded,
      bypasses,
      rectangleSplits,
      corridorSplits,
    };
  }
}
