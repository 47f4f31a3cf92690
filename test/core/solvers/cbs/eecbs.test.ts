/**
 * EECBS (Li, Ruml and Koenig, AAAI 2021): every plan is valid, costs at most w times the
 * brute-force optimum (rest model), and its reported lower bound is proved (never above the
 * optimum); w = 1 gives the optimum; the improvements switched off keep the bound.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import { sumOfCosts } from '../../../../core/mapf/plan.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { findSolver } from '../../../../core/registry/registry.ts';
import { bruteForceOptimum } from '../optimal/bruteForce.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

const eecbs = findSolver('eecbs')!;

describe('EECBS', () => {
  it('cost <= w x optimum and lower bound <= optimum for w = 1, 1.2, 2 on tiny random instances; w = 1 is optimal', () => {
    let solved = 0;
    for (let seed = 1; seed <= 45; seed++) {
      const instance = randomInstance(seed, 4, 4, 0.2, 2 + (seed % 3), FOUR_CONNECTED);
      const brute = bruteForceOptimum(instance, 'rest');
      if (brute.cost === null) continue;
      for (const w of [1, 1.2, 2]) {
        const result = eecbs.solve(instance, { seed, params: { w, maxNodes: 200_000 } });
        expect(result.status, `seed ${seed}, w ${w}: ${result.message}`).toBe('solved');
        const check = validatePlan(instance, result.paths);
        expect(check.valid, `seed ${seed}: ${describeViolations(check)}`).toBe(true);
        const cost = sumOfCosts(result.paths, instance.agents.map((a) => a.goal), 'rest')!;
        expect(cost, `seed ${seed}, w ${w}`).toBeLessThanOrEqual(w * brute.cost);
        expect(result.stats.costLowerBound, `seed ${seed}, w ${w}`).toBeLessThanOrEqual(brute.cost);
        expect(cost, `seed ${seed}, w ${w}`).toBeLessThanOrEqual(w * result.stats.costLowerBound);
        if (w === 1) expect(cost, `seed ${seed}`).toBe(brute.cost);
      }
      solved++;
    }
    expect(solved).toBeGreaterThan(25);
  });

  it.each([
    ['no bypass', { bypass: false }],
    ['no target reasoning', { targetReasoning: false }],
    ['no conflict prioritisation', { prioritize: false }],
    ['none of them', { bypass: false, targetReasoning: false, prioritize: false }],
  ])('switching an improvement off keeps the bound: %s', (_, switches) => {
    for (let seed = 100; seed <= 115; seed++) {
      const instance = randomInstance(seed, 5, 4, 0.15, 2 + (seed % 3), FOUR_CONNECTED);
      const brute = bruteForceOptimum(instance, 'rest');
      if (brute.cost === null) continue;
      const result = eecbs.solve(instance, { params: { w: 1.5, maxNodes: 200_000, ...switches } });
      expect(result.status, `seed ${seed}`).toBe('solved');
      expect(validatePlan(instance, result.paths).valid).toBe(true);
      expect(sumOfCosts(result.paths, instance.agents.map((a) => a.goal), 'rest')).toBeLessThanOrEqual(1.5 * brute.cost);
      expect(result.stats.costLowerBound, `seed ${seed}`).toBeLessThanOrEqual(brute.cost);
    }
  });

  it('a unit resting on its goal steps aside for another (a target conflict)', () => {
    const grid = Grid.fromAscii(['........', '@@@.@@@@', '........']);
    const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(2, 0), goal: grid.cell(3, 0) }, { start: grid.cell(0, 2), goal: grid.cell(7, 0) }] };
    const result = eecbs.solve(instance, { params: { w: 1.2 } });
    expect(result.status).toBe('solved');
    expect(validatePlan(instance, result.paths).valid).toBe(true);
  });

  it('reports the lower bound on a time-out, and refuses what it does not plan', () => {
    const grid = Grid.fromAscii(['....', '....']);
    const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 3 }, { start: 3, goal: 0 }] };
    const cancelled = eecbs.solve(instance, { shouldStop: () => true });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.paths).toEqual([]);
    expect(() => eecbs.solve(instance, { params: { w: 0.9 } })).toThrow(/'w' must be a number from 1 to 100, got 0.9/);
    expect(() => eecbs.solve(instance, { params: { costModel: 'away' } })).toThrow(/rest cost model/);
    expect(() => eecbs.solve({ ...instance, movement: OCTILE_NO_CUT }, {})).toThrow(/4-connected/);
    expect(() => eecbs.solve(instance, { params: { window: 3 } })).toThrow(/unknown param 'window'/);
    expect(() => eecbs.solve(instance, { params: { prioritize: 1 } })).toThrow(/'prioritize' must be true or false, got 1/);
  });
});
