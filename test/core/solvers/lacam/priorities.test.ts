/**
 * The order PIBT serves the units in at a LaCAM configuration (priorities.ts): the radix sort
 * must give exactly what a stable comparison sort by priority (descending) gives, ties by index,
 * so the search does what it did before the faster sort.
 */
import { describe, expect, it } from 'vitest';
import { PriorityOrder } from '../../../../core/solvers/lacam/priorities.ts';
import { Random } from '../../../../core/util/random.ts';

function comparisonOrder(priorities: Float32Array): number[] {
  return Array.from({ length: priorities.length }, (_, i) => i).sort((a, b) => priorities[b] - priorities[a] || a - b);
}

describe('PriorityOrder', () => {
  it('orders as a stable sort by priority descending, on ties, tiny fractions and large counts', () => {
    const random = new Random(5);
    const ranking = new PriorityOrder();
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + random.int(600);
      const priorities = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        const kind = random.int(3);
        // Whole counts (many ties), LaCAM's count + distance / n, and large counts past 2^16.
        priorities[i] = kind === 0 ? random.int(4) : kind === 1 ? random.int(300) + random.int(60) / n : 70_000 + random.next() * 1000;
      }
      expect(Array.from(ranking.order(priorities)), `trial ${trial}`).toEqual(comparisonOrder(priorities));
    }
  });

  it('a zero priority comes last, and a lone unit is its own order', () => {
    const ranking = new PriorityOrder();
    expect(Array.from(ranking.order(Float32Array.of(0, 2.5, 0, 1e-7)))).toEqual([1, 3, 0, 2]);
    expect(Array.from(ranking.order(Float32Array.of(3)))).toEqual([0]);
  });
});
