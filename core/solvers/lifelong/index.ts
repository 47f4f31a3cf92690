/**
 * Lifelong planners for League of Robot Runners problems (LoRR 2024): robots that turn, tasks of
 * ordered errands handed out as robots finish them, throughput as the score. Entry point of the
 * family: the planners by name and the runner (lifelongRun.ts).
 */
import { EpibtPlanner } from './epibt/epibtPlanner.ts';
import { FlowPibtPlanner } from './flowPibtPlanner.ts';
import { type LanePattern, lanePatternError } from './laneGuidance.ts';
import type { PlannerFactory } from './lifelongRun.ts';
import { WPPL_PARAMS, WpplPlanner } from './wppl/wpplPlanner.ts';
import { readParams } from '../../contract/readParams.ts';

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
  {
    name: 'epibt',
    label: 'EPIBT: PIBT over operations of 3-5 actions, improved by LNS in the step (LoRR 2024 winner; Zakharov et al., AAAI 2026)',
    factory: (seed, params = {}) => {
      const depth = typeof params.depth === 'number' ? params.depth : undefined;
      const lns = params.lns === undefined ? undefined : params.lns !== false;
      const lnsPerRobot = typeof params.lnsPerRobot === 'number' ? params.lnsPerRobot : undefined;
      const distances = params.distances === 'tables' || params.distances === 'guides' ? params.distances : undefined;
      const flow = params.flow === undefined ? undefined : params.flow !== false;
      const lanePenalty = typeof params.lanePenalty === 'number' ? params.lanePenalty : undefined;
      const lanes = params.lanes === undefined ? undefined : lanePatternParam(params.lanes);
      return (graph, robots) => new EpibtPlanner(graph, robots, { seed, depth, lns, lnsPerRobot, distances, flow, lanePenalty, lanes });
    },
  },
  {
    name: 'wppl',
    label: 'WPPL: windowed PIBT improved by space-time LNS within the step (LoRR 2023 winner; Jiang et al., SoCS 2024)',
    factory: (seed, params = {}) => {
      const p = readParams('wppl', WPPL_PARAMS, params);
      const planSeed = typeof p.seed === 'number' ? p.seed : seed;
      return (graph, robots) => new WpplPlanner(graph, robots, {
        seed: planSeed, window: p.window as number, executionWindow: p.executionWindow as number, neighbourhood: p.neighbourhood as number, lns: p.lns as boolean, lnsPerRobot: p.lnsPerRobot as number,
        distances: p.distances as 'tables' | 'guides', guideShare: p.guideShare as number,
      });
    },
  },
];

/** The `lanes` param: a lane pattern ({ rows, columns, penalty }, laneGuidance.ts), or an error saying what is wrong. */
function lanePatternParam(value: unknown): LanePattern {
  const v = value as Partial<LanePattern> | null;
  const pattern = { rows: String(v?.rows ?? ''), columns: String(v?.columns ?? ''), penalty: Number(v?.penalty) };
  const problem = typeof value === 'object' && value !== null ? lanePatternError(pattern) : 'not an object';
  if (problem !== null) throw new Error(`epibt param lanes: ${problem} (as { "rows": "01", "columns": "01", "penalty": 3 })`);
  return pattern;
}

export function findLifelongPlanner(name: string): LifelongPlannerEntry | undefined {
  return LIFELONG_PLANNERS.find((p) => p.name === name);
}

export { runLifelong, type LifelongRunOptions, type LifelongRunResult } from './lifelongRun.ts';
export type { LifelongMeasures } from './measures.ts';
export { LIFELONG_SCHEDULERS, DEFAULT_LIFELONG_SCHEDULER, findLifelongScheduler, lifelongSchedulerNames, type LifelongSchedulerEntry } from './schedulers.ts';
