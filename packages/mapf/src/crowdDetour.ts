/**
 * The Detour crowd (Recast/Detour by M. Mononen, as Unreal and many engines ship it) as a crowd
 * model, through the lab's run (core/solvers/crowd/detourSolver.ts): its own module, since it
 * brings Recast's WebAssembly. The navmesh is built at the first set-up and kept for the crowd's
 * life; only the Detour crowd over it is made again when units change (its agents' corridors
 * found again, each at the velocity it had).
 */
import { DETOUR_PARAMS, type SharedNavMesh, detourRun, prepareDetour } from '../../../core/solvers/crowd/detourSolver.ts';
import type { CrowdModel, CrowdShared } from './crowdModels.ts';

/**
 * Detour's crowd: corridors on a navmesh of the free cells, sampled velocity avoidance and
 * separation (params voxel, separationWeight, avoidanceQuality). Its WebAssembly loads when
 * createCrowd is awaited.
 */
export const detour: CrowdModel = {
  name: 'detour',
  params: DETOUR_PARAMS,
  prepare: prepareDetour,
  setUp: (instance, params, resume, shared: CrowdShared & SharedNavMesh) => {
    // The crowd checks each unit's reach when it is added or sent elsewhere.
    shared.reachChecked = true;
    shared.dispose ??= () => {
      shared.navMesh?.destroy();
      shared.navMesh = undefined;
    };
    return detourRun(instance, { params }, resume, shared);
  },
};
