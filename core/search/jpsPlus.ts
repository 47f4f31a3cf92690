/**
 * JPS+ runtime (Game AI Pro 360's pathfinding summary, "JPS+ — Jump Point Search Plus", the runtime
 * pseudocode; S. Rabin and F. Silva, Game AI Pro 2 ch. 14): JPS whose jumps are table lookups
 * (jumpTable.ts). From a node, each direction the pruning rules allow (jps.ts `directionOpen`):
 * - straight: if the goal lies ahead within the stored distance, the goal is the successor;
 *   otherwise a positive distance names the next jump point;
 * - diagonal: if the goal lies in that quadrant and the diagonal crosses the goal's row or
 *   column within the stored distance, the crossing cell becomes a "target" jump point;
 *   otherwise a positive distance names the next jump point.
 * Uniform-cost, 8-connected grids without corner cutting only (others throw); optimal there.
 * The table is cached in the SearchContext and rebuilt when grid.version changes.
 */
import { DX, DY } from '../grid/movement.ts';
import { TIE_BREAK } from './astar.ts';
import { directionOpen, fillJumpPath } from './jps.ts';
import { jumpTableFor } from './jumpTable.ts';
import { type PathQuery, type PathResult, type PathSearchOptions, checkQuery, requireMovement, unreachable } from './pathQuery.ts';
import { SearchContext } from './searchContext.ts';

const SQRT2_MINUS_1 = Math.SQRT2 - 1;

export function solveJpsPlus(query: PathQuery, options: PathSearchOptions = {}): PathResult {
  checkQuery(query);
  requireMovement(query, 'JPS+', { uniform: true, octileNoCut: true });
  const { grid, start, goal } = query;
  const context = options.context ?? new SearchContext();
  const table = jumpTableFor(grid, context.jumpTable);
  context.jumpTable = table;
  if (start === goal) return { status: 'found', path: [start], cost: 0, length: 0, expanded: 0 };
  const id = context.begin(grid);
  const w = grid.width;
  const distance = table.distance;
  const { g, parent, seen, closed, openList } = context;
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
    const from = parent[cell];
    let dx = 0;
    let dy = 0;
    if (from !== -1) {
      const px = from % w;
      const py = (from - px) / w;
      dx = x > px ? 1 : x < px ? -1 : 0;
      dy = y > py ? 1 : y < py ? -1 : 0;
    }
    const toGoalX = goalX - x;
    const toGoalY = goalY - y;
    const goalDx = toGoalX > 0 ? toGoalX : -toGoalX;
    const goalDy = toGoalY > 0 ? toGoalY : -toGoalY;
    for (let d = 0; d < 8; d++) {
      const sx = DX[d];
      const sy = DY[d];
      if (!directionOpen(grid, x, y, dx, dy, sx, sy)) continue;
      const stored = distance[cell * 8 + d];
      const reach = stored > 0 ? stored : -stored;
      let steps = 0;
      if (d < 4) {
        // Is the goal straight ahead within reach?
        const ahead = sx !== 0 ? toGoalY === 0 && (toGoalX > 0) === (sx > 0) && goalDx <= reach : toGoalX === 0 && (toGoalY > 0) === (sy > 0) && goalDy <= reach;
        if (ahead) steps = sx !== 0 ? goalDx : goalDy;
        else if (stored > 0) steps = stored;
      } else {
        const cross = goalDx < goalDy ? goalDx : goalDy;
        if (cross > 0 && (toGoalX > 0) === (sx > 0) && (toGoalY > 0) === (sy > 0) && cross <= reach) steps = cross;
        else if (stored > 0) steps = stored;
      }
      if (steps === 0) continue;
      const next = cell + steps * (sy * w + sx);
      if (closed[next] === id) continue;
      const cost = g[cell] + (d < 4 ? steps : steps * Math.SQRT2);
      const queued = seen[next] === id; // seen and not closed: in the open list
      if (queued && cost >= g[next]) continue;
      seen[next] = id;
      g[next] = cost;
      parent[next] = cell;
      const nx = x + steps * sx;
      const ny = y + steps * sy;
      const hx = nx > goalX ? nx - goalX : goalX - nx;
      const hy = ny > goalY ? ny - goalY : goalY - ny;
      const priority = cost + (hx > hy ? hx + SQRT2_MINUS_1 * hy : hy + SQRT2_MINUS_1 * hx) - TIE_BREAK * cost;
      if (queued) openList.decrease(next, priority);
      else openList.push(next, priority);
    }
  }
  if (!found) return unreachable(expanded);
  const path = fillJumpPath(w, parent, goal);
  return { status: 'found', path, cost: g[goal], length: g[goal], expanded };
}
