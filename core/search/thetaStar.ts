/**
 * Theta* (Game AI Pro 360's pathfinding summary, "Theta* — any-angle pathfinding", ComputeCost; A. Nash,
 * K. Daniel, S. Koenig and A. Felner, AAAI 2007) on cell centres: when expanding s, a neighbour
 * s' takes parent(s) as its parent if parent(s) sees s' (path 2), otherwise s (path 1).
 * The heuristic is the straight-line distance. Paths are waypoint cells, consecutive ones in line
 * of sight (lineOfSight.ts), and their length is Euclidean.
 *
 * Because path 2 is never longer than path 1 and the straight-line heuristic is consistent on
 * grid edges, every cell is expanded with g at most its grid distance: Theta*'s path is never
 * longer than A*'s under the same movement rules (the property tests and the bench check it).
 * Uniform cost only (weighted grids throw: a segment's cost would need the weights along it);
 * 4- or 8-connected, either corner rule.
 */
import { DX, DY, STEP_LENGTH } from '../grid/movement.ts';
import { TIE_BREAK } from './astar.ts';
import { hasLineOfSight } from './lineOfSight.ts';
import { type PathQuery, type PathResult, type PathSearchOptions, checkQuery, requireMovement, tracePath, unreachable } from './pathQuery.ts';
import { SearchContext } from './searchContext.ts';

export function solveThetaStar(query: PathQuery, options: PathSearchOptions = {}): PathResult {
  checkQuery(query);
  requireMovement(query, 'Theta*', { uniform: true });
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
    closed[cell] = id;
    expanded++;
    if (cell === goal) {
      found = true;
      break;
    }
    const x = cell % w;
    const y = (cell - x) / w;
    const grandparent = parent[cell];
    const gpx = grandparent % w;
    const gpy = (grandparent - gpx) / w;
    for (let d = 0; d < dirs; d++) {
      const nx = x + DX[d];
      const ny = y + DY[d];
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const next = ny * w + nx;
      if (passable[next] === 0 || closed[next] === id) continue;
      if (d >= 4 && noCut && (passable[y * w + nx] === 0 || passable[ny * w + x] === 0)) continue;
      let cost: number;
      let via: number;
      if (grandparent !== -1 && hasLineOfSight(grid, movement, grandparent, next)) {
        const ex = nx - gpx;
        const ey = ny - gpy;
        cost = g[grandparent] + Math.sqrt(ex * ex + ey * ey);
        via = grandparent;
      } else {
        cost = g[cell] + STEP_LENGTH[d];
        via = cell;
      }
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
