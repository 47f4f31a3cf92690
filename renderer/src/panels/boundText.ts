/**
 * The solver's proved lower bound on the optimal sum of costs (cbs, eecbs, lacam-star), and the
 * plan's cost over it: how far from optimal the plan can be at most. Null without a bound.
 */
export function boundText(bound: number | undefined, sumOfCosts: number | null): string | null {
  if (typeof bound !== 'number' || !Number.isFinite(bound) || bound <= 0) return null;
  const ratio = sumOfCosts === null ? '' : `; sum of costs / bound ${(sumOfCosts / bound).toFixed(3)}${sumOfCosts === bound ? ' (optimal)' : ''}`;
  return `Proved lower bound on the sum of costs: ${bound}${ratio}`;
}
