/**
 * Aggregates run records per solver setting and agent count, each measure with its 95%
 * confidence interval across repeats (stats.ts). These are Silver's measures (Silver 2005,
 * Figures 3-7) plus sum of costs and makespan.
 *
 * Failed runs (could not be set up, threw, crashed, hung) measured nothing: they are counted,
 * not averaged in. A run where no agent reached its goal has NaN path figures and is left out of
 * those means only. A run that did not solve (timeout, failed, cancelled, unsolvable) has no
 * cost: the cost measures (sum of costs, makespan) are means over solved runs, and the others are
 * counted apart (`unsolved`).
 */
import { type Estimate, meanInterval, wilsonInterval } from './stats.ts';
import { type RunRecord, isFailure } from './runRecord.ts';

/**
 * The measures with a mean over runs, in the order tables and charts show them: the mean path
 * length and its lower bound (Figure 4), Σ path length / Σ lower bound, cycles per agent
 * (Figure 5), sum of costs, makespan, initial planning time in ms (Figure 6), and the run's
 * slowest turn in ms (Figure 7).
 */
export const MEAN_MEASURES = ['meanPathLength', 'meanLowerBound', 'pathRatio', 'cyclesPerAgent', 'sumOfCosts', 'makespan', 'initMs', 'maxTurnMs', 'costLowerBound', 'costOverBound', 'pathStepsComputed', 'regionThroughput', 'regionMeanWait', 'regionCrossingRate', 'tasksPerStep'] as const;
export type MeanMeasure = (typeof MEAN_MEASURES)[number];

/** The measures only a solved run has. */
const COST_MEASURES: readonly MeanMeasure[] = ['sumOfCosts', 'makespan', 'costOverBound'];
/** The least value each measure can take, which its interval respects: every one is a length, count, cost or time, and a path is never shorter than its lower bound. */
const MEASURE_FLOOR: Record<MeanMeasure, number> = {
  meanPathLength: 0, meanLowerBound: 0, pathRatio: 1, cyclesPerAgent: 0, sumOfCosts: 0, makespan: 0, costLowerBound: 0, costOverBound: 1, pathStepsComputed: 0, regionThroughput: 0, regionMeanWait: 0, regionCrossingRate: 0, tasksPerStep: 0, initMs: 0, maxTurnMs: 0,
};

export type AggregateRow = {
  label: string;
  agents: number;
  runs: number;
  /** Runs that measured nothing: could not be set up, threw, crashed or hung. */
  failures: number;
  /** Runs that measured something but did not solve (timeout, failed, cancelled, unsolvable): no cost. */
  unsolved: number;
  /**
   * Agents at their goals over agents placed (Figure 3), pooled over the measured runs, with Wilson's
   * interval. It treats agents as independent trials; agents of one run are not quite, so read
   * the interval as a guide, not a test.
   */
  successRate: Estimate;
  /** The slowest turn of any run (Figure 7 shows the mean of each run's slowest, maxTurnMs). */
  worstTurnMs: number;
  /** The cost model sumOfCosts was counted by (its runs' costModel; several joined by '/'). */
  costModel: string;
} & Record<MeanMeasure, Estimate>;

/** Rows in the experiment's solver order (labels by their first run), agent counts ascending. */
export function aggregate(records: readonly RunRecord[]): AggregateRow[] {
  const groups = new Map<string, RunRecord[]>();
  const labels: string[] = [];
  // A pool records runs as they finish; run order is what gives the experiment's solver order.
  for (const record of [...records].sort((a, b) => a.id - b.id)) {
    if (!labels.includes(record.label)) labels.push(record.label);
    const key = `${record.label}\u0000${record.agents}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(record);
  }
  const rows: AggregateRow[] = [];
  for (const group of groups.values()) {
    const measured = group.filter((r) => !isFailure(r));
    const agents = measured.reduce((s, r) => s + r.agents, 0);
    const successes = measured.reduce((s, r) => s + r.successes, 0);
    const solved = measured.filter((r) => r.status === 'solved');
    const means = Object.fromEntries(MEAN_MEASURES.map((m) => [m, meanInterval((COST_MEASURES.includes(m) ? solved : measured).map((r) => r[m]), MEASURE_FLOOR[m])])) as Record<MeanMeasure, Estimate>;
    rows.push({
      label: group[0].label,
      agents: group[0].agents,
      runs: group.length,
      failures: group.length - measured.length,
      unsolved: measured.length - solved.length,
      successRate: wilsonInterval(successes, agents),
      worstTurnMs: measured.reduce((m, r) => Math.max(m, r.maxTurnMs), 0),
      costModel: [...new Set(group.map((r) => r.costModel))].join('/'),
      ...means,
    });
  }
  rows.sort((a, b) => labels.indexOf(a.label) - labels.indexOf(b.label) || a.agents - b.agents);
  return rows;
}
