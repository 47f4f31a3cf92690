// The lab's progress line counted only runs that measured nothing, so it said "0 failed" beside
// a failed LRA* run and a timed-out OD+ID run.
import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { sweepCounts } from '../../../renderer/src/lab/sweepCounts.ts';

const record = (status: RunRecord['status']): RunRecord => ({ status } as RunRecord);

describe('sweepCounts', () => {
  it('counts runs that did not solve apart from runs that measured nothing', () => {
    expect(sweepCounts([record('solved'), record('failed'), record('timeout'), record('error'), record('solved')])).toEqual({ done: 5, errors: 1, unsolved: 2 });
    expect(sweepCounts([])).toEqual({ done: 0, errors: 0, unsolved: 0 });
  });
});
