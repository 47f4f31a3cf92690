/**
 * Lazy Theta* (Game AI Pro 360's pathfinding summary, "Theta* — any-angle pathfinding": "Lazy Theta*
 * defers the line-of-sight check to expansion time"; A. Nash, S. Koenig and C. Tovey, AAAI 2010).
 * A generated neighbour optimistically takes its generator's parent as its own; when the
 * neighbour is expanded, the line of sight to that parent is checked once, and if it fails the
 * neighbour falls back to the best expanded grid neighbour (SetVertex). Fewer line-of-sight
 * checks than Theta*, paths nearly as short; unlike Theta*, a path is not guaranteed to be no
 * longer than A*'s (the bench counts how often it is).
 * Uniform cost only (weighted grids throw); 4- or 8-connected, either corner rule.
 */
import { DX, DY, STEP_LENGTH } from '../grid/movement.ts';
import { TIE_BREAK } from './astar.ts';
import { hasLineOfSight } from './lineOfSight.ts';
import { type PathQuery, type PathResult, type PathSearchOptions, checkQuery, requireMovement, tracePath, unreachable } from './pathQuery.ts';
import { SearchContext } from './searchContext.ts';

export function solveLazyThetaStar(query: PathQuery, options: PathSearchOptions = {}): PathResult {
  checkQuery(query);
  requireMovement(query, 'Lazy Theta*', { uniform: true });
  const { grid, movement, start, goal } = query;
  if (start === goal) return { status: 'found', path: [start], cost: 0, length: 0, expanded: 0 };
  const context = options.context ?? new SearchContext();
  const id = context.begin(grid);
  const w = grid.width;
  const h = grid.height;
  const passable = grid.passable;
  const { g, parent, seen, closed, openList } = context;
  const dirs = movement.connectivity === 8 ? 8 : 4;
  const noCut = movement.corners === 'no-cut';
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
    const x = cell % w;
    const y = (cell - x) / w;
    // SetVertex: the optimistic parent must actually see this cell.
    const assumed = parent[cell];
    if (assumed !== -1 && !hasLineOfSight(grid, movement, assumed, cell)) {
      let best = Infinity;
      let bestParent = -1;
      for (let d = 0; d < dirs; d++) {
        const px = x + DX[d];
        const py = y + DY[d];
        if (px < 0 || py < 0 || px >= w || py >= h) continue;
        const p = py * w + px;
        if (closed[p] !== id) continue;
        if (d >= 4 && noCut && (passable[y * w + px] === 0 || passable[py * w + x] === 0)) continue;
        const candidate = g[p] + STEP_LENGTH[d];
        if (candidate < best) {
          best = candidate;
          bestParent = p;
        }
      }
      g[cell] = best;
      parent[cell] = bestParent;
    }
    closed[cell] = id;
    expanded++;
    if (cell === goal) {
      found = true;
      break;
    }
    const via = parent[cell] === -1 ? cell : parent[cell];
    const vx = via % w;
    const vy = (via - vx) / w;
    for (let d = 0; d < dirs; d++) {
      const nx = x + DX[d];
      const ny = y + DY[d];
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const next = ny * w + nx;
      if (passable[next] === 0 || closed[next] === id) continue;
      if (d >= 4 && noCut && (passable[y * w + nx] === 0 || passable[ny * w + x] === 0)) continue;
      // Path 2, assumed: the line of sight from `via` is checked when `next` is expanded.
      const ex = nx - vx;
      const ey = ny - vy;
      const cost = g[via] + Math.sqrt(ex * ex + ey * ey);
      const queued = seen[next] === id; // seen and not closed: in the open list
      if (queued && cost >= g[next]) continue;
      seen[next] = id;
      g[next] = cost;
      parent[next] = via;
      const hx = nx - goalX;
      const hy = ny - goalY;
      const priority = cost + Math.sqrt(hx * hx + hy * hy) - TIE_BREAK * cost;
      if (queued) openList.decrease(next, priority);
      else openList.push(next, priority);
    }
  }
  if (!found) return unreachable(expanded);
  return { status: 'found', path: tracePath(parent, goal), cost: g[goal], length: g[goal], expanded };
}

