/**
 * The engine crowd models: what a shipped game's units do at a chokepoint, beside what a
 * cooperative planner would do. Units are discs moving in continuous space (crowdWorld.ts); each
 * result carries their real positions per turn (SolveResult.crowd) beside the cell per turn, and
 * is judged by stuck units and overlapping discs (crowdTrack.ts), never by the grid's rules.
 */
import type { SolverEntry } from '../../contract/types.ts';
import { CROWD_PARAMS } from './params.ts';
import { ORCA_PARAMS, orcaRun, solveOrca } from './orcaSolver.ts';
import { FLOW_PARAMS, flowFieldRun, solveFlowField } from './flowSolver.ts';
import { DETOUR_PARAMS, UPDATE_FLAGS, prepareDetour, solveDetour } from './detourSolver.ts';
import { warmUpCrowd } from './crowdWarmUp.ts';
import { warmUpDetour } from './detourWarmUp.ts';

/** Detour's WebAssembly loaded, then its hot code warmed up with the default avoidance set. */
async function prepareDetourCrowd(): Promise<void> {
  await prepareDetour();
  warmUpDetour(UPDATE_FLAGS, DETOUR_PARAMS.find((p) => p.name === 'avoidanceQuality')!.default as number);
}

export const CROWD_SOLVERS: readonly SolverEntry[] = [
  { name: 'orca', label: 'A* + ORCA (engine avoidance)', optimal: false, params: [...CROWD_PARAMS, ...ORCA_PARAMS], prepare: async () => warmUpCrowd('orca', orcaRun), solve: solveOrca },
  { name: 'flow-field', label: 'Flow field + separation (RTS crowd)', optimal: false, params: [...CROWD_PARAMS, ...FLOW_PARAMS], prepare: async () => warmUpCrowd('flow-field', flowFieldRun), solve: solveFlowField },
  { name: 'detour', label: 'Detour crowd (Recast/Detour)', optimal: false, params: [...CROWD_PARAMS, ...DETOUR_PARAMS], prepare: prepareDetourCrowd, solve: solveDetour },
];
