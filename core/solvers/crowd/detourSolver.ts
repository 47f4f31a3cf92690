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
import { Crowd, type CrowdAgent, type NavMesh, init } from '@recast-navigation/core';
import type { MapfInstance } from '../../mapf/instance.ts';
import type { ParamSpec, SolveOptions, SolveResult } from '../../contract/types.ts';
import type { CrowdResume, CrowdRun, CrowdWorld } from './crowdWorld.ts';
import { CrowdSetup, solveCrowd } from './crowdSetup.ts';
import { solveAStar } from '../../search/astar.ts';
import { SearchContext } from '../../search/searchContext.ts';
import { OCTILE_NO_CUT } from '../../grid/movement.ts';
import { buildGridNavMesh } from './navmesh.ts';

export const DETOUR_PARAMS: readonly ParamSpec[] = [
  { name: 'voxel', label: 'Voxel size (cells)', kind: 'number', default: 0.1, min: 0.02, max: 0.5, help: 'Recast\'s cell size: the navmesh follows the walls to within about this' },
  { name: 'separationWeight', label: 'Separation weight', kind: 'number', default: 2, min: 0, max: 20, help: 'Detour\'s separation: how hard agents keep apart' },
  { name: 'avoidanceQuality', label: 'Avoidance quality', kind: 'number', default: 3, min: 0, max: 3, integer: true, help: 'Detour\'s obstacle avoidance parameter set, 0 (low) to 3 (high)' },
];

/** Detour's update flags: anticipate turns, obstacle avoidance, separation, visibility and topology optimisation. */
export const UPDATE_FLAGS = 1 | 2 | 4 | 8 | 16;

let ready = false;
let loading: Promise<void> | undefined;

/** Loads Recast/Detour's WebAssembly once per process (idempotent). */
export function prepareDetour(): Promise<void> {
  loading ??= init().then(() => {
    ready = true;
  });
  return loading;
}

/**
 * A navmesh kept from one run's set-up to the next on the same map, radius and voxel (a per-frame
 * crowd set up again when its units change: Recast's build is seconds on a 256 x 256 map); its
 * holder destroys it, the runs only read it.
 */
export interface SharedNavMesh {
  navMesh?: NavMesh;
  /**
   * The holder checks that every unit can reach its goal before each set-up and runs without a
   * turn limit, so the set-up skips its A* searches (they refuse unreachable goals and measure the
   * longest path for the limit): 500 units on Berlin_1_256, 0.37 s of a 0.40 s set-up.
   */
  reachChecked?: boolean;
}

/**
 * The set-up of a Detour run (navmesh, crowd, agents), ready to step; a result when set-up ended
 * the run. `resume`: the units' continuous state to start from; `shared`: the navmesh to use, or
 * where to keep the one built.
 */
export function detourRun(instance: MapfInstance, options: SolveOptions, resume?: CrowdResume, shared?: SharedNavMesh): CrowdRun | SolveResult {
  const setup = new CrowdSetup('detour', DETOUR_PARAMS, instance, options, resume);
  const { settings, values } = setup;
  if (!ready) return setup.failed('Detour is not loaded: its WebAssembly loads asynchronously, and this host did not await the solver\'s prepare() before solve()');
  const { grid, agents } = instance;
  const n = agents.length;
  // Reachability and the longest path (for the default turn limit): one A* per unit in one
  // reused context. A whole-map distance table per goal did the same at 1,000 distinct goals on
  // Berlin_1_256 in about 9.8 s of CPU, most of the set-up; the A* searches close a fraction of it.
  let longest = 0;
  const context = new SearchContext();
  for (let a = 0; a < (shared?.reachChecked === true ? 0 : n); a++) {
    if (setup.interrupted()) return setup.ended(-1, `measuring the units' paths (${a} of ${n} units)`);
    const { start, goal } = agents[a];
    if (!grid.isFree(start) || !grid.isFree(goal)) return setup.ended(a);
    const found = solveAStar({ grid, movement: OCTILE_NO_CUT, start, goal }, { context });
    setup.expanded += found.expanded;
    if (found.status !== 'found') return setup.ended(a);
    longest = Math.max(longest, found.cost);
  }
  const world = setup.world();
  // Recast builds the navmesh tile by tile (navmesh.ts): between tiles the build reports its
  // progress and looks at the cancel and the limit. It is eroded by the smallest unit's radius
  // (one navmesh for the crowd); larger units keep off the walls by their own radius in Detour's
  // steering only.
  let navMesh = shared?.navMesh;
  if (navMesh === undefined) {
    options.onProgress?.({ fraction: 0, message: 'building the navmesh' });
    const built = buildGridNavMesh(grid, world.smallestRadius, values.voxel as number, {
      stop: () => setup.interrupted(),
      tileDone: (done, total) => options.onProgress?.({ fraction: 0, message: `building the navmesh: ${done} of ${total} tiles` }),
    });
    if ('error' in built) return setup.failed(built.error);
    if ('stopped' in built) return setup.ended(-1, `building the navmesh (${built.stopped.done} of ${built.stopped.total} tiles)`);
    navMesh = built.navMesh;
    if (shared !== undefined) shared.navMesh = navMesh;
  }
  const mesh = navMesh;
  if (setup.interrupted()) {
    if (shared === undefined) mesh.destroy();
    return setup.ended(-1, 'building the navmesh');
  }
  options.onProgress?.({ fraction: 0, message: 'navmesh built' });
  const crowd = new Crowd(mesh, { maxAgents: Math.max(1, n), maxAgentRadius: world.largestRadius });
  const dispose = (): void => {
    crowd.destroy();
    if (shared === undefined) mesh.destroy();
  };
  const separation = values.separationWeight as number;
  const handles: CrowdAgent[] = [];
  for (let a = 0; a < n; a++) {
    const r = world.radius[a];
    // Detour has no priority: a unit above the default (0) keeps apart half as hard as the default
    // weight and one below it 1.5 times as hard, so the others make way for it.
    const weight = world.priority[a] > 0 ? 0.5 * separation : world.priority[a] < 0 ? 1.5 * separation : separation;
    const agent = crowd.addAgent({ x: world.x[a], y: 0, z: world.y[a] }, {
      radius: r,
      height: 1,
      maxAcceleration: settings.acceleration,
      maxSpeed: world.maxSpeed[a],
      // Twelve base radii, as for a unit of size 1, plus the extra of a larger body: Detour's
      // separation reaches as far as this, and at r * 12 it held a unit of size 2 off its goal by
      // a neighbour parked 6 cells away.
      collisionQueryRange: settings.radius * 11 + r,
      pathOptimizationRange: r * 30,
      separationWeight: weight,
      updateFlags: UPDATE_FLAGS,
      obstacleAvoidanceType: values.avoidanceQuality as number,
    });
    if (!agent.requestMoveTarget({ x: world.gx[a], y: 0, z: world.gy[a] })) {
      dispose();
      return setup.failed(`Detour refused unit ${a + 1}'s goal (${grid.x(agents[a].goal)}, ${grid.y(agents[a].goal)}): no navmesh there (walls closer than the radius?)`);
    }
    if (resume !== undefined) {
      // Its velocity as it was (Detour's agents start at rest): it turns from it by its acceleration.
      agent.raw.set_vel(0, world.vx[a]);
      agent.raw.set_vel(2, world.vy[a]);
    }
    handles.push(agent);
  }
  // The crowd's first update with no time passing, in set-up: Detour finds every agent's path
  // (its request queue) and its local boundary and neighbours on an agent's first update, and
  // with 1,000 agents that first update cost 21-28 ms of CPU against about 5 ms for a later step
  // (bench:crowds, Berlin_1_256); after it, step 1 costs 9-14 ms. No agent moves (its velocity
  // changes by acceleration x dt = 0), so the run is all but the same (Berlin_1_256 random-1: 81 of
  // 1,000 on goal after 100 turns against 82); the cost is counted where a game pays it, when its
  // units spawn, and bench:crowds prints it in the set-up's CPU.
  crowd.update(0);
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
  return setup.run(world, longest, step, dispose);
}

export const solveDetour = solveCrowd(detourRun);
