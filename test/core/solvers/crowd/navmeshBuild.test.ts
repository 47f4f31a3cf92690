// Detour's navmesh is built tile by tile, so a cancel or the time limit stops the build between
// tiles, and the build reports the tiles done; a tiled navmesh joins its tiles (paths cross them).
import { describe, expect, it } from 'vitest';
import { NavMeshQuery } from '@recast-navigation/core';
import { Grid } from '../../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { findSolver, solveWith } from '../../../../core/registry/registry.ts';
import { prepareDetour } from '../../../../core/solvers/crowd/detourSolver.ts';
import { buildGridNavMesh } from '../../../../core/solvers/crowd/navmesh.ts';

/** 64 x 64 open cells with a wall across the middle and a gap at its right end: at voxel 0.1, 3 x 3 tiles. */
function walled(): Grid {
  const rows: string[] = [];
  for (let y = 0; y < 64; y++) rows.push(y === 32 ? `${'#'.repeat(60)}....` : '.'.repeat(64));
  return Grid.fromAscii(rows);
}

describe('the tiled navmesh build', () => {
  it('stops between tiles when asked, having told the tiles done', async () => {
    await prepareDetour();
    const told: string[] = [];
    const built = buildGridNavMesh(walled(), 0.3, 0.1, { stop: () => told.length >= 2, tileDone: (done, total) => told.push(`${done}/${total}`) });
    expect(built).toEqual({ stopped: { done: 2, total: 9 } });
    expect(told).toEqual(['1/9', '2/9']);
  });

  it('builds every tile and joins them: a path from one corner around the wall to the other', async () => {
    await prepareDetour();
    const told: number[] = [];
    const built = buildGridNavMesh(walled(), 0.3, 0.1, { tileDone: (done) => told.push(done) });
    if (!('navMesh' in built)) throw new Error(`no navmesh: ${JSON.stringify(built)}`);
    try {
      expect(built.tiles).toBe(9);
      expect(told).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      const query = new NavMeshQuery(built.navMesh);
      const { success, path } = query.computePath({ x: 1.5, y: 0, z: 1.5 }, { x: 1.5, y: 0, z: 62.5 });
      query.destroy();
      expect(success).toBe(true);
      // Around the wall's end: the path passes the gap at x 60-64, row 32.
      expect(path.some((p) => p.x > 59.5 && Math.abs(p.z - 32.5) < 1.5)).toBe(true);
      expect(path[path.length - 1].z).toBeCloseTo(62.5, 1);
    } finally {
      built.navMesh.destroy();
    }
  });

  it('a Detour run cancelled while its navmesh is built says how far the build got', async () => {
    const entry = findSolver('detour')!;
    await entry.prepare?.();
    const grid = walled();
    const instance: MapfInstance = { grid, movement: OCTILE_NO_CUT, agents: [{ start: grid.cell(1, 1), goal: grid.cell(1, 62) }] };
    // Cancel once the build has reported its first tile.
    let tiles = 0;
    const result = solveWith(entry, instance, {
      onProgress: (p) => {
        if (/tiles$/.test(p.message)) tiles++;
      },
      shouldStop: () => tiles > 0,
    });
    expect(result.status).toBe('cancelled');
    expect(result.message).toBe('cancelled while building the navmesh (1 of 9 tiles)');
    expect(tiles).toBe(1);
    expect(result.crowd).toBeUndefined();
  });
});
