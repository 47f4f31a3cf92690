import { describe, expect, it } from 'vitest';
import { hottestCells, percentile, summarise, throughputSeries } from '../../../../core/solvers/lifelong/measures.ts';

describe('lifelong measures', () => {
  it('percentile is nearest-rank: p99 of 1..100 is 99, of one value that value', () => {
    expect(percentile(Array.from({ length: 100 }, (_, i) => 100 - i), 0.99)).toBe(99);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });

  it('throughput per window and the hottest cells, hottest first', () => {
    expect(throughputSeries(Int32Array.of(1, 0, 2, 3, 4), 2)).toEqual([0.5, 2.5, 4]);
    expect(hottestCells(Int32Array.of(0, 5, 2, 5, 9), 3)).toEqual([[4, 9], [1, 5], [3, 5]]);
  });

  it('summarises a run: totals, shares of robot-steps, plan times', () => {
    const m = summarise({
      robots: 2, steps: 4, finishedPerStep: Int32Array.of(0, 1, 0, 2), planMs: [1, 3, 2, 10], preprocessMs: 5, waits: 2, forwards: 5, turns: 1,
      timeouts: 0, plannerErrors: 0, scheduleErrors: 0, errands: 6, waitHeat: new Int32Array(3), stepLimitMs: 100, plannerStats: {},
    });
    expect([m.tasksFinished, m.tasksPerStep, m.waitShare, m.forwardShare, m.turnShare]).toEqual([3, 0.75, 0.25, 0.625, 0.125]);
    expect([m.planMeanMs, m.planP99Ms, m.planMaxMs]).toEqual([4, 10, 10]);
  });
});
