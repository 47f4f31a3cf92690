/**
 * Post-smoothing of grid paths (Game AI Pro 360's pathfinding summary, "Path post-processing
 * (rubber-band smoothing)"): walk the path and drop every waypoint the previous kept waypoint can
 * see past, using the same line of sight as Theta* (lineOfSight.ts). Returns the kept waypoints
 * (first and last cells always kept) and the Euclidean length.
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import { hasLineOfSight } from './lineOfSight.ts';
import { euclideanLength } from './pathQuery.ts';

export interface SmoothedPath {
  path: number[];
  length: number;
}

export function smoothPath(grid: Grid, movement: Movement, path: readonly number[]): SmoothedPath {
  if (path.length <= 2) return { path: path.slice(), length: euclideanLength(grid, path) };
  const kept = [path[0]];
  let anchor = path[0];
  for (let i = 1; i < path.length - 1; i++) {
    if (!hasLineOfSight(grid, movement, anchor, path[i + 1])) {
      anchor = path[i];
      kept.push(anchor);
    }
  }
  kept.push(path[path.length - 1]);
  return { path: kept, length: euclideanLength(grid, kept) };
}
