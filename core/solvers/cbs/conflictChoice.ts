/**
 * CBS's choice of the conflict to branch on and its node's heuristic (cbs.ts). ICBS (Boyarski et
 * al., IJCAI 2015): a cardinal conflict first (both units' every optimal path meets there, told
 * by their MDDs, mdd.ts), then a semi-cardinal one, ranked further as CBSH2-RTC ranks them
 * (symmetry.ts: target, corridor, rectangle, standard). The heuristic: CBSH's matching of the
 * cardinal conflict graph (Felner et al., ICAPS 2018; each cardinal conflict costs one of its
 * units at least one more turn, disjoint pairs add up) or CBSH2's weighted dependency graph
 * (dependencyGraph.ts). Each unit's MDD is built once per path and kept in the node (its
 * children share those of the units they do not replan).
 */
import { type Conflict } from './conflicts.ts';
import type { AgentConstraints } from './agentConstraints.ts';
import { type Mdd, buildMdd, conflictCardinality } from './mdd.ts';
import type { CorridorReasoning } from './corridor.ts';
import type { SymmetricSplit } from './symmetricSplit.ts';
import { type Classified, classifyConflict } from './symmetry.ts';
import type { SymmetryContext } from './symmetricSplit.ts';
import { DependencyGraph, type PairSearch } from './dependencyGraph.ts';
import type { CbsSearchState } from './searchState.ts';
import type { CbsNode } from './cbsTypes.ts';
import { CONFLICT_LIMIT } from './cbsTypes.ts';

export class ConflictChoice {
  /**
   * One context for all classifications, pointed at the node classified (closures made per
   * call, each wrapped by tsx to keep its name, were a sixth of a search's time).
   */
  private readonly symmetry: SymmetryContext;
  private classified: CbsNode | null = null;
  private readonly wdg: DependencyGraph | null;

  constructor(
    private readonly s: CbsSearchState,
    corridors: CorridorReasoning | null,
    search: PairSearch,
  ) {
    const options = s.options;
    this.symmetry = {
      paths: [], goals: s.goals, width: s.grid.width, cells: s.cells, targetReasoning: options.targetReasoning, rectangle: options.rectangle, corridors, table: s.planner.constraints,
      mdd: (a) => this.mddOf(this.classified!, a),
      levels: (a) => this.levelsOf(this.classified!, a),
      constraints: (a) => s.constraintsOf(this.classified!, a),
    };
    this.wdg = options.heuristic === 'wdg' ? new DependencyGraph(s, corridors, search) : null;
  }

  /**
   * Chooses the node's conflict to branch on (and its corridor or rectangle split) and, if
   * `weigh`, computes its h (-1 if a WDG pair's sub-search saw the clock run out: the search
   * stopped, as `stopped` says).
   */
  evaluate(node: CbsNode, weigh = true): void {
    const options = this.s.options;
    const needMdds = options.prioritize || options.heuristic !== 'none';
    const all = node.conflictList;
    const conflicts = !needMdds ? [] : all.length > CONFLICT_LIMIT ? all.slice(0, CONFLICT_LIMIT) : all;
    let chosen: Conflict | null = all[0] ?? null;
    let split: SymmetricSplit | null = null;
    let rank = -1;
    const matched = new Uint8Array(this.s.n);
    let h = 0;
    for (const conflict of conflicts) {
      let r = this.cardinality(node, conflict);
      if (options.prioritize) {
        const here = this.classify(node, conflict, r, rank);
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
    if (!options.prioritize && chosen !== null && (options.rectangle || options.corridor)) split = this.classify(node, chosen, this.cardinality(node, chosen), -1).split;
    node.chosen = chosen;
    node.split = split;
    if (!weigh) return;
    const own = options.heuristic === 'cg' ? h : this.wdg !== null ? this.wdg.bound(node, conflicts) : 0;
    // Pathmax: a child's f is at least its parent's (its plans are a subset of the parent's).
    node.h = own < 0 ? own : Math.max(own, node.floor - node.cost);
  }

  /** Unit a's MDD in `node`, built on first use. */
  private mddOf(node: CbsNode, a: number): Mdd {
    let mdd = node.mdds[a];
    if (mdd === null) {
      mdd = this.build(node, a, this.s.constraintsOf(node, a), false);
      node.mdds[a] = mdd;
    }
    return mdd;
  }

  private levelsOf(node: CbsNode, a: number): Mdd {
    return this.build(node, a, this.s.constraintsOf(node, a), true);
  }

  private build(node: CbsNode, a: number, c: AgentConstraints, keepLevels: boolean): Mdd {
    const s = this.s;
    return buildMdd(s.grid, s.starts[a], s.goals[a], node.paths[a].length - 1, s.tables[a], c, s.planner.constraints, keepLevels, s.steps);
  }

  private classify(node: CbsNode, conflict: Conflict, r: number, rank: number): Classified {
    this.classified = node;
    this.symmetry.paths = node.paths;
    return classifyConflict(conflict, r, rank, this.symmetry);
  }

  private cardinality(node: CbsNode, conflict: Conflict): number {
    return conflictCardinality(this.mddOf(node, conflict.a), this.mddOf(node, conflict.b), conflict);
  }
}
