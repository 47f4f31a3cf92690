/**
 * The configurations LaCAM's search has met (Okumura, AAAI 2023, Algorithm 1's `Explored`) and
 * how a high-level node is made: its priorities and PIBT order, its cost g (sum of loss, LaCAM*'s
 * cost, IJCAI 2023) and heuristic h (the sum of the units' distances to their goals).
 */
import type { Pibt } from '../../planning/pibt.ts';
import { PriorityOrder } from './priorities.ts';
import { sameConfig } from './configurations.ts';
import type { Node } from './lacamTypes.ts';

export class ExploredGraph {
  /** Configurations by hash; a hash shared by several holds them in a list. */
  private readonly explored = new Map<number, Node | Node[]>();
  private readonly ranking = new PriorityOrder();
  private readonly n: number;
  highNodes = 0;
  lowNodes = 0;

  constructor(
    private readonly pibt: Pibt,
    private readonly goals: Int32Array,
    /** LaCAM*: a new node's parent is also its neighbour (lacamTypes.ts, reverseEdges). */
    private readonly reverseEdges: boolean,
  ) {
    this.n = goals.length;
  }

  heuristic(config: Int32Array): number {
    let h = 0;
    for (let i = 0; i < this.n; i++) h += this.pibt.distance(i, config[i]);
    return h;
  }

  isGoal(config: Int32Array): boolean {
    for (let i = 0; i < this.n; i++) if (config[i] !== this.goals[i]) return false;
    return true;
  }

  /** Sum of loss of one step: a unit pays unless it stays on its goal. */
  edgeCost(a: Int32Array, b: Int32Array): number {
    const goals = this.goals;
    let cost = 0;
    for (let i = 0; i < this.n; i++) if (a[i] !== goals[i] || b[i] !== goals[i]) cost++;
    return cost;
  }

  find(config: Int32Array, key: number): Node | null {
    const slot = this.explored.get(key);
    if (slot === undefined) return null;
    if (!Array.isArray(slot)) return sameConfig(slot.config, config) ? slot : null;
    for (const node of slot) if (sameConfig(node.config, config)) return node;
    return null;
  }

  remember(node: Node, key: number): void {
    const slot = this.explored.get(key);
    if (slot === undefined) this.explored.set(key, node);
    else if (Array.isArray(slot)) slot.push(node);
    else this.explored.set(key, [slot, node]);
  }

  /** A new high-level node at `config`, reached from `parent` (null at the starts). */
  makeNode(config: Int32Array, parent: Node | null): Node {
    const n = this.n;
    const priorities = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      // LaCAM's priorities: grow while away from the goal, keep only the fraction on it.
      if (parent === null) priorities[i] = this.pibt.distance(i, config[i]) / Math.max(1, n);
      else priorities[i] = config[i] !== this.goals[i] ? parent.priorities[i] + 1 : parent.priorities[i] - Math.floor(parent.priorities[i]);
    }
    const order = this.ranking.order(priorities);
    this.highNodes++;
    this.lowNodes++;
    return {
      config, parent, tree: [{ parent: null, who: -1, where: -1, depth: 0 }], next: 0, order, priorities,
      g: parent === null ? 0 : parent.g + this.edgeCost(parent.config, config), h: this.heuristic(config),
      neighbours: this.reverseEdges && parent !== null ? [parent] : [],
    };
  }
}
