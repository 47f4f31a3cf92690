/** The independent family's entry: each agent's shortest path alone, the baseline every solver is measured against. */
import type { SolverEntry } from '../../contract/types.ts';
import { solveIndependent } from './independent.ts';

export const INDEPENDENT_SOLVERS: readonly SolverEntry[] = [
  { name: 'independent', label: 'Independent shortest paths (no cooperation)', optimal: false, solve: solveIndependent },
];
