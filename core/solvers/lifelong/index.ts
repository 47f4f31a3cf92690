/**
 * Lifelong planners for League of Robot Runners problems (LoRR 2024): robots that turn, tasks of
 * ordered errands handed out as robots finish them, throughput as the score. Entry point of the
 * family: the planners by name and the runner (lifelongRun.ts).
 */
import { FlowPibtPlanner } from './flowPibtPlanner.ts';
import type { PlannerFactory } from './lifelongRun.ts';

export interface LifelongPlannerEntry {
  name: string;
  label: string;
  /** Builds the planner for a run; `seed` for its random choices. */
  factory(seed: number, params?: Record<string, unknown>): PlannerFactory;
}

export const LIFELONG_PLANNERS: readonly LifelongPlannerEntry[] = [
  {
    name: 'flow-pibt',
    label: 'PIBT with traffic-flow guide paths (LoRR 2024 default planner; Chen et al., AAAI 2024)',
    factory: (seed, params = {}) => {
      const improve = params.improve === undefined ? true : params.improve !== false;
      const guideShare = typeof params.guideShare === 'number' ? params.guideShare : undefined;
      const tableFirst = params.tableFirst === undefined ? undefined : params.tableFirst !== false;
      return (graph, robots) => new FlowPibtPlanner(graph, robots, { seed, improve, guideShare, tableFirst });
    },
  },
  {
    name: 'pibt-rotations',
    label: 'PIBT with rotations on guide paths searched once per goal (flow-aware A*, no improvement rounds)',
    factory: (seed) => (graph, robots) => new FlowPibtPlanner(graph, robots, { seed, improve: false }),
  },
];

export function findLifelongPlanner(name: string): LifelongPlannerEntry | undefined {
  return LIFELONG_PLANNERS.find((p) => p.name === name);
}

export { runLifelong, type LifelongRunOptions, type LifelongRunResult } from './lifelongRun.ts';
export type { LifelongMeasures } from './measures.ts';
export { LIFELONG_SCHEDULERS, DEFAULT_LIFELONG_SCHEDULER, findLifelongScheduler, lifelongSchedulerNames, type LifelongSchedulerEntry } from './schedulers.ts';
