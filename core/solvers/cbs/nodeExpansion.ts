/**
 * CBS's children of a node (cbs.ts; Sharon et al., AIJ 2015, Algorithm 1, lines 12-19): one per
 * constraint of the chosen conflict's split, only the constrained unit planned again, its cost
 * bounded from below by its old one (lowLevel.ts, floor). A child keeps its parent's conflicts
 * but the replanned unit's and adds that unit's new ones (conflicts.ts, conflictsWith), shares
 * the parent's MDDs and WDG pair weights for the units it did not replan, and starts with the
 * parent's f as its floor (pathmax). Target reasoning's "rests there by then" child (Li et al.,
 * AIJ 2021; constraintTree.ts, RESTS_BY) plans again every unit that stands on the goal then.
 */
import { type Conflict, allConflicts, byTime, conflictingPairs, conflictsWith, mergeByTime } from './conflicts.ts';
import { type Constraint, RESTS_BY, branch } from './constraintTree.ts';
import { conflictsWithout, sumOfLengths, weightsWithout } from './nodeLists.ts';
import type { CbsSearchState } from './searchState.ts';
import type { CbsNode } from './cbsTypes.ts';

export class NodeExpansion {
  constructor(private readonly s: CbsSearchState) {}

  /**
   * The children of `node` on its chosen conflict (or its corridor or rectangle split), dead
   * branches left out; null when the search stopped on the way (`full`: the node cap is reached,
   * recorded as 'memory'; else the clock, recorded by the planner's call).
   */
  children(node: CbsNode, conflict: Conflict, full: boolean): CbsNode[] | null {
    const s = this.s;
    const children: CbsNode[] = [];
    const split = node.split?.constraints ?? branch(conflict, s.options.targetReasoning ? { paths: node.paths, goals: s.goals, restsBy: true } : undefined);
    for (const constraint of split) {
      if (full) {
        s.stopped = 'memory';
        return null;
      }
      const child: CbsNode = { parent: node, constraint, paths: node.paths, cost: 0, conflictList: [], conflicts: 0, mdds: node.mdds, pairWeights: node.pairWeights, h: -1, chosen: null, split: null, floor: node.cost + node.h };
      const made = constraint.from === RESTS_BY ? this.restingChild(child, constraint) : this.replannedChild(child, node, constraint.agent);
      if (made === 'stopped') return null;
      if (made) children.push(child);
    }
    return children;
  }

  /** The child replanning unit a alone; false: no path for a under its constraints (a dead branch). */
  private replannedChild(child: CbsNode, node: CbsNode, a: number): boolean | 'stopped' {
    const s = this.s;
    const path = s.plan(a, s.constraintsOf(child, a), node.paths, node.paths[a].length - 1);
    if (path === 'stopped') return path;
    if (path === null) return false;
    child.paths = node.paths.slice();
    child.paths[a] = path;
    child.mdds = node.mdds.slice();
    child.mdds[a] = null;
    child.pairWeights = weightsWithout(node.pairWeights, a, s.n);
    child.cost = node.cost - (node.paths[a].length - 1) + (path.length - 1);
    const fresh: Conflict[] = [];
    // The avoidance table still holds every other unit's path from planning a.
    conflictsWith(child.paths, a, fresh, s.crossWidth, s.n > 1 ? s.avoidance : undefined);
    const list = mergeByTime(conflictsWithout(node.conflictList, a), fresh);
    child.conflictList = list;
    child.conflicts = conflictingPairs(list, s.n);
    return true;
  }

  /**
   * Target reasoning's second child (constraintTree.ts, RESTS_BY): unit `agent` rests on its goal
   * from t on, which its path does already, and every other unit that stands there then is
   * planned again. The other units' constraints changed too (barred from the goal): their MDDs
   * are dropped where they reach t (an MDD ending before t cannot hold the goal from t on).
   * Their pair weights are kept where no unit of the pair was planned again: a weight under
   * fewer constraints still bounds the pair's extra cost from below. False: a dead branch.
   */
  private restingChild(child: CbsNode, constraint: Constraint): boolean | 'stopped' {
    const s = this.s;
    const n = s.n;
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
      const path = s.plan(u, s.constraintsOf(child, u), paths, old.length - 1);
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
    child.conflictList = replanned === 0 ? parent.conflictList : allConflicts(paths, Infinity, s.cells, s.crossWidth).sort(byTime);
    child.conflicts = conflictingPairs(child.conflictList, n);
    return true;
  }
}
