/**
 * The engine crowd models: what a shipped game's units do at a chokepoint, beside what a
 * cooperative planner would do. Units are discs moving in continuous space (crowdWorld.ts); each
 * result carries their real positions per turn (SolveResult.crowd) beside the cell per turn, and
 * is judged by stuck units and overlapping discs (crowdTrack.ts), never by the grid's rules.
 */
import type { SolverEntry } from '../types.ts';
import { CROWD_PARAMS } from './params.ts';
import { ORCA_PARAMS, solveOrca } from './orcaSolver.ts';
import { FLOW_PARAMS, solveFlowField } from './flowSolver.ts';
import { DETOUR_PARAMS, prepareDetour, solveDetour } from './detourSolver.ts';

export const CROWD_SOLVERS: readonly SolverEntry[] = [
  { name: 'orca', label: 'A* + ORCA (engine avoidance)', optimal: false, params: [...CROWD_PARAMS, ...ORCA_PARAMS], solve: solveOrca },
  { name: 'flow-field', label: 'Flow field + separation (RTS crowd)', optimal: false, params: [...CROWD_PARAMS, ...FLOW_PARAMS], solve: solveFlowField },
  { name: 'detour', label: 'Detour crowd (Recast/Detour)', optimal: false, params: [...CROWD_PARAMS, ...DETOUR_PARAMS], prepare: prepareDetour, solve: solveDetour },
];
