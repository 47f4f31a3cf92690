/**
 * The best value of each comparison column: lowest costs, waits and time among solved runs,
 * most crossings over a region; ties all marked; nothing marked with fewer than two values; a
 * run that did not solve never wins on cost.
 */
import { describe, expect, it } from 'vitest';
import { bestMarks } from '../../../renderer/src/compare/compareBest.ts';
import type { CompareRow } from '../../../renderer/src/compare/compareRows.ts';

function row(status: string, makespan: number | null, soc: number | null, waits: number | null, ms: number, crossing: number | null): CompareRow {
  return {
    solver: 's', label: 's', settings: { solver: 's', order: 'given', seed: 1, params: {} }, status, agents: 2, arrived: 2, makespan, sumOfCosts: soc, costModel: 'rest',
    totalWait: waits, maxWait: waits, lowerBound: null, conflicts: 0,
    regions: crossing === null ? [] : [{ name: 'r', units: 2, firstEntry: 0, lastExit: 3, throughput: 1, peakThroughput: 1, entries: 2, crossings: 2, turnBacks: 0, crossingRate: crossing, peakCrossings: 2, totalWait: 0, meanWait: 0, maxWait: 0, queue: [], maxQueue: 0 }],
    solveMs: ms, paths: [], stats: { expanded: 0, generated: 0, elapsedMs: ms },
  };
}

describe('bestMarks', () => {
  it('marks the best of each column among solved runs, ties included', () => {
    const rows = [row('solved', 10, 40, 5, 12.2, 1.5), row('solved', 8, 44, 5, 3.4, 2.5), row('timeout', 2, 3, 0, 0.1, 9), row('solved', 8, 41, 7, 3.1, 2.5)];
    const m = bestMarks(rows, 1);
    expect([...m.makespan]).toEqual([1, 3]);
    expect([...m.sumOfCosts]).toEqual([0]);
    expect([...m.waits]).toEqual([0, 1]);
    // 3.4 and 3.1 ms both read "3".
    expect([...m.solveMs]).toEqual([1, 3]);
    expect([...m.regions[0]]).toEqual([1, 3]);
  });

  it('marks nothing with fewer than two values', () => {
    const m = bestMarks([row('solved', 10, 40, 5, 12, null), row('failed', null, null, null, 3, null)], 1);
    expect(m.makespan.size + m.sumOfCosts.size + m.waits.size + m.solveMs.size + m.regions[0].size).toBe(0);
  });
});
