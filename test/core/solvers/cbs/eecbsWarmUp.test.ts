// EECBS's warm-up (eecbsWarmUp.ts, run by the entry's prepare()) must take the branches a real
// run takes: its scene makes the search branch and replan units under constraints. And a solve
// after it equals the same solve before it: the warm-up changes how fast V8 runs, nothing else.
import { describe, expect, it } from 'vitest';
import { validatePlan } from '../../../../core/mapf/validator.ts';
import { findSolver, prepareSolver } from '../../../../core/registry/registry.ts';
import { eecbsWarmUpScene } from '../../../../core/solvers/cbs/eecbsWarmUp.ts';
import { solveEecbs } from '../../../../core/solvers/cbs/eecbsSolver.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

describe('the EECBS warm-up', () => {
  it('branches on its scene and solves it validly', () => {
    const scene = eecbsWarmUpScene();
    const result = solveEecbs(scene, { params: {} });
    expect(result.status).toBe('solved');
    expect(validatePlan(scene, result.paths).violations).toEqual([]);
    expect(result.stats.highExpanded).toBeGreaterThan(5);
  });

  it('is the entry\'s prepare(), and a solve after it equals one before it', async () => {
    expect(findSolver('eecbs')!.prepare).toBeDefined();
    const instance = randomInstance(3, 8, 8, 0.2, 8, FOUR_CONNECTED);
    const before = solveEecbs(instance, { params: {} });
    await prepareSolver('eecbs');
    const after = solveEecbs(instance, { params: {} });
    expect(after.paths).toEqual(before.paths);
    expect(after.stats.lowExpanded).toBe(before.stats.lowExpanded);
  });
});
