/**
 * What the lab's progress line counts: runs done, runs that measured nothing (errors: could not be
 * set up, threw, crashed, hung) and runs that ran but did not solve (a solver that failed, timed
 * out or found the instance unsolvable). The line said "0 failed" beside a CSV holding a failed
 * LRA* run and a timed-out OD+ID run, because it counted only the first kind.
 */
import type { RunRecord } from '../../../core/experiments/runRecord.ts';

export interface SweepCounts {
  done: number;
  errors: number;
  unsolved: number;
}

export function sweepCounts(records: readonly RunRecord[]): SweepCounts {
  let errors = 0;
  let unsolved = 0;
  for (const r of records) {
    if (r.status === 'error') errors++;
    else if (r.status !== 'solved') unsolved++;
  }
  return { done: records.length, errors, unsolved };
}
