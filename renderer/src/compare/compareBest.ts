/**
 * The best value in each column of the comparison table, marked so a designer sees at a glance
 * which solver wins on what: the fewest turns, the lowest sum of costs, the fewest waits, the
 * most crossings per 10 turns over each measured region, the shortest solve time. Only runs that
 * solved compete on costs and waits (a run that did not solve has no cost); ties are all best;
 * a column with fewer than two values to compare marks nothing.
 */
import type { CompareRow } from './compareRows.ts';

export interface BestMarks {
  makespan: Set<number>;
  sumOfCosts: Set<number>;
  waits: Set<number>;
  solveMs: Set<number>;
  /** Per measured region, in column order. */
  regions: Set<number>[];
}

function best(rows: readonly CompareRow[], value: (row: CompareRow) => number | null, better: 'low' | 'high'): Set<number> {
  const values = rows.map(value);
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length < 2) return new Set();
  const target = better === 'low' ? Math.min(...present) : Math.max(...present);
  const marked = new Set<number>();
  values.forEach((v, i) => {
    if (v === target) marked.add(i);
  });
  return marked;
}

export function bestMarks(rows: readonly CompareRow[], regionCount: number): BestMarks {
  const solved = (row: CompareRow, v: number | null) => (row.status === 'solved' ? v : null);
  return {
    makespan: best(rows, (r) => solved(r, r.makespan), 'low'),
    sumOfCosts: best(rows, (r) => solved(r, r.sumOfCosts), 'low'),
    waits: best(rows, (r) => solved(r, r.totalWait), 'low'),
    // Compared as shown (whole milliseconds), so two runs that read the same are both marked.
    solveMs: best(rows, (r) => (r.status === 'solved' ? Math.round(r.solveMs) : null), 'low'),
    regions: Array.from({ length: regionCount }, (_, k) => best(rows, (r) => solved(r, r.regions[k]?.crossingRate ?? null), 'high')),
  };
}
