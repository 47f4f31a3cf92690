// A planner that did not solve the scenario gets a sentence under the Compare table: what it
// reached, why, and whether the failure is the solver's (another planner solved it).
import { describe, expect, it } from 'vitest';
import type { CompareRow } from '../../../renderer/src/compare/compareRows.ts';
import { plannerFailureSentences } from '../../../renderer/src/compare/failureSentences.ts';

const base: CompareRow = {
  solver: 'lacam', label: 'LaCAM', settings: { solver: 'lacam', order: 'given', seed: 1, params: {} }, status: 'solved', agents: 20, arrived: 20,
  makespan: 41, sumOfCosts: 500, totalWait: 10, maxWait: 3, lowerBound: null, conflicts: 0, solveMs: 5, regions: [], stats: {} as CompareRow['stats'], paths: [[0]], costModel: 'rest',
} as CompareRow;

describe('the sentence for a planner that did not solve', () => {
  it('names RHCR\'s gridlock, what it reached, and that LaCAM solved it, so the failure is RHCR\'s', () => {
    const rhcr: CompareRow = { ...base, solver: 'rhcr', label: 'RHCR', status: 'failed', arrived: 4, makespan: null, sumOfCosts: null, message: 'gridlock at bridge from turn 41: units 3 and 17 head-on at (12, 9); 16 of 20 units stuck; the run stopped at turn 200' };
    expect(plannerFailureSentences([rhcr, base])).toEqual([
      "RHCR did not solve it (failed): 4 of 20 units reached their goals; gridlock at bridge from turn 41: units 3 and 17 head-on at (12, 9); 16 of 20 units stuck. LaCAM solved it in 41 turns, so this is RHCR's failure, not the level's.",
    ]);
  });

  it('gives the solver\'s own reason, or says it gave none, and never blames the level when no planner solved it', () => {
    const timeout: CompareRow = { ...base, solver: 'cbs', status: 'timeout', paths: [], arrived: 0, makespan: null, message: '30 s reached (lower bound 480 on the sum of costs).' };
    const silent: CompareRow = { ...base, solver: 'rhcr', status: 'failed', arrived: 7, makespan: null, message: undefined };
    expect(plannerFailureSentences([timeout, silent])).toEqual([
      'CBS did not solve it (timeout): it gave no plan; 30 s reached (lower bound 480 on the sum of costs). No planner in this comparison solved it, which does not prove the level cannot be crossed.',
      "RHCR did not solve it (failed): 7 of 20 units reached their goals; it stopped with status 'failed' and gave no reason. No planner in this comparison solved it, which does not prove the level cannot be crossed.",
    ]);
  });

  it('says nothing of solved, cancelled and crowd rows', () => {
    const crowd: CompareRow = { ...base, solver: 'orca', status: 'failed', crowd: { arrived: 12, stuck: 8, overlaps: 0, deepestOverlapPct: 0, reversals: 0, stepMsMean: 0, stepMsMax: 0 } };
    expect(plannerFailureSentences([base, crowd, { ...base, status: 'cancelled' }])).toEqual([]);
  });
});
