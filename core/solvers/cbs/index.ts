/**
 * The conflict-based search family's entry: `cbs` (Sharon et al., AIJ 2015), optimal for the sum
 * of costs in the `rest` model, and `eecbs` (Li, Ruml and Koenig, AAAI 2021), within a factor w
 * of it; both plan offline on a fixed map.
 */
import type { SolverEntry } from '../../contract/types.ts';
import { solveCbs } from './cbsSolver.ts';
import { solveEecbs } from './eecbsSolver.ts';
import { warmUpEecbs } from './eecbsWarmUp.ts';
import { CBS_PARAMS, EECBS_PARAMS } from './paramSpecs.ts';

export const CBS_SOLVERS: readonly SolverEntry[] = [
  { name: 'cbs', label: 'CBS: conflict-based search, optimal sum of costs (Sharon et al. 2015)', optimal: true, params: CBS_PARAMS, otherParams: ['maxNodes', 'costModel'], solve: solveCbs },
  { name: 'eecbs', label: 'EECBS: bounded-suboptimal CBS, cost <= w x optimal (Li et al. 2021)', optimal: false, params: EECBS_PARAMS, otherParams: ['maxNodes', 'costModel'], prepare: async () => warmUpEecbs(), solve: solveEecbs },
];
