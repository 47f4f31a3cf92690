/**
 * The merged-MDD test of the WDG (jointMdd.ts): two units can keep their shortest costs together
 * exactly when the brute-force optimum of the pair (rest model) equals the sum of their distances,
 * on tiny random 4- and 8-connected maps (both corner rules).
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED, OCTILE_CUT, OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import { GoalDistances } from '../../../../core/search/goalDistances.ts';
import { buildStepTable, buildUnitDistance } from '../../../../core/search/stepTable.ts';
import { ConstraintTable } from '../../../../core/solvers/cbs/constraintTable.ts';
import { jointPathExists } from '../../../../core/solvers/cbs/jointMdd.ts';
import { emptyConstraints } from '../../../../core/solvers/cbs/agentConstraints.ts';
import { buildMdd } from '../../../../core/solvers/cbs/mdd.ts';
import { bruteForceOptimum } from '../optimal/bruteForce.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

describe('merged MDDs of two units', () => {
  it.each([['4-connected', FOUR_CONNECTED], ['8-connected, corners cut', OCTILE_CUT], ['8-connected, corners kept', OCTILE_NO_CUT]] as const)('tell dependent pairs from independent ones as brute force does: %s', (_, movement) => {
    let dependent = 0;
    let independent = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const instance = randomInstance(seed, 4, 4, 0.2, 2, movement);
      const brute = bruteForceOptimum(instance, 'rest');
      if (brute.cost === null) continue;
      const eight = movement.connectivity === 8;
      const steps = buildStepTable(instance.grid, movement);
      const distances = new GoalDistances(instance.grid, undefined, eight ? steps : null);
      const c = emptyConstraints();
      const units = instance.agents.map((a) => {
        const cost = buildUnitDistance(steps, a.goal)[a.start];
        return { cost, mdd: buildMdd(instance.grid, a.start, a.goal, cost, distances.table(a.goal), c, new ConstraintTable(), true, eight ? steps : null), constraints: c };
      });
      const together = jointPathExists(units[0], units[1], instance.grid.width, instance.grid.cells, eight ? steps.neighbour : null, eight ? instance.grid.width : 0);
      expect(together, `seed ${seed}`).toBe(brute.cost === units[0].cost + units[1].cost);
      if (together) independent++;
      else dependent++;
    }
    expect(dependent).toBeGreaterThan(3);
    expect(independent).toBeGreaterThan(30);
  });
});
