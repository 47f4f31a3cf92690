import { describe, expect, it } from 'vitest';
import { nextSort, resultsOrder } from '../../../renderer/src/panels/resultsOrder.ts';

describe('results order', () => {
  const costs = [5, null, 9, 5];
  const waits = [0, 7, 2, 1];

  it('sorts by cost or waits either way; units that did not arrive last; ties in unit order', () => {
    expect(resultsOrder(costs, waits, { key: 'cost', descending: true })).toEqual([2, 0, 3, 1]);
    expect(resultsOrder(costs, waits, { key: 'cost', descending: false })).toEqual([0, 3, 2, 1]);
    expect(resultsOrder(costs, waits, { key: 'waits', descending: true })).toEqual([1, 2, 3, 0]);
    expect(resultsOrder(costs, waits, { key: 'unit', descending: false })).toEqual([0, 1, 2, 3]);
  });

  it('a header click sorts by it (worst first for figures), a second click turns it round', () => {
    expect(nextSort({ key: 'unit', descending: false }, 'cost')).toEqual({ key: 'cost', descending: true });
    expect(nextSort({ key: 'cost', descending: true }, 'cost')).toEqual({ key: 'cost', descending: false });
    expect(nextSort({ key: 'cost', descending: true }, 'unit')).toEqual({ key: 'unit', descending: false });
  });
});
