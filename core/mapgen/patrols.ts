/**
 * Random patrols on any map, for experiments among moving obstacles: each patrol walks
 * back and forth (ping-pong) between a random free cell and a cell `routeLength` moves from it
 * (4-connected), seeded, so every solver of an instance meets the same guards. Patrols start on
 * cells of `avoid` (the units' starts) never, and on each other's starts never.
 */
import type { Grid } from '../grid/grid.ts';
import { FOUR_CONNECTED, stepCell } from '../grid/movement.ts';
import type { MovingObstacle } from '../mapf/obstacles.ts';
import { Random } from '../util/random.ts';

export interface PatrolSpec {
  count: number;
  /** Moves between a patrol's two waypoints (the farthest reachable when fewer). */
  routeLength: number;
  /** Turns a step takes. */
  speed: number;
}

export function randomPatrols(grid: Grid, spec: PatrolSpec, seed: number, avoid: ReadonlySet<number>): MovingObstacle[] {
  const random = new Random(seed);
  const free: number[] = [];
  for (let cell = 0; cell < grid.cells; cell++) if (grid.passable[cell] === 1 && !avoid.has(cell)) free.push(cell);
  const taken = new Set<number>();
  const patrols: MovingObstacle[] = [];
  for (let tries = 0; patrols.length < spec.count && tries < spec.count * 20 && free.length > 0; tries++) {
    const from = free[random.int(free.length)];
    if (taken.has(from)) continue;
    // Breadth-first to routeLength moves; the cells at the last level reached are the candidates.
    const seen = new Set([from]);
    let level = [from];
    for (let depth = 0; depth < spec.routeLength; depth++) {
      const next: number[] = [];
      for (const cell of level) {
        for (let d = 0; d < 4; d++) {
          const n = stepCell(grid, FOUR_CONNECTED, cell, d);
          if (n >= 0 && !seen.has(n)) {
            seen.add(n);
            next.push(n);
          }
        }
      }
      if (next.length === 0) break;
      level = next;
    }
    if (level.length === 0 || level[0] === from) continue;
    const to = level[random.int(level.length)];
    taken.add(from);
    patrols.push({ id: `patrol${patrols.length + 1}`, size: 1, speed: spec.speed, route: [from, to], mode: 'ping-pong', startTurn: 0 });
  }
  return patrols;
}
