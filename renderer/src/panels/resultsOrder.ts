/** The results table's row order (rows sortable): by unit, cost or waits, either way; ties keep unit order. */
export type ResultsKey = 'unit' | 'cost' | 'waits';

export interface ResultsSort {
  key: ResultsKey;
  descending: boolean;
}

/** Unit indexes in display order; a unit that did not arrive (cost null) sorts after every cost, whichever way. */
export function resultsOrder(costs: readonly (number | null)[], waits: readonly number[], sort: ResultsSort): number[] {
  const order = costs.map((_, i) => i);
  const sign = sort.descending ? -1 : 1;
  const value = (i: number): number | null => (sort.key === 'unit' ? i : sort.key === 'cost' ? costs[i] : waits[i]);
  return order.sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? a - b : va === null ? 1 : -1;
    return va !== vb ? sign * (va - vb) : a - b;
  });
}

/** A click on a header: that column ascending, or the other way when it already is the sort. */
export function nextSort(current: ResultsSort, key: ResultsKey): ResultsSort {
  return current.key === key ? { key, descending: !current.descending } : { key, descending: key !== 'unit' };
}
