/**
 * Every multi-agent solver in core, by name. The solver process, the command line and the app's
 * solver panel all look solvers up here, so adding one here makes it available everywhere.
 */
import type { SolverEntry } from './types.ts';
import { solveIndependent } from './independent.ts';
import { solveAstar, solveIdAstar, solveIdOd, solveOd, solveSidOd } from './optimal/solvers.ts';
import { COOPERATIVE_SOLVERS } from '../simulation/cooperativeSolvers.ts';

export const SOLVERS: readonly SolverEntry[] = [
  { name: 'independent', label: 'Independent shortest paths (no cooperation)', optimal: false, solve: solveIndependent },
  { name: 'astar', label: 'A* over joint states (Standley 2010 standard algorithm)', optimal: true, solve: solveAstar },
  { name: 'od', label: 'A* with operator decomposition (Standley 2010)', optimal: true, solve: solveOd },
  { name: 'id+astar', label: 'Independence detection + standard A* (Standley 2010)', optimal: true, solve: solveIdAstar },
  { name: 'id+od', label: 'Independence detection + operator decomposition (Standley 2010)', optimal: true, solve: solveIdOd },
  { name: 'sid+od', label: 'Simple independence detection + operator decomposition (Standley 2010)', optimal: true, solve: solveSidOd },
  ...COOPERATIVE_SOLVERS,
];

export function findSolver(name: string): SolverEntry | undefined {
  return SOLVERS.find((s) => s.name === name);
}

export function solverNames(): string[] {
  return SOLVERS.map((s) => s.name);
}
