import { describe, expect, it } from 'vitest';
import { aggregate } from '../../../core/experiments/aggregate.ts';
import { CHART_MEASURES, chartSeries } from '../../../core/experiments/report/reportCharts.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { failureReasons, labDatasets, pointText, runForPoint, runsText } from '../../../renderer/src/lab/labCharts.ts';
import { NO_STREAM } from '../../../core/experiments/runRecord.ts';

function record(id: number, label: string, agents: number, successRate: number, initMs: number, status: RunRecord['status'] = 'solved'): RunRecord {
  return {
    id, key: `${id}:k:${label}`, map: 'm', instance: id, agents, solver: label, label, seed: id, status, message: '',
    successes: Math.round(successRate * agents), arrived: Math.round(successRate * agents), successRate, meanPathLength: 5, meanLowerBound: 4, pathRatio: 1.25, cyclesPerAgent: 0, waitsPerAgent: 0,
    collisions: 0, replans: 0, initMs, maxTurnMs: 0.5, meanTurnMs: 0.1, turns: 10, expanded: 100, reservationsMax: 10, costModel: 'rest', sumOfCosts: 20, makespan: 6, costLowerBound: NaN, costOverBound: NaN, pathStepsComputed: NaN, regionUnits: NaN, regionThroughput: NaN, regionMeanWait: NaN, regionCrossingRate: NaN, regionPeakCrossings: NaN, ...NO_STREAM, tasksFinished: NaN, tasksPerStep: NaN, elapsedMs: 2,
  };
}

const RECORDS = [
  record(0, 'A', 4, 1, 1), record(1, 'B', 4, 1, 10), record(2, 'A', 4, 0.5, 2), record(3, 'B', 4, 1, 12),
  record(4, 'A', 8, 1, 3), record(5, 'B', 8, 0, 0, 'error'), record(6, 'A', 8, 0.75, 4), record(7, 'B', 8, 0.5, 20),
];
const SUCCESS = CHART_MEASURES.find((m) => m.key === 'successRate')!;
const INIT = CHART_MEASURES.find((m) => m.key === 'initMs')!;

describe('lab charts', () => {
  it('draws each series as a band (low, high filled to low) and a line of means, as the report does', () => {
    const series = chartSeries(aggregate(RECORDS));
    const sets = labDatasets(series, SUCCESS);
    expect(sets.map((d) => [d.label, d.band, d.fill, d.series])).toEqual([
      ['A (95% low)', true, false, 0], ['A (95% high)', true, '-1', 0], ['A', false, false, 0],
      ['B (95% low)', true, false, 1], ['B (95% high)', true, '-1', 1], ['B', false, false, 1],
    ]);
    expect(sets[2].data.map((p) => p.x)).toEqual([4, 8]);
    expect(sets[2].data[0].y).toBeCloseTo(0.75);
    for (const p of sets[0].data) expect(p.y! <= sets[2].data.find((q) => q.x === p.x)!.y!).toBe(true);
  });

  it('log-scale measures never carry a value at or below zero', () => {
    const series = chartSeries(aggregate(RECORDS));
    for (const set of labDatasets(series, INIT)) for (const p of set.data) expect(p.y === null || p.y > 0).toBe(true);
  });

  it('tooltips give the mean with its interval and how many runs stand behind it', () => {
    const rows = aggregate(RECORDS);
    const series = chartSeries(rows);
    expect(pointText(series[0], SUCCESS, 0)).toMatch(/^A: 0\.75 \(95% [\d.]+ to [\d.]+\)$/);
    expect(runsText(rows, 'B', 8)).toBe('2 runs, 1 failed — click to pick one (replay, replay file)');
  });

  it('a clicked point replays a measured run, preferring one where not every agent arrived', () => {
    expect(runForPoint(RECORDS, 'A', 4)!.id).toBe(2);
    expect(runForPoint(RECORDS, 'B', 8)!.id).toBe(7);
    expect(runForPoint(RECORDS, 'B', 4)!.id).toBe(1);
    expect(runForPoint(RECORDS, 'C', 4)).toBeUndefined();
  });
});

describe('failure notes', () => {
  it('groups failed runs by reason, most frequent first', () => {
    const failed = (id: number, message: string) => ({ ...record(id, 'A', 4, 0, 0, 'error'), message });
    const reasons = failureReasons([failed(1, 'crashed'), record(2, 'A', 4, 1, 1), failed(3, 'hung'), failed(4, 'hung')]);
    expect(reasons.map((r) => [r.message, r.count, r.example.id])).toEqual([['hung', 2, 3], ['crashed', 1, 1]]);
  });
});
