/**
 * JPS+ preprocessing (Game AI Pro 360's pathfinding summary, "JPS+ preprocessing" and "Four jump point
 * types"; S. Rabin and F. Silva, Game AI Pro 2 ch. 14): for every cell and each of the 8
 * directions, the distance to the next jump point (> 0) or to the wall (<= 0, stored negated:
 * -k means k free steps then a wall).
 *
 * Same no-corner-cutting rules as jps.ts: a cell is a primary jump point for travel direction E
 * when (x-1, y±1) is blocked and (x, y±1) free (and so on by symmetry); a straight distance stops
 * at primary jump points; a diagonal distance stops at a cell whose straight distance in either
 * component direction is positive (a straight jump point), and a diagonal step needs both
 * orthogonal cells free. Uniform-cost 8-connected grids only.
 *
 * The table is rebuilt when the grid's version (or size) changes; it costs 8 Int16 per cell.
 */
import type { Grid } from '../grid/grid.ts';
import { DX, DY } from '../grid/movement.ts';

export interface JumpTable {
  grid: Grid;
  /** grid.version the distances were computed for. */
  version: number;
  width: number;
  height: number;
  /** distance[cell * 8 + d] for directions d in DX/DY order (N, E, S, W, NE, SE, SW, NW). */
  distance: Int16Array;
}

/** The table for `grid`, reusing `previous` when it is still valid (or its memory when sizes match). */
export function jumpTableFor(grid: Grid, previous: JumpTable | null): JumpTable {
  if (previous && previous.grid === grid && previous.version === grid.version && previous.width === grid.width && previous.height === grid.height) {
    return previous;
  }
  const cells = grid.width * grid.height;
  const distance = previous && previous.distance.length === cells * 8 ? previous.distance : new Int16Array(cells * 8);
  buildJumpDistances(grid, distance);
  return { grid, version: grid.version, width: grid.width, height: grid.height, distance };
}

function free(grid: Grid, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < grid.width && y < grid.height && grid.passable[y * grid.width + x] === 1;
}

/** Whether a unit entering (x, y) moving straight in direction d (0..3) has a forced neighbour. */
function isPrimary(grid: Grid, x: number, y: number, d: number): boolean {
  const dx = DX[d];
  const dy = DY[d];
  if (dy === 0) return (!free(grid, x - dx, y - 1) && free(grid, x, y - 1)) || (!free(grid, x - dx, y + 1) && free(grid, x, y + 1));
  return (!free(grid, x - 1, y - dy) && free(grid, x - 1, y)) || (!free(grid, x + 1, y - dy) && free(grid, x + 1, y));
}

function buildJumpDistances(grid: Grid, distance: Int16Array): void {
  const w = grid.width;
  const h = grid.height;
  distance.fill(0);
  // Straight directions: each cell's distance follows from its neighbour's in that direction,
  // so sweep against the direction of travel.
  for (let d = 0; d < 4; d++) {
    const dx = DX[d];
    const dy = DY[d];
    const xFrom = dx > 0 ? w - 1 : 0;
    const xStep = dx > 0 ? -1 : 1;
    const yFrom = dy > 0 ? h - 1 : 0;
    const yStep = dy > 0 ? -1 : 1;
    for (let y = yFrom; y >= 0 && y < h; y += yStep) {
      for (let x = xFrom; x >= 0 && x < w; x += xStep) {
        if (!free(grid, x, y)) continue;
        const nx = x + dx;
        const ny = y + dy;
        let value = 0;
        if (free(grid, nx, ny)) {
          if (isPrimary(grid, nx, ny, d)) value = 1;
          else {
            const next = distance[(ny * w + nx) * 8 + d];
            value = next > 0 ? next + 1 : next - 1;
          }
        }
        distance[(y * w + x) * 8 + d] = value;
      }
    }
  }
  // Diagonals, after the straight ones they depend on.
  for (let d = 4; d < 8; d++) {
    const dx = DX[d];
    const dy = DY[d];
    const straightX = dx > 0 ? 1 : 3; // E or W
    const straightY = dy > 0 ? 2 : 0; // S or N
    const xFrom = dx > 0 ? w - 1 : 0;
    const xStep = dx > 0 ? -1 : 1;
    const yFrom = dy > 0 ? h - 1 : 0;
    const yStep = dy > 0 ? -1 : 1;
    for (let y = yFrom; y >= 0 && y < h; y += yStep) {
      for (let x = xFrom; x >= 0 && x < w; x += xStep) {
        if (!free(grid, x, y)) continue;
        const nx = x + dx;
        const ny = y + dy;
        let value = 0;
        if (free(grid, nx, y) && free(grid, x, ny) && free(grid, nx, ny)) {
          const next = (ny * w + nx) * 8;
          if (distance[next + straightX] > 0 || distance[next + straightY] > 0) value = 1;
          else value = distance[next + d] > 0 ? distance[next + d] + 1 : distance[next + d] - 1;
        }
        distance[(y * w + x) * 8 + d] = value;
      }
    }
  }
}
