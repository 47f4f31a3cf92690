/**
 * The order in which agents plan (Silver 2005, "Cooperative A*": decoupled greedy planners are
 * sensitive to it; Silver 2006, "Unit Priorities": sorting by priority is one way to favour
 * important units).
 *
 * - 'given': instance order;
 * - 'random': a seeded shuffle;
 * - 'priority': higher AgentTask.priority first, ties in instance order;
 * - 'distance': longest distance to the goal first (the agents with least slack), ties in
 *   instance order. The caller supplies the distances (true or heuristic).
 */
import type { AgentTask } from '../../mapf/instance.ts';
import { Random } from '../../util/random.ts';
import type { OrderPolicy } from './params.ts';

export function agentOrder(policy: OrderPolicy, agents: readonly AgentTask[], seed: number, distance: (agent: number) => number): Int32Array {
  const ids = Array.from({ length: agents.length }, (_, i) => i);
  if (policy === 'random') new Random(seed).shuffle(ids);
  else if (policy === 'priority') ids.sort((a, b) => (agents[b].priority ?? 0) - (agents[a].priority ?? 0) || a - b);
  else if (policy === 'distance') {
    const d = ids.map((i) => distance(i));
    ids.sort((a, b) => d[b] - d[a] || a - b);
  }
  return Int32Array.from(ids);
}
