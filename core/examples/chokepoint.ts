/**
 * The built-in example: two rooms joined by a one-cell gap in a wall, with units on both sides
 * that must cross it. Small enough to read, and a real chokepoint.
 */
import { Grid } from '../grid/grid.ts';
import { FOUR_CONNECTED } from '../grid/movement.ts';
import type { MapfInstance } from '../mapf/instance.ts';

export const CHOKEPOINT_ROWS: readonly string[] = [
  '.....@.....',
  '.....@.....',
  '.....@.....',
  '...........',
  '.....@.....',
  '.....@.....',
  '.....@.....',
];

/** Where the example's units start and want to go, as [startX, startY, goalX, goalY]. */
export const CHOKEPOINT_AGENTS: readonly (readonly [number, number, number, number])[] = [
  [1, 1, 9, 5],
  [1, 5, 9, 1],
  [9, 3, 1, 3],
  [8, 6, 2, 0],
];

export function chokepointExample(): MapfInstance {
  const grid = Grid.fromAscii(CHOKEPOINT_ROWS);
  return {
    grid,
    movement: FOUR_CONNECTED,
    agents: CHOKEPOINT_AGENTS.map(([sx, sy, gx, gy]) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy) })),
  };
}
