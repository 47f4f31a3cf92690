/**
 * Cached successors (Game AI Pro 360's pathfinding summary, "A* implementation optimisations", 8. "Cache
 * successors"): one byte per cell whose bit d says the step in direction d (DX/DY order) is
 * legal under the movement rules, bounds, walls and corner rule included. The search loop then
 * tests one bit per neighbour instead of bounds, the target cell and two corner cells.
 * Built in one pass over the grid and rebuilt when the grid's version, size or the movement
 * changes; cached in the SearchContext.
 */
import type { Grid } from '../grid/grid.ts';
import { DX, DY, type Movement, stepCell } from '../grid/movement.ts';

export interface MoveMasks {
  grid: Grid;
  version: number;
  width: number;
  height: number;
  connectivity: number;
  corners: string;
  /** Bit d of masks[cell]: the step from cell in direction d is legal. */
  masks: Uint8Array;
  /** Cell offset of a step in each direction (DY * width + DX). */
  offsets: Int32Array;
}

export function moveMasksFor(grid: Grid, movement: Movement, previous: MoveMasks | null): MoveMasks {
  if (
    previous &&
    previous.grid === grid &&
    previous.version === grid.version &&
    previous.width === grid.width &&
    previous.height === grid.height &&
    previous.connectivity === movement.connectivity &&
    previous.corners === movement.corners
  ) {
    return previous;
  }
  const cells = grid.width * grid.height;
  const masks = previous && previous.masks.length === cells ? previous.masks : new Uint8Array(cells);
  const dirs = movement.connectivity === 8 ? 8 : 4;
  for (let cell = 0; cell < cells; cell++) {
    let mask = 0;
    if (grid.passable[cell] === 1) {
      for (let d = 0; d < dirs; d++) if (stepCell(grid, movement, cell, d) >= 0) mask |= 1 << d;
    }
    masks[cell] = mask;
  }
  const offsets = new Int32Array(8);
  for (let d = 0; d < 8; d++) offsets[d] = DY[d] * grid.width + DX[d];
  return { grid, version: grid.version, width: grid.width, height: grid.height, connectivity: movement.connectivity, corners: movement.corners, masks, offsets };
}
