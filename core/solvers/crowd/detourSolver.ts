/**
 * Detour crowd: the crowd of Recast/Detour (M. Mononen), the industry's default (Unreal's
 * Detour crowd, many engines' navigation), through @recast-navigation/core, Recast/Detour
 * compiled to WebAssembly with the binary embedded in the package, so it runs offline in Node,
 * Web Workers and Electron alike. A navmesh from the grid's free cells (navmesh.ts), one crowd
 * agent per unit (addAgent), each sent to its goal (requestMoveTarget), and crowd.update(dt) a
 * step; positions and velocities read back after each step. Detour plans corridors on the
 * navmesh, steers with its sampled velocity avoidance and separation, and keeps agents on the mesh.
 *
 * The WebAssembly loads asynchronously: a host awaits prepareDetour() (SolverEntry.prepare) once
 * before solve(); until then solve() fails saying so.
 */
import { Crowd, type CrowdAgent, init } from '@recast-navigation/core';
import type { MapfInstance } from '../../mapf/instance.ts';
import { deadlineOf } from '../../util/clock.ts';
import type { ParamSpec, SolveOptions, SolveResult } from '../types.ts';
import { type CrowdRun, CrowdWorld, runCrowd, setupEnded } from './crowdWorld.ts';
import { buildDistanceTable, UNREACHABLE } from '../../search/distanceTable.ts';
import { OCTILE_NO_CUT } from '../../grid/movement.ts';
import { buildGridNavMesh } from './navmesh.ts';
import { defaultTurnLimit, readCrowdParams } from './params.ts';

export const DETOUR_PARAMS: readonly ParamSpec[] = [
  { name: 'voxel', label: 'Voxel size (cells)', kind: 'number', default: 0.1, min: 0.02, max: 0.5, help: 'Recast\'s cell size: the navmesh follows the walls to within about this' },
  { name: 'separationWeight', label: 'Separation weight', kind: 'number', default: 2, min: 0, max: 20, help: 'Detour\'s separation: how hard agents keep apart' },
  { name: 'avoidanceQuality', label: 'Avoidance quality', kind: 'number', default: 3, min: 0, max: 3, integer: true, help: 'Detour\'s obstacle avoidance parameter set, 0 (low) to 3 (high)' },
];

/** Detour's update flags: anticipate turns, obstacle avoidance, separation, visibility and topology optimisation. */
const UPDATE_FLAGS = 1 | 2 | 4 | 8 | 16;

let ready = false;
let loading: Promise<void> | undefined;

/** Loads Recast/Detour's WebAssembly once per process (idempotent). */
export function prepareDetour(): Promise<void> {
  loading ??= init().then(() => {
    ready = true;
  });
  return loading;
}

export function solveDetour(instance: MapfInstance, options: SolveOptions): SolveResult {
  const run = detourRun(instance, options);
  return 'status' in run ? run : runCrowd(run);
}

/** The set-up of a Detour run (navmesh, crowd, agents), ready to step; a result when set-up ended the run. */
export function detourRun(instance: MapfInstance, options: SolveOptions): CrowdRun | SolveResult {
  const deadline = deadlineOf(options);
  const { settings, values } = readCrowdParams('detour', DETOUR_PARAMS, options.params ?? {});
  const fail = (message: string): SolveResult => ({ solver: 'detour', status: 'failed', paths: [], message, stats: { expanded: 0, generated: 0, elapsedMs: deadline.elapsedMs() } });
  if (!ready) return fail('Detour is not loaded: its WebAssembly loads asynchronously, and this host did not await the solver\'s prepare() before solve()');
  const { grid, agents } = instance;
  const n = agents.length;
  // Reachability and the longest path (for the default turn limit) from the goals' distance tables.
  let longest = 0;
  let expanded = 0;
  const goals = new Map<number, Float64Array>();
  for (let a = 0; a < n; a++) {
    let table = goals.get(agents[a].goal);
    if (!table) {
      if (options.shouldStop?.() || deadline.passed()) return setupEnded('detour', instance, options, deadline, -1, expanded, `measuring the units' paths (${a} of ${n} units)`);
      table = buildDistanceTable(grid, OCTILE_NO_CUT, agents[a].goal).distance;
      goals.set(agents[a].goal, table);
      expanded += grid.cells;
    }
    const d = table[agents[a].start];
    if (d === UNREACHABLE) {
      return setupEnded('detour', instance, options, deadline, a, expanded);
    }
    longest = Math.max(longest, d);
  }
  goals.clear();
  // Recast builds the navmesh in one WebAssembly call that cannot look at the clock: the limit can
  // pass inside it by as long as it takes (Berlin_1_256 at voxel 0.1: about 3.9 s of CPU), and is
  // looked at as soon as it returns.
  const built = buildGridNavMesh(grid, settings.radius, values.voxel as number);
  if ('error' in built) return fail(built.error);
  const { navMesh } = built;
  if (options.shouldStop?.() || deadline.passed()) {
    navMesh.destroy();
    return setupEnded('detour', instance, options, deadline, -1, expanded, 'building the navmesh');
  }
  const crowd = new Crowd(navMesh, { maxAgents: Math.max(1, n), maxAgentRadius: settings.radius });
  const dispose = (): void => {
    crowd.destroy();
    navMesh.destroy();
  };
  const world = new CrowdWorld(instance, settings);
  const handles: CrowdAgent[] = [];
  for (let a = 0; a < n; a++) {
    const agent = crowd.addAgent({ x: world.x[a], y: 0, z: world.y[a] }, {
      radius: settings.radius,
      height: 1,
      maxAcceleration: settings.acceleration,
      maxSpeed: settings.maxSpeed,
      collisionQueryRange: settings.radius * 12,
      pathOptimizationRange: settings.radius * 30,
      separationWeight: values.separationWeight as number,
      updateFlags: UPDATE_FLAGS,
      obstacleAvoidanceType: values.avoidanceQuality as number,
    });
    if (!agent.requestMoveTarget({ x: world.gx[a], y: 0, z: world.gy[a] })) {
      dispose();
      return fail(`Detour refused unit ${a + 1}'s goal (${grid.x(agents[a].goal)}, ${grid.y(agents[a].goal)}): no navmesh there (walls closer than the radius?)`);
    }
    handles.push(agent);
  }
  const step = (w: CrowdWorld, dt: number): void => {
    crowd.update(dt);
    // Straight from the agents' dtCrowdAgent (npos, vel): position() and velocity() build objects.
    for (let a = 0; a < n; a++) {
      const raw = handles[a].raw;
      w.x[a] = raw.get_npos(0);
      w.y[a] = raw.get_npos(2);
      w.vx[a] = raw.get_vel(0);
      w.vy[a] = raw.get_vel(2);
    }
  };
  return {
    solver: 'detour',
    options,
    world,
    turnLimit: settings.turnLimit ?? defaultTurnLimit(longest, settings.maxSpeed),
    step,
    setupMs: deadline.elapsedMs(),
    expanded,
    deadline,
    dispose,
  };
}
