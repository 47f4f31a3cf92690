/**
 * One experiment run's record: a flat row of what the run measured, a JSONL line and a CSV row
 * as it is (results.ts writes both), and the columns a run without a stream or without tasks
 * leaves NaN. A leaf: the runner, the stream and LoRR runs and the readers all name it.
 */
import type { CostModel } from '../mapf/plan.ts';
import type { SolveStatus } from '../contract/types.ts';

/**
 * One run's outcome, flat so that it is a JSONL line and a CSV row as it is. Path figures are NaN
 * (null in JSON, empty in CSV) when no agent reached its goal; sum of costs and makespan are NaN
 * for every run that did not solve (a run that did not solve has no cost: `arrived` and
 * `successes` say what it reached).
 */
export interface RunRecord {
  id: number;
  /** The RunSpec's key (see runPlan.ts). */
  key: string;
  map: string;
  instance: number;
  agents: number;
  solver: string;
  label: string;
  seed: number;
  /**
   * The solver's status, or 'error' when the run measured nothing: it could not be set up, its
   * solver threw, or its process crashed or hung (the message says which and why).
   */
  status: SolveStatus | 'error';
  message: string;
  successes: number;
  /** Agents standing on their goal when the run ended (collided or not). */
  arrived: number;
  successRate: number;
  meanPathLength: number;
  meanLowerBound: number;
  pathRatio: number;
  cyclesPerAgent: number;
  waitsPerAgent: number;
  collisions: number;
  replans: number;
  initMs: number;
  maxTurnMs: number;
  meanTurnMs: number;
  turns: number;
  expanded: number;
  reservationsMax: number;
  /** The model sumOfCosts was counted by (the run's, or the solver's own params.costModel). */
  costModel: CostModel;
  sumOfCosts: number;
  makespan: number;
  /**
   * A lower bound on the optimal sum of costs the solver proved (cbs, eecbs: their search's;
   * lacam-star: the sum of distances), NaN without one; also on a time-out (the best reached).
   */
  costLowerBound: number;
  /** sumOfCosts over costLowerBound (solved runs with a bound; EECBS guarantees <= w). */
  costOverBound: number;
  /** Runs among moving obstacles: Patel's path steps computed over the run, all units; NaN otherwise. */
  pathStepsComputed: number;
  /** The experiment's measured region: units that stood in it, units per 10 turns, mean wait in and next to it; NaN without one. */
  regionUnits: number;
  regionThroughput: number;
  regionMeanWait: number;
  /** Crossings of the region per 10 turns (units that left it by another side than they came in, regionCrossings.ts) and their most in any 10 turns; NaN without one. */
  regionCrossingRate: number;
  regionPeakCrossings: number;
  /** A LoRR problem's run (lifelong): tasks finished over the run and per step (its throughput, the League's score over the steps); NaN otherwise. */
  tasksFinished: number;
  tasksPerStep: number;
  /**
   * A run on a stream (streamRun.ts): goals reached and exits per 10 turns over the run, time in
   * system (appearance to exit) mean/p95/max, units that appeared and left, the spawners' backlog
   * at the end, as `mapf-lab solve --scenario` prints them; NaN without a stream.
   */
  streamThroughput: number;
  streamExitThroughput: number;
  streamTimeMean: number;
  streamTimeP95: number;
  streamTimeMax: number;
  streamAppeared: number;
  streamLeft: number;
  streamBacklogEnd: number;
  elapsedMs: number;
}

export type StreamColumns = Pick<RunRecord, 'streamThroughput' | 'streamExitThroughput' | 'streamTimeMean' | 'streamTimeP95' | 'streamTimeMax' | 'streamAppeared' | 'streamLeft' | 'streamBacklogEnd'>;

export const STREAM_COLUMNS: readonly (keyof StreamColumns)[] = ['streamThroughput', 'streamExitThroughput', 'streamTimeMean', 'streamTimeP95', 'streamTimeMax', 'streamAppeared', 'streamLeft', 'streamBacklogEnd'];

/** A run without a stream: every stream column NaN. */
export const NO_STREAM: StreamColumns = Object.fromEntries(STREAM_COLUMNS.map((c) => [c, NaN])) as unknown as StreamColumns;

export const RECORD_COLUMNS: readonly (keyof RunRecord)[] = [
  'id', 'key', 'map', 'instance', 'agents', 'solver', 'label', 'seed', 'status', 'message', 'successes', 'arrived', 'successRate',
  'meanPathLength', 'meanLowerBound', 'pathRatio', 'cyclesPerAgent', 'waitsPerAgent', 'collisions', 'replans',
  'initMs', 'maxTurnMs', 'meanTurnMs', 'turns', 'expanded', 'reservationsMax', 'costModel', 'sumOfCosts', 'makespan', 'costLowerBound', 'costOverBound', 'pathStepsComputed', 'regionUnits', 'regionThroughput', 'regionMeanWait', 'regionCrossingRate', 'regionPeakCrossings', 'tasksFinished', 'tasksPerStep', ...STREAM_COLUMNS, 'elapsedMs',
];

/** What a run that is not a LoRR problem's has in the lifelong columns. */
export const NO_TASKS = { tasksFinished: NaN, tasksPerStep: NaN } as const;

/**
 * True for a run that produced no measurement: it could not be set up, its solver threw, or its
 * process crashed or did not answer in time. (Status 'failed' is a measurement: the simulator's
 * verdict that agents did not all arrive.)
 */
export function isFailure(record: RunRecord): boolean {
  return record.status === 'error';
}
