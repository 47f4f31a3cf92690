/**
 * The task schedulers by name (the League's scheduling track, apart from the planners of
 * index.ts): each step a scheduler proposes a task per robot, the planner sees only the goals.
 */
import { DefaultScheduler } from './scheduler.ts';
import { HungarianScheduler } from './hungarianScheduler.ts';
import type { SchedulerFactory } from './types.ts';

export interface LifelongSchedulerEntry {
  name: string;
  label: string;
  /** Builds the scheduler for a run. */
  factory(params?: Record<string, unknown>): SchedulerFactory;
}

export const DEFAULT_LIFELONG_SCHEDULER = 'greedy';

const numberParam = (params: Record<string, unknown>, name: string): number | undefined => (typeof params[name] === 'number' ? params[name] : undefined);

export const LIFELONG_SCHEDULERS: readonly LifelongSchedulerEntry[] = [
  {
    name: 'greedy',
    label: "The Start-Kit's default: each free robot, in turn, takes the open task of least makespan; never reassigns (LoRR 2024)",
    factory: () => (graph, pool) => new DefaultScheduler(graph, pool),
  },
  {
    name: 'hungarian',
    label: 'Min-cost assignment (Jonker-Volgenant) of free and not-yet-started robots to open and reassignable tasks; cost: distance to the first errand + task length',
    factory: (params = {}) => (graph, pool) => new HungarianScheduler(graph, pool, 'hungarian', { candidates: numberParam(params, 'candidates'), distanceWeight: numberParam(params, 'distanceWeight'), switchCost: numberParam(params, 'switchCost') }),
  },
  {
    // The 2024 winner's cost (ssfc/LORR24, Solution/Scheduler: 5 x distance to the first errand +
    // the task's length), which favours near tasks: it finished more tasks than weight 1 on
    // random_32_32_20_100 and sortation_large_2000 (bench:lorr, 200 steps at 100 ms, flow-pibt:
    // 444 and 947 against hungarian's 392 and 856, greedy's 361 and 940). The winner improves its
    // assignment by annealing swaps; here it is solved exactly (assignment.ts).
    name: 'ours',
    label: 'Min-cost assignment, as hungarian, with the 2024 winner\'s cost: 5 x distance to the first errand + task length (near tasks first)',
    factory: (params = {}) => (graph, pool) => new HungarianScheduler(graph, pool, 'ours', { candidates: numberParam(params, 'candidates'), distanceWeight: numberParam(params, 'distanceWeight') ?? 5, switchCost: numberParam(params, 'switchCost') }),
  },
];

export function findLifelongScheduler(name: string): LifelongSchedulerEntry | undefined {
  return LIFELONG_SCHEDULERS.find((s) => s.name === name);
}

export function lifelongSchedulerNames(): string[] {
  return LIFELONG_SCHEDULERS.map((s) => s.name);
}
