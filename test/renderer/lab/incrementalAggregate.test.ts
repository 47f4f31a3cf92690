// Incremental aggregation: after each batch the rows equal core's aggregate over every record so
// far (records arrive in finishing order, not id order), and groups no new record fell in are
// not aggregated again (the same row objects).
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../../core/experiments/aggregate.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { IncrementalAggregate } from '../../../renderer/src/lab/incrementalAggregate.ts';
import { NO_STREAM } from '../../../core/experiments/runRecord.ts';

function record(id: number, label: string, agents: number, extra: Partial<RunRecord> = {}): RunRecord {
  const successes = (id * 7) % (agents + 1);
  return {
    id, key: `${id}:m#0/${agents}:${label}`, map: 'm', instance: id % 3, agents, solver: label, label, seed: id, status: 'solved', message: '',
    successes, arrived: successes, successRate: successes / agents, meanPathLength: successes === 0 ? NaN : 5 + (id % 4), meanLowerBound: 4, pathRatio: 1 + (id % 5) / 10,
    cyclesPerAgent: id % 2, waitsPerAgent: 0, collisions: 0, replans: id % 3, initMs: 1 + (id % 7) * 0.3, maxTurnMs: 0.5 + (id % 3), meanTurnMs: 0.1,
    turns: 10, expanded: 100, reservationsMax: 10, costModel: 'rest', sumOfCosts: 20 + id, makespan: 6, costLowerBound: NaN, costOverBound: NaN, pathStepsComputed: NaN, regionUnits: NaN, regionThroughput: NaN, regionMeanWait: NaN, regionCrossingRate: NaN, regionPeakCrossings: NaN, ...NO_STREAM, tasksFinished: NaN, tasksPerStep: NaN, elapsedMs: 2, ...extra,
  };
}

/** The runs of a small sweep: 3 solver settings × 4 agent counts × 5 repeats, a few failed. */
function sweep(): RunRecord[] {
  const runs: RunRecord[] = [];
  for (const agents of [2, 4, 8, 16]) {
    for (let repeat = 0; repeat < 5; repeat++) {
      for (const label of ['WHCA*', 'LRA*', 'OD']) {
        const id = runs.length;
        runs.push(id % 11 === 5 ? record(id, label, agents, { status: 'error', message: 'boom' }) : record(id, label, agents));
      }
    }
  }
  return runs;
}

/** A fixed shuffle: the order a pool of workers finishes runs in. */
function finishingOrder(runs: RunRecord[]): RunRecord[] {
  const out = [...runs];
  let seed = 12345;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describe('IncrementalAggregate', () => {
  it('gives core aggregate rows after every batch of records in finishing order', () => {
    const arrived = finishingOrder(sweep());
    const incremental = new IncrementalAggregate();
    let records: RunRecord[] = [];
    for (let at = 0; at < arrived.length; ) {
      const size = 1 + (at % 7);
      records = records.concat(arrived.slice(at, at + size));
      at += size;
      expect(incremental.rows(records)).toEqual(aggregate(records));
    }
    expect(incremental.rows(records)).toHaveLength(12);
  });

  it('aggregates again only the groups the new records fall in', () => {
    const runs = sweep();
    const incremental = new IncrementalAggregate();
    const first = incremental.rows(runs.slice(0, 30));
    const more = runs.slice(0, 30).concat([record(100, 'LRA*', 2)]);
    const second = incremental.rows(more);
    const changed = second.filter((row) => !first.includes(row));
    expect(changed.map((r) => [r.label, r.agents])).toEqual([['LRA*', 2]]);
    expect(second).toEqual(aggregate(more));
    // The same records again: the same rows, nothing recomputed.
    expect(incremental.rows(more)).toBe(second);
  });

  it('starts over when the records are not the ones it saw plus more (another definition, cleared, merged)', () => {
    const runs = sweep();
    const incremental = new IncrementalAggregate();
    incremental.rows(runs);
    const other = runs.slice(10, 20);
    expect(incremental.rows(other)).toEqual(aggregate(other));
    expect(incremental.rows([])).toEqual([]);
    const relabelled = runs.map((r) => ({ ...r, label: `${r.label}'` }));
    expect(incremental.rows(relabelled)).toEqual(aggregate(relabelled));
  });
});
