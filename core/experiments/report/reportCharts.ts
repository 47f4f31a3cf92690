/**
 * What the report's charts show: one chart per measure against the number of agents, one line
 * per solver setting with its 95% band. The data is built here (testable, pure); the browser
 * code that hands it to Chart.js is assets/report/drawCharts.js, inlined by whoever writes the
 * report (reportHtml's `scripts`), since core/ holds no DOM code.
 */
import type { AggregateRow, MeanMeasure } from '../aggregate.ts';
import type { Estimate } from '../stats.ts';

export interface ChartMeasure {
  key: 'successRate' | MeanMeasure;
  title: string;
  /** Axis label. */
  unit: string;
  /** Times span orders of magnitude between solvers. */
  log: boolean;
}

export const CHART_MEASURES: readonly ChartMeasure[] = [
  // LoRR problems (lifelong): against team size, the curve that peaks and falls with congestion.
  { key: 'tasksPerStep', title: 'Throughput (LoRR: tasks finished per step)', unit: 'tasks a step, over the run\'s steps', log: false },
  { key: 'successRate', title: 'Success rate', unit: 'agents at their goals (fraction)', log: false },
  { key: 'meanPathLength', title: 'Mean path length', unit: 'moves', log: false },
  { key: 'pathRatio', title: 'Path length / lower bound', unit: 'ratio', log: false },
  { key: 'cyclesPerAgent', title: 'Cycles per agent', unit: 'cycles', log: false },
  { key: 'sumOfCosts', title: 'Sum of costs', unit: 'moves', log: false },
  { key: 'makespan', title: 'Makespan', unit: 'turns', log: false },
  { key: 'costLowerBound', title: 'Proved lower bound on the sum of costs', unit: 'moves (cbs, eecbs, lacam-star)', log: false },
  { key: 'costOverBound', title: 'Sum of costs / proved lower bound', unit: 'ratio (cbs, eecbs, lacam-star)', log: false },
  { key: 'pathStepsComputed', title: 'Path steps computed (Patel, "Dealing with moving obstacles")', unit: 'steps, all units (among moving obstacles)', log: false },
  { key: 'regionCrossingRate', title: 'Crossings of the measured region', unit: 'units across per 10 turns', log: false },
  { key: 'regionThroughput', title: 'Entries into the measured region', unit: 'units per 10 turns', log: false },
  { key: 'regionMeanWait', title: 'Mean wait at the measured region', unit: 'turns waited in it or next to it, per unit', log: false },
  { key: 'initMs', title: 'Initial planning time', unit: 'ms (log scale)', log: true },
  { key: 'maxTurnMs', title: 'Maximum turn time', unit: 'ms (log scale)', log: true },
];

/** One point: agents, then mean, low and high (null where not measured or, on a log scale, not positive). */
export type ChartPoint = [number, number | null, number | null, number | null];

export interface ChartSeries {
  label: string;
  /** By measure key, points in agent order. */
  points: Record<string, ChartPoint[]>;
}

export function chartSeries(rows: readonly AggregateRow[]): ChartSeries[] {
  const series: ChartSeries[] = [];
  // On a log scale a band reaching 0 or below would fall off the chart: it is cut at half the
  // smallest positive value drawn, the bottom of the axis.
  const floors = new Map<string, number>();
  for (const measure of CHART_MEASURES) {
    if (!measure.log) continue;
    let floor = Infinity;
    for (const row of rows) for (const v of [row[measure.key].mean, row[measure.key].low]) if (v > 0 && v < floor) floor = v;
    floors.set(measure.key, floor / 2);
  }
  for (const row of rows) {
    let s = series.find((x) => x.label === row.label);
    if (!s) series.push((s = { label: row.label, points: Object.fromEntries(CHART_MEASURES.map((m) => [m.key, []])) }));
    for (const measure of CHART_MEASURES) {
      const e: Estimate = row[measure.key];
      const y = (v: number) => (Number.isFinite(v) && (!measure.log || v > 0) ? v : null);
      // Every measure is >= 0; a t interval reaching below 0 is drawn from 0 (the table has it as computed).
      const low = measure.log ? (e.low > 0 || !Number.isFinite(e.low) ? e.low : floors.get(measure.key)!) : Math.max(0, e.low);
      s.points[measure.key].push([row.agents, y(e.mean), y(low), y(e.high)]);
    }
  }
  return series;
}
