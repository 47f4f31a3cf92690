/**
 * The measures of a lifelong run (League of Robot Runners): tasks finished in total and per step
 * over time (throughput, the League's score), the planning time of each step (mean, 99th
 * percentile, max; on the clock the run was given), the share of robot-steps spent waiting, and
 * the congestion heat map: how many robot-steps were spent waiting on each cell.
 */
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD } from '../../grid/headings.ts';

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

/**
 * The run's measure stage (core/simulation/turnLoop.ts): after each step it counts the robots'
 * waits (and where), moves and turns and the tasks the step finished; it also keeps each step's
 * planning time, the steps lost to the limit (every robot waiting) and the steps refused whole.
 */
export class StepMeasures {
  readonly finishedPerStep: Int32Array;
  readonly planMs: number[] = [];
  /** Robot-steps spent waiting on each cell. */
  readonly waitHeat: Int32Array;
  waits = 0;
  forwards = 0;
  turns = 0;
  timeouts = 0;
  plannerErrors = 0;

  constructor(
    private readonly robots: number,
    cells: number,
    steps: number,
  ) {
    this.finishedPerStep = new Int32Array(steps);
    this.waitHeat = new Int32Array(cells);
  }

  /** A step's planning time (scheduler and planner), on the run's clock. */
  planned(ms: number): void {
    this.planMs.push(ms);
  }

  /** A step lost to late planning: every robot waited where it stood. */
  lost(locations: Int32Array): void {
    this.timeouts++;
    this.waits += this.robots;
    for (let r = 0; r < this.robots; r++) this.waitHeat[locations[r]]++;
  }

  /** Step t was played with `actions` (robots now at `locations`) and finished `finished` tasks. */
  step(t: number, actions: Uint8Array, locations: Int32Array, finished: number): void {
    for (let r = 0; r < this.robots; r++) {
      const a = actions[r];
      if (a === ACTION_FORWARD) this.forwards++;
      else if (a === ACTION_CLOCKWISE || a === ACTION_COUNTER) this.turns++;
      else {
        this.waits++;
        this.waitHeat[locations[r]]++;
      }
    }
    this.finishedPerStep[t] = finished;
  }

  /** The run's measures after `steps` steps. */
  summary(steps: number, rest: Pick<MeasureInput, 'preprocessMs' | 'scheduleErrors' | 'errands' | 'stepLimitMs' | 'plannerStats'>): LifelongMeasures {
    const { robots, planMs, waits, forwards, turns, timeouts, plannerErrors, waitHeat } = this;
    return summarise({ ...rest, robots, steps, finishedPerStep: this.finishedPerStep.subarray(0, steps), planMs, waits, forwards, turns, timeouts, plannerErrors, waitHeat });
  }
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
