/**
 * LaCAM* after its first solution: search and refinement take turns (lacam3, Okumura AAMAS 2024:
 * the refiners run beside the search), refinement getting `share` of the clock; a refined
 * solution joins the explored graph (lacam3's apply_new_solution), and the best refined solution
 * is kept apart when it lowers the sum of costs but not the search's cost (see `polished`).
 */
import type { Refiner } from './refine.ts';
import { hashConfig, rewire, solutionLoss, sumOfArrivals } from './configurations.ts';
import type { ExploredGraph } from './exploredGraph.ts';
import type { Node } from './lacamTypes.ts';

export interface RefinementContext {
  refiner: Refiner;
  graph: ExploredGraph;
  goals: Int32Array;
  /** The run's clock: milliseconds, or work done under a work limit. */
  clock: () => number;
  /** The share of the clock refinement takes, in (0, 1]. */
  share: number;
  maxNodes: number;
  /** The search's open stack, which a refined solution's new nodes join. */
  open: Node[];
  /** Told of each node a rewiring made cheaper. */
  reopen: (node: Node) => void;
}

export class RefinementTurns {
  /**
   * The refined solution of the best cost with the least sum of costs (`rest`): a refinement that
   * keeps the cost but lowers the sum of costs changes no node's g, so the explored graph would
   * not lead to it; the refiner goes on from it and the search returns it.
   */
  private polished: Int32Array[] | null = null;
  private polishedCost = Infinity;
  /** When the search next yields to a refinement pass (by the clock). */
  private searchUntil = 0;

  constructor(private readonly context: RefinementContext) {}

  /** Whether the search's turn is over. */
  due(): boolean {
    return this.context.clock() >= this.searchUntil;
  }

  /** One refinement pass on the best solution known, `goal` the search's best node. */
  take(root: Node, goal: Node): void {
    const { refiner, goals, clock, share } = this.context;
    const began = clock();
    const current = this.polished !== null && this.polishedCost === goal.g ? this.polished : backtrack(goal);
    const refined = refiner.pass(current);
    if (refined !== null) {
      const cost = solutionLoss(refined, goals);
      if (cost < goal.g || (cost === goal.g && sumOfArrivals(refined, goals) < sumOfArrivals(current, goals))) {
        this.polished = refined;
        this.polishedCost = cost;
      }
      this.adopt(root, refined);
    }
    const spent = clock() - began;
    this.searchUntil = clock() + (spent * (1 - share)) / share;
  }

  /** The solution to return: the search's, or the polished one where it has the same cost and a lower sum of costs. */
  best(goal: Node): Int32Array[] {
    const configs = backtrack(goal);
    const goals = this.context.goals;
    if (this.polished !== null && this.polishedCost === goal.g && sumOfArrivals(this.polished, goals) < sumOfArrivals(configs, goals)) return this.polished;
    return configs;
  }

  /** The refined solution's configurations join the explored graph: known ones get the new edges and are rewired, new ones are stacked. */
  private adopt(root: Node, configs: Int32Array[]): void {
    const { graph, maxNodes, open, reopen } = this.context;
    const edgeCost = (a: Int32Array, b: Int32Array): number => graph.edgeCost(a, b);
    let from = root;
    for (let t = 1; t < configs.length; t++) {
      const key = hashConfig(configs[t]);
      const known = graph.find(configs[t], key);
      if (known !== null) {
        from.neighbours.push(known);
        rewire(from, edgeCost, reopen);
        from = known;
        continue;
      }
      if (graph.highNodes >= maxNodes) return;
      const child = graph.makeNode(configs[t], from);
      graph.remember(child, key);
      from.neighbours.push(child);
      open.push(child);
      from = child;
    }
  }
}

/** The configurations from the starts to `end`, along the parents. */
export function backtrack(end: Node): Int32Array[] {
  const configs: Int32Array[] = [];
  for (let m: Node | null = end; m !== null; m = m.parent) configs.push(m.config);
  return configs.reverse();
}
