/**
 * A Recast navmesh from the grid: the free cells as floor triangles (one quad per run of free
 * cells in a row, y = 0, the map's x as Recast's x and its y as Recast's z), voxelised at
 * `voxel` cells and eroded by the unit radius (Recast's walkableRadius), then one solo navmesh
 * (@recast-navigation/generators). Walls and closed doors are simply absent floor.
 */
import type { Grid } from '../../grid/grid.ts';
import type { NavMesh } from '@recast-navigation/core';
import { generateSoloNavMesh } from '@recast-navigation/generators';

export function gridFloor(grid: Grid): { positions: Float32Array; indices: Uint32Array } {
  const positions: number[] = [];
  const indices: number[] = [];
  const w = grid.width;
  for (let y = 0; y < grid.height; y++) {
    let x = 0;
    while (x < w) {
      if (grid.passable[y * w + x] === 0) {
        x++;
        continue;
      }
      const from = x;
      while (x < w && grid.passable[y * w + x] !== 0) x++;
      const b = positions.length / 3;
      positions.push(from, 0, y, x, 0, y, x, 0, y + 1, from, 0, y + 1);
      // Counter-clockwise seen from above (+y), as Recast expects walkable floor.
      indices.push(b, b + 2, b + 1, b, b + 3, b + 2);
    }
  }
  return { positions: Float32Array.from(positions), indices: Uint32Array.from(indices) };
}

export function buildGridNavMesh(grid: Grid, radius: number, voxel: number): { navMesh: NavMesh } | { error: string } {
  const { positions, indices } = gridFloor(grid);
  if (indices.length === 0) return { error: 'the map has no free cell' };
  const result = generateSoloNavMesh(positions, indices, {
    cs: voxel,
    ch: voxel,
    borderSize: 0,
    walkableSlopeAngle: 45,
    walkableHeight: 10,
    walkableClimb: 0,
    walkableRadius: Math.ceil(radius / voxel - 1e-9),
    maxEdgeLen: 0,
    // Walls run along the grid: a contour may leave them by at most a voxel.
    maxSimplificationError: 1,
    minRegionArea: 0,
    mergeRegionArea: 20,
    maxVertsPerPoly: 6,
  });
  if (!result.success) return { error: `Recast could not build a navmesh: ${result.error}` };
  return { navMesh: result.navMesh };
}
