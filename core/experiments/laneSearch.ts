/**
 * Which lanes suit a map, measured: a coordinate search over the lane patterns of
 * laneGuidance.ts, each candidate run lifelong on the map's problem and scored by tasks finished,
 * as guidance graphs are optimised offline by simulation (Zhang et al., "Guidance Graph
 * Optimization for Lifelong Multi-Agent Path Finding", IJCAI 2024, there with CMA-ES over every
 * edge's weight; here over the few patterns the LoRR 2024 winner chose among by hand per map,
 * graph_guidance.cpp). From alternating rows and columns at penalty 3, it tries each row pattern,
 * then each column pattern, then other penalties, and no lanes at all, keeping a change only when
 * it finishes more tasks by the margin (run-to-run noise of time-limited runs is about 1%). The
 * answer goes in a guidance file (core/formats/guidanceFile.ts): minutes of runs once per map.
 */
import type { GuidanceFile } from '../formats/guidanceFile.ts';
import type { LorrProblem } from '../formats/lorrProblem.ts';
import { gridHash } from '../scenario/planHash.ts';
import { HIGHWAY_LANES, type LanePattern } from '../solvers/lifelong/laneGuidance.ts';
import { findLifelongPlanner, findLifelongScheduler, runLifelong } from '../solvers/lifelong/index.ts';

/** Row and column patterns tried: alternating either way, in pairs, and the winner's warehouse mask of period 8. */
export const LANE_PATTERNS: readonly string[] = ['01', '10', '0110', '1001', '0011', '10100101'];
/** Penalties tried after the patterns. */
export const LANE_PENALTIES: readonly number[] = [1, 6];
/** A change is kept when it finishes this share more tasks than the lanes kept so far. */
export const LANE_MARGIN = 0.01;

export interface LaneCandidate {
  lanes: LanePattern | null;
  tasks: number;
}

export interface LaneSearchResult {
  /** The lanes kept, or null when no lanes finished more tasks by the margin. */
  lanes: LanePattern | null;
  candidates: LaneCandidate[];
  cancelled: boolean;
}

/**
 * The search itself: `measure` runs a candidate and gives its tasks finished; `onCandidate` hears
 * each result (its index from 1 and the count planned) and stops the search by returning true.
 */
export function searchLanes(
  measure: (lanes: LanePattern | null) => number,
  onCandidate: (done: number, planned: number, candidate: LaneCandidate) => boolean | void = () => {},
  patterns: readonly string[] = LANE_PATTERNS,
  penalties: readonly number[] = LANE_PENALTIES,
): LaneSearchResult {
  const planned = 2 + 2 * patterns.filter((p) => p !== HIGHWAY_LANES.rows).length + penalties.filter((p) => p !== HIGHWAY_LANES.penalty).length;
  const candidates: LaneCandidate[] = [];
  let cancelled = false;
  const run = (lanes: LanePattern | null): number => {
    const tasks = measure(lanes);
    const candidate = { lanes, tasks };
    candidates.push(candidate);
    if (onCandidate(candidates.length, planned, candidate) === true) cancelled = true;
    return tasks;
  };
  let best: LanePattern = HIGHWAY_LANES;
  let bestTasks = run(best);
  const tryChange = (lanes: LanePattern): void => {
    if (cancelled) return;
    const tasks = run(lanes);
    if (tasks > bestTasks * (1 + LANE_MARGIN)) {
      best = lanes;
      bestTasks = tasks;
    }
  };
  for (const rows of patterns) if (rows !== HIGHWAY_LANES.rows) tryChange({ ...best, rows });
  for (const columns of patterns) if (columns !== HIGHWAY_LANES.columns) tryChange({ ...best, columns });
  for (const penalty of penalties) if (penalty !== best.penalty) tryChange({ ...best, penalty });
  if (!cancelled) {
    const none = run(null);
    if (none >= bestTasks * (1 - LANE_MARGIN)) return { lanes: null, candidates, cancelled };
  }
  return { lanes: best, candidates, cancelled };
}

export interface LaneMeasureOptions {
  problemName: string;
  planner: string;
  scheduler: string;
  steps: number;
  stepLimitMs: number;
  /** The run's clock in milliseconds, and which it is. */
  now: () => number;
  clock: 'cpu' | 'wall';
  seed?: number;
  /** Heard each candidate; true stops the search. */
  onCandidate?: (done: number, planned: number, candidate: LaneCandidate) => boolean | void;
}

/** Searches the lanes for `problem` by runs of the planner (it must take a `lanes` param) and returns the guidance file's content. */
export function measureLanes(problem: LorrProblem, options: LaneMeasureOptions): GuidanceFile & { cancelled: boolean } {
  const planner = findLifelongPlanner(options.planner);
  if (planner === undefined) throw new Error(`'${options.planner}' is not a lifelong planner`);
  const scheduler = findLifelongScheduler(options.scheduler);
  if (scheduler === undefined) throw new Error(`'${options.scheduler}' is not a task scheduler`);
  const measure = (lanes: LanePattern | null): number => {
    const params = lanes === null ? { lanePenalty: 0 } : { lanes };
    const run = runLifelong(problem, planner.factory(options.seed ?? 0, params), { steps: options.steps, stepLimitMs: options.stepLimitMs, now: options.now, scheduler: scheduler.factory() });
    return run.measures.tasksFinished;
  };
  const result = searchLanes(measure, options.onCandidate);
  return {
    format: 'mapf-lab/guidance',
    version: 1,
    map: { name: problem.mapFile, width: problem.grid.width, height: problem.grid.height, hash: gridHash(problem.grid) },
    lanes: result.lanes,
    measured: {
      problem: options.problemName,
      planner: planner.name,
      scheduler: scheduler.name,
      robots: problem.teamSize,
      steps: options.steps,
      stepLimitMs: options.stepLimitMs,
      clock: options.clock,
      candidates: result.candidates,
    },
    cancelled: result.cancelled,
  };
}
