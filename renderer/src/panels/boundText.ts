/**
 * The solver's proved lower bound on the optimal sum of costs (cbs, eecbs, lacam-star), and the
 * plan's cost over it: how far from optimal the plan can be at most. Null without a bound.
 * Which bound it is depends on the solver: CBS and EECBS bound the optimum of the `rest` model
 * they minimise (the least cost in their open lists: Sharon et al. 2015; Li, Ruml and Koenig
 * 2021); LaCAM*'s is the root's heuristic, the sum of each unit's distance to its goal alone on
 * the map (Okumura 2023), which no plan beats in either cost model.
 */
import type { CostModel } from '../../../core/mapf/plan.ts';

export function boundText(bound: number | undefined, sumOfCosts: number | null): string | null {
  if (typeof bound !== 'number' || !Number.isFinite(bound) || bound <= 0) return null;
  const ratio = sumOfCosts === null ? '' : `; sum of costs / bound ${(sumOfCosts / bound).toFixed(3)}${sumOfCosts === bound ? ' (optimal)' : ''}`;
  return `Proved lower bound on the sum of costs: ${bound}${ratio}`;
}

const REST = "the 'rest' cost model (each unit's turns until it rests on its goal for good)";

/** What a solver's bound is a bound of, and how it was proved; null for a solver that proves none. */
export function boundMeaning(solver: string): { models: readonly CostModel[]; how: string } | null {
  if (solver === 'cbs') return { models: ['rest'], how: `the least cost of a node CBS had not yet expanded: no plan costs less in ${REST}` };
  if (solver === 'eecbs') return { models: ['rest'], how: `the least lower bound in EECBS's open list: no plan costs less in ${REST}; its plan costs at most w times it` };
  if (solver === 'lacam-star') return { models: ['rest', 'away'], how: "the sum of each unit's shortest distance to its goal, as if it were alone on the map: no plan costs less in either cost model ('rest' or 'away')" };
  return null;
}

/** The Bound column's heading tooltip: what the figure is, in which cost model, for each solver that gives one. */
export const BOUND_HEADING_TITLE =
  "Bound: a lower bound on the optimal sum of costs, proved by the solver's search (no plan of this scenario costs less). " +
  "CBS and EECBS: in the 'rest' cost model (each unit's turns until it rests on its goal for good), the least cost left in their search. " +
  "LaCAM*: the sum of the units' shortest distances to their goals, a bound in both cost models. Other solvers prove none (—). " +
  'Point at a value for its solver and how far the plan can be from optimal.';

/**
 * A bound's tooltip: the figure, the cost model it bounds, how the solver proved it and what it says
 * about this plan (`sumOfCosts` in `model`, the comparison's cost model).
 */
export function boundTitle(solver: string, bound: number | null | undefined, sumOfCosts: number | null, model: CostModel): string {
  const meaning = boundMeaning(solver);
  if (typeof bound !== 'number' || !Number.isFinite(bound) || bound <= 0 || meaning === null) return `${solver} proves no lower bound on the sum of costs.`;
  const head = `Lower bound ${bound} on the optimal sum of costs: ${meaning.how}.`;
  if (sumOfCosts === null) return head;
  if (!meaning.models.includes(model)) return `${head} This table's sum of costs is in the '${model}' model, so it is not measured against this bound.`;
  const ratio = sumOfCosts / bound;
  return `${head} This plan's ${sumOfCosts} ('${model}') is ${sumOfCosts === bound ? 'optimal' : `at most ${ratio.toFixed(3)}× the optimum`}.`;
}
