/**
 * The conflict-based search family's entry: `cbs` (Sharon et al., AIJ 2015), optimal for the sum
 * of costs in the `rest` model, planning offline on a fixed map.
 */
import type { SolverEntry } from '../types.ts';
import { solveCbs } from './cbsSolver.ts';

export const CBS_SOLVERS: readonly SolverEntry[] = [
  { name: 'cbs', label: 'CBS: conflict-based search, optimal sum of costs (Sharon et al. 2015)', optimal: true, solve: solveCbs },
];
