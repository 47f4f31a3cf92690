/**
 * Weighted A* (Game AI Pro 360's pathfinding summary, "The A* cost formula" and optimisation 4,
 * "Weighted heuristic"): priority g + weight * h. With a consistent heuristic and no reopening
 * of closed cells the path costs at most weight x optimal (Likhachev, Gordon and Thrun, ARA*,
 * 2003), which the property tests check. Supports everything A* supports.
 */
import { searchGrid } from './astar.ts';
import { type PathQuery, type PathResult, type PathSearchOptions, checkQuery } from './pathQuery.ts';
import { SearchContext } from './searchContext.ts';

/** Weight used when the options give none: the seed's practical 1.1-1.5 range, upper end. */
export const DEFAULT_HEURISTIC_WEIGHT = 1.5;

export function solveWeightedAStar(query: PathQuery, options: PathSearchOptions = {}): PathResult {
  checkQuery(query);
  const weight = options.weight ?? DEFAULT_HEURISTIC_WEIGHT;
  if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 1) {
    throw new RangeError(`weighted A* weight must be a finite number >= 1, got ${weight}`);
  }
  return searchGrid(query, weight, options.context ?? new SearchContext());
}
