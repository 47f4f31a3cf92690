/**
 * Point-to-point Dijkstra: A*'s loop with the heuristic switched off (Game AI Pro 360's
 * pathfinding summary, "weight = 0 degenerates to Dijkstra"), stopping when the goal is
 * expanded. For the distance from every cell to one goal, use distanceTable.ts instead.
 * Supports 4/8-connectivity, both corner rules and cell weights.
 */
import { searchGrid } from './astar.ts';
import { type PathQuery, type PathResult, type PathSearchOptions, checkQuery } from './pathQuery.ts';
import { SearchContext } from './searchContext.ts';

export function solveDijkstra(query: PathQuery, options: PathSearchOptions = {}): PathResult {
  checkQuery(query);
  return searchGrid(query, 0, options.context ?? new SearchContext());
}
