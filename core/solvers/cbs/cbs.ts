/**
 * Conflict-Based Search (Sharon, Stern, Felner and Sturtevant, AIJ 219, 2015, Algorithm 1): the
 * best-first loop over the constraint tree. A node holds every unit's cheapest path under its
 * constraints; the cheapest node without a conflict is optimal in the `rest` model. Each of ICBS's
 * bypass and prioritisation, CBSH's and CBSH2's heuristics ('cg', 'wdg'), and CBSH2-RTC's target,
 * corridor and rectangle reasoning is a switch for ablations; all keep CBS optimal. 4- or
 * 8-connected grids (rectangle and corridor reasoning 4-connected only), one-cell units.
 *
 * The parts: shared state and the low-level call (searchState.ts), a node's children
 * (nodeExpansion.ts), the conflict chosen and the heuristic (conflictChoice.ts, dependencyGraph.ts).
 * How each technique follows its paper, and the measurements behind the defaults: README.md.
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
