/**
 * What the live charts draw, computed once per batch of records (not once per chart), and only
 * when a chart asks for it: the aggregate rows (incrementally, incrementalAggregate.ts), the
 * report's series over them, and the records, for a clicked point's run. Pure.
 *
 * Every solver setting the definition plans has a series from the start, empty until its runs
 * come: the charts then set up their lines (Chart.js's costliest update, a first one per
 * dataset) when the lab opens, and the sweep's first records only fill them in.
 */
import type { AggregateRow } from '../../../core/experiments/aggregate.ts';
import { CHART_MEASURES, type ChartSeries, chartSeries } from '../../../core/experiments/report/reportCharts.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { IncrementalAggregate } from './incrementalAggregate.ts';

export interface Live {
  series: readonly ChartSeries[];
  rows: readonly AggregateRow[];
  records: readonly RunRecord[];
}

/** No records: one object, so a chart can tell it has nothing new to draw. */
export const EMPTY_LIVE: Live = { series: [], rows: [], records: [] };

/**
 * The series of the planned labels in plan order (empty where no run is recorded yet), then any
 * others. Plan order is run id order, which is the order chartSeries gives the labels it has.
 */
export function withPlannedLabels(series: readonly ChartSeries[], labels: readonly string[]): ChartSeries[] {
  const byLabel = new Map(series.map((s) => [s.label, s]));
  const planned = new Set(labels);
  return [
    ...labels.map((label) => byLabel.get(label) ?? { label, points: Object.fromEntries(CHART_MEASURES.map((m) => [m.key, []])) }),
    ...series.filter((s) => !planned.has(s.label)),
  ];
}

export class LiveChartData {
  private readonly aggregate = new IncrementalAggregate();
  private records: readonly RunRecord[] = [];
  private labels: readonly string[] = [];
  private live: Live = EMPTY_LIVE;
  private stale = false;

  /** New records or planned labels; nothing is computed until a chart asks. Returns whether anything changed. */
  set(records: readonly RunRecord[], labels: readonly string[] = this.labels): boolean {
    if (records === this.records && labels === this.labels) return false;
    this.records = records;
    this.labels = labels;
    this.stale = true;
    return true;
  }

  /** The latest data; the same object until the records or labels change. */
  get(): Live {
    if (this.stale) {
      this.stale = false;
      const rows = this.aggregate.rows(this.records);
      const series = withPlannedLabels(chartSeries(rows), this.labels);
      this.live = series.length === 0 ? EMPTY_LIVE : { rows, series, records: this.records };
    }
    return this.live;
  }
}
