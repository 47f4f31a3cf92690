/**
 * Standley 2010, "The Heuristic", with the admissible additions
 * described in jointSearch.ts (merge-tree bounds, PairDependency, IllegalDependency).
 */
import { JointNodeStore } from './jointNodeStore.ts';
import { CELL_MASK, DONE_BIT, type MergeTree } from './jointState.ts';

/**
 * The lower bounds the joint search adds to the sum of distances, beyond the seed: the merge
 * tree's (independence detection's merged groups, each of known optimal cost alone) and the
 * dependency bonus of a state (pairs of agents that cannot both go on at their own distances,
 * agents a replan's illegal moves block).
 */
export abstract class JointBounds extends JointNodeStore {
  protected stateBonus(cells: Int32Array, t: number): number {
    const adj = this.adj;
    const n = this.n;
    let used = 0;
    let count = 0;
    if (this.blocking) {
      for (let i = 0; i < n; i++) {
        if ((cells[i] & DONE_BIT) === 0 && this.illegalTest!.blocked(i, cells[i] & CELL_MASK, t)) {
          used |= 1 << i;
          count++;
        }
      }
    }
    if (!this.pairing) return count;
    adj.fill(0);
    for (let i = 0; i < n; i++) {
      if (((used >>> i) & 1) === 1) continue;
      for (let j = i + 1; j < n; j++) {
        if (((used >>> j) & 1) === 1) continue;
        if (this.pairTest!.dependent(this.agentIds[i], this.agentIds[j], cells[i] & CELL_MASK, cells[j] & CELL_MASK)) {
          adj[i] |= 1 << j;
          adj[j] |= 1 << i;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      if (((used >>> i) & 1) === 1) continue;
      const free = adj[i] & ~used;
      if (free === 0) continue;
      used |= (1 << i) | (free & -free);
      count++;
    }
    return count;
  }


  protected setTree(tree: MergeTree | null): void {
    if (tree === null || typeof tree === 'number') {
      this.treeLeft = new Int32Array(0);
      this.fWords = 0;
      return;
    }
    const index = new Map<number, number>();
    for (let i = 0; i < this.n; i++) index.set(this.agentIds[i], i);
    const left: number[] = [];
    const right: number[] = [];
    const cost: number[] = [];
    const visit = (t: MergeTree): number => {
      if (typeof t === 'number') {
        const i = index.get(t);
        if (i === undefined) throw new RangeError(`merge tree agent ${t} is not in the group`);
        return ~i;
      }
      const l = visit(t.left);
      const r = visit(t.right);
      left.push(l);
      right.push(r);
      cost.push(t.cost);
      return left.length - 1;
    };
    visit(tree);
    this.treeLeft = Int32Array.from(left);
    this.treeRight = Int32Array.from(right);
    this.treeCost = Int32Array.from(cost);
    this.treeValue = new Int32Array(left.length);
    this.fWords = (this.n + 1) >> 1;
    // Ancestors of each agent, found by walking up a child -> parent map.
    const up = new Map<number, number>();
    for (let j = 0; j < left.length; j++) {
      up.set(left[j], j);
      up.set(right[j], j);
    }
    const start: number[] = [];
    const node: number[] = [];
    const other: number[] = [];
    for (let i = 0; i < this.n; i++) {
      start.push(node.length);
      for (let child = ~i, j = up.get(child); j !== undefined; child = j, j = up.get(j)) {
        node.push(j);
        other.push(left[j] === child ? right[j] : left[j]);
      }
    }
    start.push(node.length);
    this.ancestorStart = Int32Array.from(start);
    this.ancestorNode = Int32Array.from(node);
    this.ancestorOther = Int32Array.from(other);
  }

  /**
   * f of a node from its agents' own g + h (`agentF`), with a merge tree.
   *
   * Beyond the seed: independence detection merged the group from two groups, each of known optimal
   * cost alone, themselves merged likewise. Any plan of a tree node's agents costs at least that
   * node's optimal cost, and at least the sum of what its two children's agents cost, so
   * value(node) = max(cost, value(left) + value(right)), with value(agent) = its g + h, is an
   * admissible f for the node's path, and the root's value (its own cost unknown: 0) bounds the
   * group. An operator raises one agent's g + h by 0, 1 or 2, and max and + are monotone, so this f
   * never decreases along a path and rises by at most as much (children are deferred by 0, 1 or 2
   * as before). It depends on how the path split g among the agents, not on the state alone: a node
   * reached again with a lower g is therefore reopened (insert), which keeps A* optimal.
   */
  protected boundOf(agentF: Int32Array): number {
    const left = this.treeLeft;
    const right = this.treeRight;
    const cost = this.treeCost;
    const value = this.treeValue;
    const m = left.length;
    for (let j = 0; j < m; j++) {
      const l = left[j];
      const r = right[j];
      const sum = (l >= 0 ? value[l] : agentF[~l]) + (r >= 0 ? value[r] : agentF[~r]);
      value[j] = sum > cost[j] ? sum : cost[j];
    }
    return value[m - 1];
  }

  /**
   * boundOf for `agentF` with agent k's value set to fk, when treeValue holds boundOf(agentF)
   * (agentF[k] unchanged): only k's ancestors change.
   */
  protected boundWith(agentF: Int32Array, k: number, fk: number): number {
    const value = this.treeValue;
    const cost = this.treeCost;
    let current = fk;
    for (let a = this.ancestorStart[k], end = this.ancestorStart[k + 1]; a < end; a++) {
      const o = this.ancestorOther[a];
      const sum = current + (o >= 0 ? value[o] : agentF[~o]);
      const c = cost[this.ancestorNode[a]];
      current = sum > c ? sum : c;
    }
    return current;
  }

}
