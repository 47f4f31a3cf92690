/**
 * The optimal family's entry (Standley 2010): A* over joint states,
 * operator decomposition, and simple and full independence detection over either.
 */
import type { SolverEntry } from '../../contract/types.ts';
import { solveAstar, solveIdAstar, solveIdOd, solveOd, solveSidOd } from './solvers.ts';

/** What solveOptimal reads (solvers.ts). */
const OPTIMAL_PARAMS = ['costModel', 'conflictOrder', 'dependencies', 'partialExpansion', 'memoryMb'];

export const OPTIMAL_SOLVERS: readonly SolverEntry[] = [
  { name: 'astar', label: 'A* over joint states (Standley 2010 standard algorithm)', optimal: true, otherParams: OPTIMAL_PARAMS, solve: solveAstar },
  { name: 'od', label: 'A* with operator decomposition (Standley 2010)', optimal: true, otherParams: OPTIMAL_PARAMS, solve: solveOd },
  { name: 'id+astar', label: 'Independence detection + standard A* (Standley 2010)', optimal: true, otherParams: OPTIMAL_PARAMS, solve: solveIdAstar },
  { name: 'id+od', label: 'Independence detection + operator decomposition (Standley 2010)', optimal: true, otherParams: OPTIMAL_PARAMS, solve: solveIdOd },
  { name: 'sid+od', label: 'Simple independence detection + operator decomposition (Standley 2010)', optimal: true, otherParams: OPTIMAL_PARAMS, solve: solveSidOd },
];
