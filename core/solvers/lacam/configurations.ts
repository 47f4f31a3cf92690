/**
 * Configurations (every unit's cell at one step) in LaCAM's search: hashing and comparing them,
 * the cost of a solution through them, and LaCAM*'s rewiring of the configuration graph.
 */
import type { Node } from './lacamTypes.ts';

/**
 * LaCAM*'s rewiring (IJCAI 2023, Algorithm 1 lines 20-27): a new edge out of `from` may make
 * nodes reachable more cheaply; a Dijkstra-like pass from `from` lowers their g and re-parents
 * them, and `reopen` is told of each node improved.
 */
export function rewire(from: Node, edgeCost: (a: Int32Array, b: Int32Array) => number, reopen: (node: Node) => void): void {
  const queue: Node[] = [from];
  while (queue.length > 0) {
    const a = queue.pop()!;
    for (const b of a.neighbours) {
      const g = a.g + edgeCost(a.config, b.config);
      if (g < b.g) {
        b.g = g;
        b.parent = a;
        queue.push(b);
        reopen(b);
      }
    }
  }
}

/** Sum of loss of a solution (configurations from the starts to the goals): LaCAM*'s cost. */
export function solutionLoss(configs: readonly Int32Array[], goals: Int32Array): number {
  let loss = 0;
  for (let t = 1; t < configs.length; t++) {
    const a = configs[t - 1];
    const b = configs[t];
    for (let i = 0; i < goals.length; i++) if (a[i] !== goals[i] || b[i] !== goals[i]) loss++;
  }
  return loss;
}

/** Sum of costs of a solution in the `rest` model: each unit's last arrival at its goal. */
export function sumOfArrivals(configs: readonly Int32Array[], goals: Int32Array): number {
  let sum = 0;
  for (let i = 0; i < goals.length; i++) {
    let t = configs.length - 1;
    while (t > 0 && configs[t - 1][i] === goals[i]) t--;
    sum += t;
  }
  return sum;
}

export function sameConfig(a: Int32Array, b: Int32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function hashConfig(config: Int32Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < config.length; i++) {
    h = Math.imul(h ^ config[i], 0x01000193);
    h ^= h >>> 15;
  }
  return h;
}
