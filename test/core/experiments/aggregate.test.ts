// Aggregation and confidence intervals against values worked out by hand (and checked against
// published tables: t(0.975, 2) = 4.303; Wilson 8/10 = [0.490, 0.943], 0/5 = [0, 0.434]).
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../../core/experiments/aggregate.ts';
import { failureRecord } from '../../../core/experiments/runner.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { meanInterval, tQuantile975, wilsonInterval } from '../../../core/experiments/stats.ts';
import { formatSummary, summarize, summaryCsv } from '../../../core/experiments/summary.ts';
import type { RunSpec } from '../../../core/experiments/runPlan.ts';

describe('confidence intervals', () => {
  it('Student t: mean of 2, 4, 6 is 4 ± 4.303 * 2 / sqrt(3)', () => {
    const e = meanInterval([2, 4, 6]);
    expect(e.mean).toBe(4);
    expect(e.n).toBe(3);
    expect(e.low).toBeCloseTo(4 - 4.9683, 3);
    expect(e.high).toBeCloseTo(4 + 4.9683, 3);
  });

  it('leaves NaN out, and gives no interval for one value or none', () => {
    expect(meanInterval([5, NaN, 7])).toMatchObject({ mean: 6, n: 2 });
    // n = 2: half width t(1) * sd / sqrt(2) = 12.7062 * 1.4142 / 1.4142.
    expect(meanInterval([5, 7]).high).toBeCloseTo(6 + 12.7062, 3);
    const one = meanInterval([3]);
    expect(one.mean).toBe(3);
    expect(one.low).toBeNaN();
    expect(meanInterval([]).mean).toBeNaN();
    expect(meanInterval([1, 1, 1])).toEqual({ mean: 1, low: 1, high: 1, n: 3 });
  });

  it('t quantiles from the table, and between table rows in 1/df', () => {
    expect(tQuantile975(1)).toBe(12.7062);
    expect(tQuantile975(10)).toBe(2.2281);
    expect(tQuantile975(60)).toBeCloseTo(2.0003, 4);
    expect(tQuantile975(1000)).toBeCloseTo(1.9624, 3);
    expect(tQuantile975(0)).toBeNaN();
  });

  it('Wilson: 8 of 10 is [0.490, 0.943]; 0 of 5 is [0, 0.434]; 5 of 5 is [0.566, 1]', () => {
    const e = wilsonInterval(8, 10);
    expect(e.mean).toBe(0.8);
    expect(e.low).toBeCloseTo(0.4902, 3);
    expect(e.high).toBeCloseTo(0.9433, 3);
    const none = wilsonInterval(0, 5);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.4345, 3);
    const all = wilsonInterval(5, 5);
    expect(all.low).toBeCloseTo(0.5655, 3);
    expect(all.high).toBe(1);
    expect(wilsonInterval(0, 0).mean).toBeNaN();
  });
});

const spec = (id: number, label: string, agents: number): RunSpec => ({
  id, key: `k${id}`, instanceKey: `i${id}`, map: { kind: 'inline', rows: ['.'] }, mapName: 'm', instance: id, agents,
  placement: { kind: 'random', seed: 1 }, connectivity: 4, corners: 'no-cut', solver: 's', label, params: {}, seed: 1, costModel: 'away',
});

function record(id: number, label: string, agents: number, figures: Partial<RunRecord>): RunRecord {
  return { ...failureRecord(spec(id, label, agents), '', 1), status: 'solved', message: '', ...figures };
}

describe('aggregate', () => {
  const records = [
    record(0, 'A', 10, { successes: 10, meanPathLength: 10, pathRatio: 1.0, sumOfCosts: 100, makespan: 12, initMs: 1, maxTurnMs: 2, cyclesPerAgent: 0 }),
    record(1, 'A', 10, { status: 'timeout', successes: 6, meanPathLength: 14, pathRatio: 1.2, sumOfCosts: 140, makespan: 16, initMs: 3, maxTurnMs: 6, cyclesPerAgent: 1 }),
    record(2, 'A', 10, { status: 'failed', successes: 0, meanPathLength: NaN, pathRatio: NaN, sumOfCosts: 0, makespan: 0, initMs: 5, maxTurnMs: 4, cyclesPerAgent: 2 }),
    { ...failureRecord(spec(3, 'A', 10), 'the solver process crashed', 5) },
    record(4, 'B', 10, { successes: 10, meanPathLength: 9, pathRatio: 1, sumOfCosts: 90, makespan: 9, initMs: 8, maxTurnMs: 8 }),
    record(5, 'A', 5, { successes: 5, meanPathLength: 7, pathRatio: 1, sumOfCosts: 35, makespan: 7, initMs: 1, maxTurnMs: 1 }),
  ];

  it('groups per label (first-seen order) and agent count, counting failures out of the means', () => {
    const rows = aggregate(records);
    expect(rows.map((r) => [r.label, r.agents, r.runs, r.failures])).toEqual([['A', 5, 1, 0], ['A', 10, 4, 1], ['B', 10, 1, 0]]);
    const a10 = rows[1];
    // 16 of 30 agents in the three measured runs.
    expect(a10.successRate.mean).toBeCloseTo(16 / 30, 12);
    expect(a10.successRate.n).toBe(30);
    // Path length: the run where nobody arrived (NaN) is left out: mean of 10 and 14.
    expect(a10.meanPathLength).toMatchObject({ mean: 12, n: 2 });
    expect(a10.meanPathLength.high).toBeCloseTo(12 + 12.7062 * 2, 3);
    // init: 1, 3, 5 -> 3 ± 4.3027 * 2 / sqrt(3).
    expect(a10.initMs.mean).toBe(3);
    expect(a10.initMs.high - 3).toBeCloseTo(4.9683, 3);
    // A run that did not solve has no cost, even one that carries figures (a results line from
    // before that rule): sum of costs and makespan are over the one solved run; the two unsolved
    // runs are counted apart.
    expect(a10.unsolved).toBe(2);
    expect(a10.sumOfCosts).toMatchObject({ mean: 100, n: 1 });
    expect(a10.makespan).toMatchObject({ mean: 12, n: 1 });
    expect(rows[0].unsolved).toBe(0);
    expect(a10.maxTurnMs.mean).toBe(4);
    expect(a10.worstTurnMs).toBe(6);
    expect(a10.cyclesPerAgent.mean).toBe(1);
  });

  it('feeds the summary table and the CSV with intervals', () => {
    const rows = summarize(records);
    expect(rows[1]).toMatchObject({ label: 'A', agents: 10, runs: 4, failures: 1, meanPathLength: 12, initMs: 3, worstTurnMs: 6 });
    const csv = summaryCsv(aggregate(records)).trim().split('\n');
    const head = csv[0].split(',');
    expect(head.slice(0, 8)).toEqual(['label', 'agents', 'runs', 'failures', 'unsolved', 'successRate', 'successRate_low', 'successRate_high']);
    const a5 = Object.fromEntries(csv[1].split(',').map((v, i) => [head[i], v]));
    expect(a5).toMatchObject({ label: 'A', agents: '5', initMs: '1', initMs_low: '', initMs_high: '' });
    expect(Number(a5.successRate_low)).toBeCloseTo(0.5655, 3);
  });

  it('gives every summary column, in the order summary.txt and summary.csv have always had', () => {
    // SummaryRow is derived from AggregateRow: this is what catches a measure lost or moved on the way.
    const measures = ['successRate', 'meanPathLength', 'meanLowerBound', 'pathRatio', 'cyclesPerAgent', 'sumOfCosts', 'makespan', 'initMs', 'maxTurnMs', 'costLowerBound', 'costOverBound', 'pathStepsComputed', 'regionThroughput', 'regionMeanWait', 'regionCrossingRate', 'tasksPerStep'];
    const a10 = summarize(records)[1];
    expect(Object.keys(a10)).toEqual(['label', 'agents', 'runs', 'failures', 'unsolved', ...measures, 'worstTurnMs', 'costModel']);
    expect(a10).toEqual({
      label: 'A', agents: 10, runs: 4, failures: 1, unsolved: 2, successRate: 16 / 30, meanPathLength: 12, meanLowerBound: NaN, pathRatio: 1.1,
      cyclesPerAgent: 1, sumOfCosts: 100, makespan: 12, initMs: 3, maxTurnMs: 4, costLowerBound: NaN, costOverBound: NaN, pathStepsComputed: NaN, regionThroughput: NaN, regionMeanWait: NaN, regionCrossingRate: NaN, tasksPerStep: NaN, worstTurnMs: 6, costModel: 'away',
    });
    expect(formatSummary([a10]).split('\n')[0].split(/\s+/)).toEqual(['solver', 'agents', 'runs', 'errors', 'unsolved', 'success', 'path', 'bound', 'path/bound', 'cycles/agent', 'SoC', 'makespan', 'init', 'ms', 'max', 'turn', 'ms', 'SoC', 'bound', 'SoC/bound', 'path', 'steps', 'region', 'entries', '/10', 'region', 'wait', 'region', 'crossed', '/10', 'tasks/step', 'worst', 'turn', 'ms', 'SoC', 'model']);
    const head = summaryCsv(aggregate(records)).split('\n')[0].split(',');
    expect(head).toEqual(['label', 'agents', 'runs', 'failures', 'unsolved', ...measures.flatMap((m) => [m, `${m}_low`, `${m}_high`]), 'worstTurnMs', 'costModel']);
  });
});

describe('intervals inside a measure\'s range (negative times, ratio bands below 1)', () => {
  it('clamps the low end at the least value the measure can take', () => {
    expect(meanInterval([0.1, 0.1, 5]).low).toBeLessThan(0); // unclamped, as before
    expect(meanInterval([0.1, 0.1, 5], 0).low).toBe(0);
    const rows = aggregate([
      record(0, 'X', 10, { initMs: 0.1, pathRatio: 1, cyclesPerAgent: 0 }),
      record(1, 'X', 10, { initMs: 0.1, pathRatio: 1, cyclesPerAgent: 0 }),
      record(2, 'X', 10, { initMs: 5, pathRatio: 1.6, cyclesPerAgent: 2 }),
    ]);
    expect(rows[0].initMs.low).toBe(0);
    expect(rows[0].cyclesPerAgent.low).toBe(0);
    expect(rows[0].pathRatio.low).toBe(1);
    expect(rows[0].initMs.high).toBeGreaterThan(5);
  });
});
