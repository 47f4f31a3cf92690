/**
 * The measures of a lifelong run (League of Robot Runners): tasks finished in total and per step
 * over time (throughput, the League's score), the planning time of each step (mean, 99th
 * percentile, max; on the clock the run was given), the share of robot-steps spent waiting, and
 * the congestion heat map: how many robot-steps were spent waiting on each cell.
 */
export interface LifelongMeasures {
  robots: number;
  steps: number;
  tasksFinished: number;
  /** tasksFinished / steps. */
  tasksPerStep: number;
  errandsDone: number;
  /** Tasks finished at each step (index t: during step t). */
  finishedPerStep: Int32Array;
  /** Planning time of each planned step, milliseconds. */
  planMs: Float64Array;
  planMeanMs: number;
  planP99Ms: number;
  planMaxMs: number;
  /** Time before the first step (tables, first reveal). */
  preprocessMs: number;
  stepLimitMs: number;
  /** Steps lost to planning over the limit (every robot waited). */
  timeouts: number;
  /** Steps refused whole by the action checks (played as waits). */
  plannerErrors: number;
  scheduleErrors: number;
  /** Share of robot-steps waiting (timeouts included), moving forward, turning. */
  waitShare: number;
  forwardShare: number;
  turnShare: number;
  /** Robot-steps spent waiting on each cell. */
  waitHeat: Int32Array;
  plannerStats: Record<string, number>;
}

export interface MeasureInput {
  robots: number;
  steps: number;
  finishedPerStep: Int32Array;
  planMs: readonly number[];
  preprocessMs: number;
  waits: number;
  forwards: number;
  turns: number;
  timeouts: number;
  plannerErrors: number;
  scheduleErrors: number;
  errands: number;
  waitHeat: Int32Array;
  stepLimitMs: number;
  plannerStats: Record<string, number>;
}

export function summarise(input: MeasureInput): LifelongMeasures {
  let finished = 0;
  for (const f of input.finishedPerStep) finished += f;
  const planMs = Float64Array.from(input.planMs);
  const robotSteps = Math.max(1, input.robots * input.steps);
  return {
    robots: input.robots,
    steps: input.steps,
    tasksFinished: finished,
    tasksPerStep: input.steps > 0 ? finished / input.steps : 0,
    errandsDone: input.errands,
    finishedPerStep: input.finishedPerStep,
    planMs,
    planMeanMs: mean(planMs),
    planP99Ms: percentile(planMs, 0.99),
    planMaxMs: planMs.length > 0 ? Math.max(...planMs) : 0,
    preprocessMs: input.preprocessMs,
    stepLimitMs: input.stepLimitMs,
    timeouts: input.timeouts,
    plannerErrors: input.plannerErrors,
    scheduleErrors: input.scheduleErrors,
    waitShare: input.waits / robotSteps,
    forwardShare: input.forwards / robotSteps,
    turnShare: input.turns / robotSteps,
    waitHeat: input.waitHeat,
    plannerStats: input.plannerStats,
  };
}

export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum / values.length;
}

/** The nearest-rank percentile (q in [0, 1]). */
export function percentile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Tasks finished in each window of `window` steps, for a throughput-over-time line. */
export function throughputSeries(finishedPerStep: Int32Array, window: number): number[] {
  const out: number[] = [];
  for (let start = 0; start < finishedPerStep.length; start += window) {
    let sum = 0;
    const end = Math.min(finishedPerStep.length, start + window);
    for (let t = start; t < end; t++) sum += finishedPerStep[t];
    out.push(sum / (end - start));
  }
  return out;
}

/** The `count` cells with the most waiting, hottest first: [cell, robot-steps]. */
export function hottestCells(heat: Int32Array, count: number): [number, number][] {
  const cells: number[] = [];
  for (let c = 0; c < heat.length; c++) if (heat[c] > 0) cells.push(c);
  cells.sort((a, b) => heat[b] - heat[a] || a - b);
  return cells.slice(0, count).map((c) => [c, heat[c]]);
}
