/**
 * Detour's warm-up, run by its entry's prepare() once per process (core/contract/warmUp.ts): a
 * small crowd (a room with pillars, units crossing it both ways) stepped so that V8 recompiles
 * Detour's hot WebAssembly with its optimising tier (TurboFan) before a run's first step; with
 * only the baseline compiler (Liftoff) the first steps of a process ran 3-4 times slower
 * (docs/performance.md).
 */
import { Crowd } from '@recast-navigation/core';
import { Grid } from '../../grid/grid.ts';
import { buildGridNavMesh } from './navmesh.ts';
import { warmUpOnce } from '../../contract/warmUp.ts';

const SIDE = 32;
const UNITS = 160;
const STEPS = 120;

/**
 * Steps a small crowd through Detour once per process (later calls return at once). `flags` and
 * `avoidance`: the run's update flags and obstacle avoidance set, so the same code runs hot.
 */
export function warmUpDetour(flags: number, avoidance: number): void {
  warmUpOnce('detour', () => stepSmallCrowd(flags, avoidance));
}

function stepSmallCrowd(flags: number, avoidance: number): void {
  const rows: string[] = [];
  for (let y = 0; y < SIDE; y++) {
    let row = '';
    for (let x = 0; x < SIDE; x++) row += x % 8 === 4 && y % 8 === 4 ? '#' : '.';
    rows.push(row);
  }
  const built = buildGridNavMesh(Grid.fromAscii(rows), 0.3, 0.1);
  if (!('navMesh' in built)) return;
  const crowd = new Crowd(built.navMesh, { maxAgents: UNITS, maxAgentRadius: 0.3 });
  try {
    for (let a = 0; a < UNITS; a++) {
      // Half start in the left columns heading right, half the other way, on alternate rows.
      const row = (a >> 1) % SIDE;
      const column = Math.floor(a / (2 * SIDE));
      const left = (a & 1) === 0;
      const x = left ? column + 0.5 : SIDE - column - 0.5;
      const agent = crowd.addAgent({ x, y: 0, z: row + 0.5 }, { radius: 0.3, height: 1, maxAcceleration: 4, maxSpeed: 1, collisionQueryRange: 3.6, pathOptimizationRange: 9, separationWeight: 2, updateFlags: flags, obstacleAvoidanceType: avoidance });
      agent.requestMoveTarget({ x: SIDE - x, y: 0, z: SIDE - row - 0.5 });
    }
    for (let s = 0; s < STEPS; s++) crowd.update(0.25);
  } finally {
    crowd.destroy();
    built.navMesh.destroy();
  }
}
