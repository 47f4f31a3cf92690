// What the live charts draw: computed once per batch of records, only when asked, with every
// planned solver setting's series there (empty) before its runs come, in plan order.
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../../core/experiments/aggregate.ts';
import { CHART_MEASURES, chartSeries } from '../../../core/experiments/report/reportCharts.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { EMPTY_LIVE, LiveChartData, withPlannedLabels } from '../../../renderer/src/lab/liveChartData.ts';
import { NO_STREAM } from '../../../core/experiments/runRecord.ts';

function record(id: number, label: string, agents: number): RunRecord {
  return {
    id, key: `${id}:m#0/${agents}:${label}`, map: 'm', instance: 0, agents, solver: label, label, seed: id, status: 'solved', message: '',
    successes: agents, arrived: agents, successRate: 1, meanPathLength: 5, meanLowerBound: 4, pathRatio: 1.25, cyclesPerAgent: 0, waitsPerAgent: 0, collisions: 0,
    replans: 0, initMs: 1 + id, maxTurnMs: 0.5, meanTurnMs: 0.1, turns: 10, expanded: 100, reservationsMax: 10, costModel: 'rest', sumOfCosts: 20, makespan: 6, costLowerBound: NaN, costOverBound: NaN, pathStepsComputed: NaN, regionUnits: NaN, regionThroughput: NaN, regionMeanWait: NaN, regionCrossingRate: NaN, regionPeakCrossings: NaN, ...NO_STREAM, tasksFinished: NaN, tasksPerStep: NaN, elapsedMs: 2,
  };
}

describe('live chart data', () => {
  it('has an empty series for each planned label before its runs, in plan order, and keeps others after', () => {
    const series = chartSeries(aggregate([record(0, 'B', 4), record(1, 'Z', 4)]));
    const out = withPlannedLabels(series, ['A', 'B']);
    expect(out.map((s) => s.label)).toEqual(['A', 'B', 'Z']);
    expect(Object.keys(out[0].points).sort()).toEqual(CHART_MEASURES.map((m) => m.key).sort());
    expect(Object.values(out[0].points).every((p) => p.length === 0)).toBe(true);
    expect(out[1]).toBe(series[0]);
  });

  it('computes once per change, when asked, and gives the same object until the records change', () => {
    const data = new LiveChartData();
    expect(data.get()).toBe(EMPTY_LIVE);
    expect(data.set([], ['A', 'B'])).toBe(true);
    const planned = data.get();
    expect(planned.series.map((s) => s.label)).toEqual(['A', 'B']);
    expect(data.get()).toBe(planned);
    const records = [record(0, 'A', 4), record(1, 'B', 4)];
    expect(data.set(records)).toBe(true);
    expect(data.set(records)).toBe(false);
    const live = data.get();
    expect(live.records).toBe(records);
    expect(live.rows).toEqual(aggregate(records));
    expect(live.series).toEqual(chartSeries(aggregate(records)));
    expect(data.get()).toBe(live);
    const more = records.concat([record(2, 'A', 8)]);
    data.set(more);
    expect(data.get()).not.toBe(live);
    expect(data.get().rows).toEqual(aggregate(more));
  });
});
