/**
 * A* on a grid (Game AI Pro 360's pathfinding summary, "The A* cost formula", "Heuristic choice on a
 * grid", "Open and closed lists", "A* implementation optimisations" 3, 6 and 7).
 * More on this in README.md, "astar.ts".
 */
import { DX, DY, STEP_LENGTH } from '../grid/movement.ts';
import { moveMasksFor } from './moveMasks.ts';
import { type PathQuery, type PathResult, type PathSearchOptions, checkQuery, tracePath, unreachable } from './pathQuery.ts';
import { SearchContext } from './searchContext.ts';

export const TIE_BREAK = 1e-10;
const SQRT2_MINUS_1 = Math.SQRT2 - 1;

/** Optimal path by A*. Supports 4/8-connectivity, both corner rules and cell weights. */
export function solveAStar(query: PathQuery, options: PathSearchOptions = {}): PathResult {
  checkQuery(query);
  return searchGrid(query, 1, options.context ?? new SearchContext());
}

/**
 * Best-first search with priority g + heuristicWeight * h (minus the tie-break term).
 * Expects a checked query.
 */
export function searchGrid(query: PathQuery, heuristicWeight: number, context: SearchContext): PathResult {
  const { grid, movement, start, goal } = query;
  if (start === goal) return { status: 'found', path: [start], cost: 0, length: 0, expanded: 0 };
  const integral = movement.connectivity === 4 && grid.weight === null && (heuristicWeight === 0 || heuristicWeight === 1);
  return integral ? searchBuckets(query, heuristicWeight, context) : searchHeap(query, heuristicWeight, context);
}

function searchHeap(query: PathQuery, heuristicWeight: number, context: SearchContext): PathResult {
  const { grid, movement, start, goal } = query;
  const steps = moveMasksFor(grid, movement, context.moveMasks);
  context.moveMasks = steps;
  const id = context.begin(grid);
  const w = grid.width;
  const weights = grid.weight;
  const { masks, offsets } = steps;
  const { g, parent, seen, closed, openList } = context;
  const dirs = movement.connectivity === 8 ? 8 : 4;
  const octile = dirs === 8;
  const goalX = goal % w;
  const goalY = (goal - goalX) / w;

  g[start] = 0;
  parent[start] = -1;
  seen[start] = id;
  openList.push(start, 0);
  let expanded = 0;
  let found = false;
  while (openList.length > 0) {
    const cell = openList.pop();
    closed[cell] = id;
    expanded++;
    if (cell === goal) {
      found = true;
      break;
    }
    const x = cell % w;
    const y = (cell - x) / w;
    const base = g[cell];
    const from = parent[cell];
    const mask = masks[cell];
    for (let d = 0; d < dirs; d++) {
      if ((mask & (1 << d)) === 0) continue; // off the map, a wall or a cut corner
      const next = cell + offsets[d];
      if (next === from || closed[next] === id) continue;
      const cost = weights === null ? base + STEP_LENGTH[d] : base + STEP_LENGTH[d] * weights[next];
      const queued = seen[next] === id;
      if (queued && cost >= g[next]) continue;
      seen[next] = id;
      g[next] = cost;
      parent[next] = cell;
      const nx = x + DX[d];
      const ny = y + DY[d];
      const dx = nx > goalX ? nx - goalX : goalX - nx;
      const dy = ny > goalY ? ny - goalY : goalY - ny;
      const estimate = octile ? (dx > dy ? dx + SQRT2_MINUS_1 * dy : dy + SQRT2_MINUS_1 * dx) : dx + dy;
      const priority = cost + heuristicWeight * estimate - TIE_BREAK * cost;
      // Seen and not closed means queued: move it up rather than queue a duplicate.
      if (queued) openList.decrease(next, priority);
      else openList.push(next, priority);
    }
  }
  if (!found) return unreachable(expanded);
  const path = tracePath(parent, goal);
  return { status: 'found', path, cost: g[goal], length: gridPathLength(w, path), expanded };
}

/** 4-connected, uniform cost: integer f values, so a bucket queue instead of the heap. */
function searchBuckets(query: PathQuery, heuristicWeight: number, context: SearchContext): PathResult {
  const { grid, start, goal } = query;
  const id = context.begin(grid);
  const w = grid.width;
  const h = grid.height;
  const passable = grid.passable;
  const { g, parent, seen, closed, buckets } = context;
  const goalX = goal % w;
  const goalY = (goal - goalX) / w;
  // f never exceeds (cells + w + h): g is at most the number of cells, h at most w + h.
  buckets.reset(w * h + w + h);

  g[start] = 0;
  parent[start] = -1;
  seen[start] = id;
  buckets.push(start, 0);
  let expanded = 0;
  let found = false;
  while (buckets.length > 0) {
    const cell = buckets.pop();
    if (closed[cell] === id) continue;
    closed[cell] = id;
    expanded++;
    if (cell === goal) {
      found = true;
      break;
    }
    const x = cell % w;
    const y = (cell - x) / w;
    const cost = g[cell] + 1;
    const from = parent[cell];
    for (let d = 0; d < 4; d++) {
      const nx = x + DX[d];
      const ny = y + DY[d];
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const next = ny * w + nx;
      if (next === from || passable[next] === 0 || closed[next] === id) continue;
      if (seen[next] === id && cost >= g[next]) continue;
      seen[next] = id;
      g[next] = cost;
      parent[next] = cell;
      const dx = nx > goalX ? nx - goalX : goalX - nx;
      const dy = ny > goalY ? ny - goalY : goalY - ny;
      buckets.push(next, cost + heuristicWeight * (dx + dy));
    }
  }
  if (!found) return unreachable(expanded);
  const path = tracePath(parent, goal);
  return { status: 'found', path, cost: g[goal], length: path.length - 1, expanded };
}

/** Octile length of a path of adjacent cells (1 per orthogonal step, √2 per diagonal one). */
export function gridPathLength(width: number, path: readonly number[]): number {
  let length = 0;
  for (let i = 1; i < path.length; i++) {
    const delta = path[i] - path[i - 1];
    length += delta === 1 || delta === -1 || delta === width || delta === -width ? 1 : Math.SQRT2;
  }
  return length;
}
