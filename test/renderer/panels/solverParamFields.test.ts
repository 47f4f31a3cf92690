/**
 * Switching solvers in the panel drops only the params the old solver offered and the new one
 * does not (EECBS's w would make CBS refuse to run); params typed in the JSON stay.
 */
import { describe, expect, it } from 'vitest';
import { findSolver } from '../../../core/registry/registry.ts';
import { paramsForSolverChange } from '../../../renderer/src/panels/SolverParamFields.tsx';

const specs = (name: string) => findSolver(name)?.params ?? [];

describe('paramsForSolverChange', () => {
  it('EECBS to CBS drops w and keeps the shared switches and what the JSON added', () => {
    const params = { w: 1.5, bypass: false, maxNodes: 1000, costModel: 'rest' };
    expect(paramsForSolverChange(params, specs('eecbs'), specs('cbs'))).toEqual({ bypass: false, maxNodes: 1000, costModel: 'rest' });
  });

  it('CBS to a solver with no panel params drops CBS\'s own and keeps the rest', () => {
    expect(paramsForSolverChange({ rectangle: false, heuristic: 'cg', strategy: 'watch' }, specs('cbs'), specs('whca'))).toEqual({ strategy: 'watch' });
  });

  it('LaCAM* to LaCAM drops the refiner\'s params only', () => {
    expect(paramsForSolverChange({ refineGroup: 4, swap: false }, specs('lacam-star'), specs('lacam'))).toEqual({ swap: false });
  });
});
