/**
 * Jump Point Search (Game AI Pro 360's pathfinding summary, "JPS+ — Jump Point Search Plus", "Core
 * ideas": pruning and jump points; D. Harabor and A. Grastien, "Online Graph Pruning for
 * Pathfinding on Grid Maps", AAAI 2011), in its no-corner-cutting form.
 * More on this in README.md, "jps.ts".
 */
import type { Grid } from '../grid/grid.ts';
import { TIE_BREAK } from './astar.ts';
import { type PathQuery, type PathResult, type PathSearchOptions, checkQuery, requireMovement, unreachable } from './pathQuery.ts';
import { SearchContext } from './searchContext.ts';

const SQRT2_MINUS_1 = Math.SQRT2 - 1;

export function solveJps(query: PathQuery, options: PathSearchOptions = {}): PathResult {
  checkQuery(query);
  requireMovement(query, 'JPS', { uniform: true, octileNoCut: true });
  const { grid, start, goal } = query;
  if (start === goal) return { status: 'found', path: [start], cost: 0, length: 0, expanded: 0 };
  const context = options.context ?? new SearchContext();
  const id = context.begin(grid);
  const w = grid.width;
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
    // Direction of arrival (0 for the start: every direction is open).
    let dx = 0;
    let dy = 0;
    if (from !== -1) {
      const px = from % w;
      const py = (from - px) / w;
      dx = x > px ? 1 : x < px ? -1 : 0;
      dy = y > py ? 1 : y < py ? -1 : 0;
    }
    // Each candidate direction (sx, sy) is tried by one call; the rules above pick them.
    for (let sy = -1; sy <= 1; sy++) {
      for (let sx = -1; sx <= 1; sx++) {
        if ((sx === 0 && sy === 0) || !directionOpen(grid, x, y, dx, dy, sx, sy)) continue;
        const jump = sx !== 0 && sy !== 0 ? jumpDiagonal(grid, x, y, sx, sy, goal) : jumpStraight(grid, x, y, sx, sy, goal);
        if (jump < 0 || closed[jump] === id) continue;
        const jx = jump % w;
        const jy = (jump - jx) / w;
        const run = jx !== x ? (jx > x ? jx - x : x - jx) : jy > y ? jy - y : y - jy;
        const cost = g[cell] + (sx !== 0 && sy !== 0 ? run * Math.SQRT2 : run);
        const queued = seen[jump] === id; // seen and not closed: in the open list
        if (queued && cost >= g[jump]) continue;
        seen[jump] = id;
        g[jump] = cost;
        parent[jump] = cell;
        const hx = jx > goalX ? jx - goalX : goalX - jx;
        const hy = jy > goalY ? jy - goalY : goalY - jy;
        const priority = cost + (hx > hy ? hx + SQRT2_MINUS_1 * hy : hy + SQRT2_MINUS_1 * hx) - TIE_BREAK * cost;
        if (queued) openList.decrease(jump, priority);
        else openList.push(jump, priority);
      }
    }
  }
  if (!found) return unreachable(expanded);
  const path = fillJumpPath(w, parent, goal);
  return { status: 'found', path, cost: g[goal], length: g[goal], expanded };
}

export function isFree(grid: Grid, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < grid.width && y < grid.height && grid.passable[y * grid.width + x] === 1;
}

/**
 * Whether a node at (x, y) reached moving (dx, dy) should search direction (sx, sy): the
 * natural directions, plus forced ones (see the file comment). (0, 0) arrival = the start.
 */
export function directionOpen(grid: Grid, x: number, y: number, dx: number, dy: number, sx: number, sy: number): boolean {
  if (dx === 0 && dy === 0) return true;
  if (dx !== 0 && dy !== 0) return (sx === dx && sy === dy) || (sx === dx && sy === 0) || (sx === 0 && sy === dy);
  if (dy === 0) {
    // Moving horizontally: straight on, or turning to side sy when that side is forced.
    if (sx === dx && sy === 0) return true;
    if (sx === -dx || sy === 0) return false;
    return !isFree(grid, x - dx, y + sy) && isFree(grid, x, y + sy);
  }
  if (sy === dy && sx === 0) return true;
  if (sy === -dy || sx === 0) return false;
  return !isFree(grid, x + sx, y - dy) && isFree(grid, x + sx, y);
}

/** Next jump point from (x, y) moving straight (dx, dy), or -1 at a wall. */
function jumpStraight(grid: Grid, x: number, y: number, dx: number, dy: number, goal: number): number {
  const w = grid.width;
  const h = grid.height;
  const passable = grid.passable;
  for (;;) {
    x += dx;
    y += dy;
    if (x < 0 || y < 0 || x >= w || y >= h) return -1;
    const cell = y * w + x;
    if (passable[cell] === 0) return -1;
    if (cell === goal) return cell;
    if (dy === 0) {
      if ((!isFree(grid, x - dx, y - 1) && isFree(grid, x, y - 1)) || (!isFree(grid, x - dx, y + 1) && isFree(grid, x, y + 1))) return cell;
    } else if ((!isFree(grid, x - 1, y - dy) && isFree(grid, x - 1, y)) || (!isFree(grid, x + 1, y - dy) && isFree(grid, x + 1, y))) {
      return cell;
    }
  }
}

/** Next jump point from (x, y) moving diagonally (dx, dy), or -1 where the diagonal ends. */
function jumpDiagonal(grid: Grid, x: number, y: number, dx: number, dy: number, goal: number): number {
  const w = grid.width;
  for (;;) {
    // No corner cutting: both orthogonal cells and the target must be free.
    if (!isFree(grid, x + dx, y) || !isFree(grid, x, y + dy) || !isFree(grid, x + dx, y + dy)) return -1;
    x += dx;
    y += dy;
    const cell = y * w + x;
    if (cell === goal) return cell;
    if (jumpStraight(grid, x, y, dx, 0, goal) >= 0 || jumpStraight(grid, x, y, 0, dy, goal) >= 0) return cell;
  }
}

/** Expands a chain of jump points (each in a straight or diagonal line from its parent) to every cell. */
export function fillJumpPath(width: number, parent: Int32Array, goal: number): number[] {
  const reversed: number[] = [];
  for (let cell = goal; parent[cell] !== -1; cell = parent[cell]) {
    const from = parent[cell];
    const x = cell % width;
    const y = (cell - x) / width;
    const fx = from % width;
    const fy = (from - fx) / width;
    const step = (y > fy ? width : y < fy ? -width : 0) + (x > fx ? 1 : x < fx ? -1 : 0);
    for (let c = cell; c !== from; c -= step) reversed.push(c);
  }
  let start = goal;
  while (parent[start] !== -1) start = parent[start];
  reversed.push(start);
  return reversed.reverse();
}
