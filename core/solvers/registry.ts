/**
 * Every multi-agent solver in core, by name. The solver process, the command line and the app's
 * solver panel all look solvers up here, so adding one here makes it available everywhere.
 */
import type { SolverEntry } from './types.ts';
import { solveIndependent } from './independent.ts';

export const SOLVERS: readonly SolverEntry[] = [
  { name: 'independent', label: 'Independent shortest paths (no cooperation)', optimal: false, solve: solveIndependent },
];

export function findSolver(name: string): SolverEntry | undefined {
  return SOLVERS.find((s) => s.name === name);
}

export function solverNames(): string[] {
  return SOLVERS.map((s) => s.name);
}
