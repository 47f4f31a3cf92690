/**
 * A Recast navmesh from the grid: the free cells as floor triangles (one quad per run of free
 * cells in a row, y = 0, the map's x as Recast's x and its y as Recast's z), voxelised at
 * `voxel` cells and eroded by the unit radius (Recast's walkableRadius), built tile by tile
 * (Recast's tiled navmesh, as Sample_TileMesh builds it: @recast-navigation/generators'
 * generateTileNavMeshData for each tile, added to one dtNavMesh). Each tile is one WebAssembly
 * call of a few tens of milliseconds on Berlin_1_256, so between tiles the build reports its
 * progress and stops at once when asked: one solo build of the whole map was a single call of
 * about 4 s of CPU that nothing could interrupt. Walls and closed doors are simply absent floor.
 */
import type { Grid } from '../../grid/grid.ts';
import { Detour, NavMesh, NavMeshParams, Raw, RecastBuildContext, RecastChunkyTriMesh, TrianglesArray, VerticesArray, freePolyMesh, freePolyMeshDetail, statusFailed } from '@recast-navigation/core';
import { buildTiledNavMeshRcConfig, generateTileNavMeshData } from '@recast-navigation/generators';

/** A tile's side in voxels: at voxel 0.1, 25.6 cells, 100 tiles on a 256x256 map. */
export const TILE_VOXELS = 256;

export function gridFloor(grid: Grid): { positions: Float32Array; indices: Int32Array } {
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
  return { positions: Float32Array.from(positions), indices: Int32Array.from(indices) };
}

/** What the caller of a build is told and asked between tiles. */
export interface NavMeshBuildWatch {
  /** Asked after each tile: true stops the build (the navmesh is freed). */
  stop?: () => boolean;
  /** Told after each tile. */
  tileDone?: (done: number, total: number) => void;
}

export type NavMeshBuild = { navMesh: NavMesh; tiles: number } | { error: string } | { stopped: { done: number; total: number } };

export function buildGridNavMesh(grid: Grid, radius: number, voxel: number, watch: NavMeshBuildWatch = {}): NavMeshBuild {
  const { positions, indices } = gridFloor(grid);
  if (indices.length === 0) return { error: 'the map has no free cell' };
  const { config, tileWidth, tileHeight, tcs, orig, maxTiles, maxPolysPerTile } = buildTiledNavMeshRcConfig({
    recastConfig: {
      cs: voxel,
      ch: voxel,
      tileSize: TILE_VOXELS,
      // Set by the tiled config to the erosion plus 3 voxels, so neighbouring tiles join.
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
      // The floor is flat: no height detail to sample (Recast skips sampling below 0.9).
      detailSampleDist: 6,
      detailSampleMaxError: 1,
    },
    navMeshBounds: [
      [0, 0, 0],
      [grid.width, 0, grid.height],
    ],
  });
  const navMesh = new NavMesh();
  const vertices = new VerticesArray();
  vertices.copy(positions);
  const triangles = new TrianglesArray();
  triangles.copy(indices);
  const chunky = new RecastChunkyTriMesh();
  const context = new RecastBuildContext(false);
  const release = (): void => {
    vertices.destroy();
    triangles.destroy();
    Raw.Module.destroy(chunky.raw);
    Raw.Module.destroy(context.raw);
    Raw.Module.destroy(config);
  };
  const fail = (error: string): NavMeshBuild => {
    release();
    navMesh.destroy();
    return { error };
  };
  const params = NavMeshParams.create({ orig, tileWidth: tcs, tileHeight: tcs, maxTiles, maxPolys: maxPolysPerTile });
  if (!navMesh.initTiled(params)) return fail('Recast could not set up a tiled navmesh');
  if (!chunky.init(vertices, triangles, indices.length / 3, 256)) return fail('Recast could not index the floor\'s triangles');
  const total = tileWidth * tileHeight;
  let done = 0;
  for (let ty = 0; ty < tileHeight; ty++) {
    for (let tx = 0; tx < tileWidth; tx++) {
      const bmin: [number, number, number] = [orig.x + tx * tcs, 0, orig.z + ty * tcs];
      const bmax: [number, number, number] = [orig.x + (tx + 1) * tcs, 0, orig.z + (ty + 1) * tcs];
      const result = generateTileNavMeshData(vertices, triangles, config, chunky, { x: tx, y: ty, bmin, bmax }, { buildBvTree: true }, false, context);
      if (!result.success) return fail(`Recast could not build navmesh tile (${tx}, ${ty}) of ${tileWidth}x${tileHeight}: ${result.error}`);
      // The generator keeps a built tile's polygon meshes (Detour has its own copy by now).
      if (result.intermediates.polyMesh) freePolyMesh(result.intermediates.polyMesh);
      if (result.intermediates.polyMeshDetail) freePolyMeshDetail(result.intermediates.polyMeshDetail);
      if (result.data) {
        // A tile with no floor has no data; Detour owns a tile's data once added.
        const added = navMesh.addTile(result.data, Detour.DT_TILE_FREE_DATA, 0);
        if (statusFailed(added.status)) {
          result.data.destroy();
          return fail(`Detour could not add navmesh tile (${tx}, ${ty}) of ${tileWidth}x${tileHeight}`);
        }
      }
      done++;
      watch.tileDone?.(done, total);
      if (done < total && watch.stop?.()) {
        release();
        navMesh.destroy();
        return { stopped: { done, total } };
      }
    }
  }
  release();
  return { navMesh, tiles: total };
}
