/**
 * Detour's WebAssembly warmed up once per process, before a run's first step. V8 compiles a
 * WebAssembly module with its baseline compiler (Liftoff) and recompiles each function with its
 * optimising one (TurboFan) only once the function has run hot (dynamic tiering), so the first
 * crowd steps of a process ran baseline code: bench:crowds on Berlin_1_256 with 1,000 units,
 * first run in a process, steps 1-8 at 20 ms of CPU on average and step 1 at 47-55 ms, against
 * 7 ms and 11-16 ms when the same run came second. A game ships Detour compiled ahead of time and
 * never pays this in a frame. Here a small crowd (a room with pillars, units crossing it both
 * ways) is stepped once per process at the start of the first Detour set-up, so the build, the
 * path queries, the local boundaries, the avoidance sampling and the collision handling run hot
 * before the measured steps. Its CPU time is part of that set-up and bench:crowds prints it apart.
 */
import { Crowd } from '@recast-navigation/core';
import { Grid } from '../../grid/grid.ts';
import { buildGridNavMesh } from './navmesh.ts';

const SIDE = 32;
const UNITS = 160;
const STEPS = 120;

let warmed = false;

/** Whether this process's Detour has been warmed up. */
export function detourWarmedUp(): boolean {
  return warmed;
}

/**
 * Steps a small crowd through Detour once per process (later calls return at once). `flags` and
 * `avoidance`: the run's update flags and obstacle avoidance set, so the same code runs hot.
 */
export function warmUpDetour(flags: number, avoidance: number): void {
  if (warmed) return;
  warmed = true;
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
