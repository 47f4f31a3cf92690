/**
 * Moving obstacles (Patel, "Dealing with moving obstacles"): patrolling guards, carts, a ferry. An obstacle follows its route of waypoints along
 * a shortest 4-connected path between consecutive waypoints, one cell every `speed` turns, and
 * its timetable is fixed: the path between two waypoints is found by a breadth-first search
 * whose neighbours are tried in one order (up, right, down, left: movement.ts's directions), so
 * the same scenario always gives the same cells. Obstacles never plan.
 *
 * `mode`: 'loop' goes back to the first waypoint and round again, 'ping-pong' walks the route
 * back and forth, 'once' stops at the last waypoint for good. Before `startTurn` it stands on
 * its first waypoint. A footprint of `size` cells a side is anchored at its top-left cell, like
 * a unit's, and its anchor only crosses cells where it fits.
 *
 * This is the timetable: where the obstacle means to be. The simulator moves it along it and
 * lets it fall behind when a unit stands in its way (right of way: obstacles wait).
 */
import type { Grid } from '../grid/grid.ts';
import { computeClearance } from '../grid/footprint.ts';
import { stepCell } from '../grid/movement.ts';
import { FOUR_CONNECTED } from '../grid/movement.ts';
import { cellAt } from './plan.ts';

export const OBSTACLE_MODES = ['loop', 'ping-pong', 'once'] as const;
export type ObstacleMode = (typeof OBSTACLE_MODES)[number];

export interface MovingObstacle {
  id: string;
  /** Side of the square footprint (default 1). */
  size?: number;
  /** Turns one step takes (default 1). */
  speed?: number;
  /** Waypoints as cells; at least one. */
  route: readonly number[];
  mode: ObstacleMode;
  /** Turn it sets off (default 0). */
  startTurn?: number;
}

/** A problem with an obstacle, naming it and the waypoint (0-based index; -1: the obstacle as a whole). */
export class ObstacleError extends Error {
  constructor(
    readonly obstacle: string,
    readonly waypoint: number,
    readonly reason: string,
  ) {
    super(`obstacle '${obstacle}'${waypoint >= 0 ? `, waypoint ${waypoint + 1}` : ''}: ${reason}`);
    this.name = 'ObstacleError';
  }
}

export interface ObstacleTimetable {
  obstacle: MovingObstacle;
  /** The anchor's cells along one pass of the route: waypoint 1 … last waypoint (and back to the first for 'loop'). */
  cells: Int32Array;
}

/** The cells from `from` to `to` by the fixed-order breadth-first search, or null when there is no way. */
function shortestFixedPath(grid: Grid, from: number, to: number, fits: (cell: number) => boolean): number[] | null {
  if (from === to) return [from];
  const parent = new Int32Array(grid.cells).fill(-1);
  parent[from] = from;
  const queue = new Int32Array(grid.cells);
  let head = 0;
  let tail = 0;
  queue[tail++] = from;
  while (head < tail) {
    const cell = queue[head++];
    for (let d = 0; d < 4; d++) {
      const next = stepCell(grid, FOUR_CONNECTED, cell, d);
      if (next < 0 || parent[next] !== -1 || !fits(next)) continue;
      parent[next] = cell;
      if (next === to) {
        const path = [to];
        for (let c = cell; c !== from; c = parent[c]) path.push(c);
        path.push(from);
        return path.reverse();
      }
      queue[tail++] = next;
    }
  }
  return null;
}

/** The timetable of `obstacle` on `grid`; throws ObstacleError naming the waypoint at fault. */
export function obstacleTimetable(grid: Grid, obstacle: MovingObstacle, clearance?: Uint16Array): ObstacleTimetable {
  const size = obstacle.size ?? 1;
  const fail = (waypoint: number, reason: string): never => {
    throw new ObstacleError(obstacle.id, waypoint, reason);
  };
  if (!OBSTACLE_MODES.includes(obstacle.mode)) fail(-1, `unknown mode '${obstacle.mode}' (known: ${OBSTACLE_MODES.join(', ')})`);
  if (obstacle.route.length === 0) fail(-1, 'its route has no waypoints');
  const fitsTable = size === 1 ? null : (clearance ?? computeClearance(grid));
  const fits = (cell: number) => grid.passable[cell] === 1 && (fitsTable === null || fitsTable[cell] >= size);
  obstacle.route.forEach((cell, i) => {
    if (!Number.isInteger(cell) || cell < 0 || cell >= grid.cells) fail(i, `it is off the ${grid.width}x${grid.height} map`);
    if (!fits(cell)) fail(i, `(${grid.x(cell)}, ${grid.y(cell)}) is ${grid.passable[cell] === 0 ? 'in a wall' : `where its ${size}x${size} footprint does not fit`}`);
  });
  const stops = obstacle.mode === 'loop' && obstacle.route.length > 1 ? [...obstacle.route, obstacle.route[0]] : [...obstacle.route];
  const cells: number[] = [stops[0]];
  for (let i = 1; i < stops.length; i++) {
    const leg = shortestFixedPath(grid, stops[i - 1], stops[i], fits);
    if (leg === null) fail(i % obstacle.route.length, `no path reaches it from waypoint ${i}`);
    cells.push(...leg!.slice(1));
  }
  return { obstacle, cells: Int32Array.from(cells) };
}

/** Steps along the route taken by turn `t` (before any delay): one every `speed` turns from startTurn. */
function stepsAt(timetable: ObstacleTimetable, t: number): number {
  const { speed = 1, startTurn = 0 } = timetable.obstacle;
  return t <= startTurn ? 0 : Math.floor((t - startTurn) / speed);
}

/**
 * The anchor cell after `steps` steps along the route: 'once' stays at the end, 'loop' goes
 * round (its cells end where they began), 'ping-pong' turns back at each end.
 */
export function cellAfterSteps(timetable: ObstacleTimetable, steps: number): number {
  const cells = timetable.cells;
  const last = cells.length - 1;
  if (last === 0) return cells[0];
  switch (timetable.obstacle.mode) {
    case 'once':
      return cells[Math.min(steps, last)];
    case 'loop':
      return cells[steps % last];
    case 'ping-pong': {
      const k = steps % (2 * last);
      return cells[k <= last ? k : 2 * last - k];
    }
  }
}

/** Where the timetable puts the obstacle's anchor at turn `t`. */
export function timetableCell(timetable: ObstacleTimetable, t: number): number {
  return cellAfterSteps(timetable, stepsAt(timetable, t));
}

/** Whether `cell` lies in the square footprint of `size` cells anchored at `anchor` (top-left), on a map `width` wide. */
export function inFootprint(cell: number, anchor: number, size: number, width: number): boolean {
  if (size === 1) return cell === anchor;
  const dx = (cell % width) - (anchor % width);
  const dy = Math.floor(cell / width) - Math.floor(anchor / width);
  return dx >= 0 && dy >= 0 && dx < size && dy < size;
}

/** A unit and an obstacle in one cell at one turn, or swapping cells between two turns. */
export interface ObstacleViolation {
  kind: 'same-cell' | 'swap';
  /** 0-based unit and obstacle indices; the turn the conflict is seen at. */
  unit: number;
  obstacle: number;
  t: number;
  cell: number;
}

/**
 * Checks units' executed paths against obstacles' executed anchors (paths hold a cell per turn;
 * each stays on its last cell after its path ends). An obstacle larger than one cell (`sizes`, on
 * a map `width` wide) holds its whole footprint, and so does a unit larger than one cell
 * (`unitSizes`); a unit crossing an obstacle is a swap: the unit steps onto cells the footprint
 * left while the footprint takes the unit's.
 */
export function obstacleViolations(
  unitPaths: readonly (readonly number[])[],
  obstaclePaths: readonly (readonly number[])[],
  sizes?: readonly number[],
  width = 0,
  unitSizes?: readonly number[],
): ObstacleViolation[] {
  const found: ObstacleViolation[] = [];
  const turns = Math.max(0, ...unitPaths.map((p) => p.length), ...obstaclePaths.map((p) => p.length));
  unitPaths.forEach((unit, u) => {
    if (unit.length === 0) return;
    const us = unitSizes?.[u] ?? 1;
    obstaclePaths.forEach((obstacle, o) => {
      if (obstacle.length === 0) return;
      const size = sizes?.[o] ?? 1;
      // The two squares overlap (a one-cell pair: the same cell).
      const overlap = (anchor: number, cell: number) => {
        if (size === 1 && us === 1) return anchor === cell;
        const dx = (cell % width) - (anchor % width);
        const dy = Math.floor(cell / width) - Math.floor(anchor / width);
        return dx > -us && dy > -us && dx < size && dy < size;
      };
      for (let t = 0; t < turns; t++) {
        const a = cellAt(unit, t);
        const b = cellAt(obstacle, t);
        if (overlap(b, a)) found.push({ kind: 'same-cell', unit: u, obstacle: o, t, cell: a });
        else if (t > 0 && overlap(cellAt(obstacle, t - 1), a) && overlap(b, cellAt(unit, t - 1))) found.push({ kind: 'swap', unit: u, obstacle: o, t, cell: a });
      }
    });
  });
  return found;
}
