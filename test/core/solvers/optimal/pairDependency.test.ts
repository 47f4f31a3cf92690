/**
 * PairDependency against the brute-force optimum of the two agents alone: a pair is dependent
 * exactly when its optimal cost from the pair state exceeds the sum of the agents' distances, under
 * both cost models and every movement rule. Also the memo: pair states the test settled while
 * answering one question must answer later questions the same way as a fresh test.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED, type Movement, OCTILE_CUT, OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { COST_MODELS } from '../../../../core/mapf/plan.ts';
import { PairDependency } from '../../../../core/solvers/optimal/pairDependency.ts';
import { buildStepTable, buildUnitDistance } from '../../../../core/search/stepTable.ts';
import { Random } from '../../../../core/util/random.ts';
import { bruteForceOptimum } from './bruteForce.ts';
import { randomInstance } from './randomInstances.ts';

function pairTest(instance: MapfInstance): { test: PairDependency; distances: Int32Array[] } {
  const steps = buildStepTable(instance.grid, instance.movement);
  const distances = instance.agents.map((a) => buildUnitDistance(steps, a.goal));
  return { test: new PairDependency(steps, distances, Int32Array.from(instance.agents, (a) => a.goal)), distances };
}

const MOVEMENTS: [string, Movement][] = [['4-connected', FOUR_CONNECTED], ['8-connected, corner cutting', OCTILE_CUT], ['8-connected, no cutting', OCTILE_NO_CUT]];

describe('PairDependency', () => {
  for (const [name, movement] of MOVEMENTS) {
    it(`says dependent exactly when the pair's optimum exceeds its distances (${name}, both cost models)`, () => {
      let dependentCases = 0;
      let independentCases = 0;
      for (let seed = 1; seed <= 120; seed++) {
        const instance = randomInstance(seed * 7 + movement.connectivity, 4, 4, 0.25, 2, movement);
        const { test, distances } = pairTest(instance);
        const [a, b] = instance.agents;
        const da = distances[0][a.start];
        const db = distances[1][b.start];
        if (da < 0 || db < 0) continue;
        const answer = test.dependent(0, 1, a.start, b.start);
        for (const model of COST_MODELS) {
          const optimum = bruteForceOptimum(instance, model).cost;
          // No plan at all is "dependent" too: the pair cannot do it at its distances.
          const expected = optimum === null || optimum > da + db;
          expect(answer, `seed ${seed}, ${model}: optimum ${optimum}, distances ${da} + ${db}`).toBe(expected);
        }
        if (answer) dependentCases++;
        else independentCases++;
      }
      // The random cases must include both answers, or the comparison says little.
      expect(dependentCases).toBeGreaterThan(5);
      expect(independentCases).toBeGreaterThan(5);
    });
  }

  it('answers from its memo as a fresh test would, for many questions on one map', () => {
    const random = new Random(5);
    for (let round = 0; round < 40; round++) {
      const instance = randomInstance(1000 + round, 5, 4, 0.3, 2, round % 2 === 0 ? FOUR_CONNECTED : OCTILE_CUT);
      const shared = pairTest(instance);
      const cells: number[] = [];
      for (let c = 0; c < instance.grid.cells; c++) if (shared.distances[0][c] >= 0 && shared.distances[1][c] >= 0) cells.push(c);
      for (let q = 0; q < 25; q++) {
        const pa = cells[random.int(cells.length)];
        const pb = cells[random.int(cells.length)];
        if (pa === pb) continue;
        const fresh = pairTest(instance).test.dependent(0, 1, pa, pb);
        expect(shared.test.dependent(0, 1, pa, pb), `round ${round}, cells ${pa} and ${pb}`).toBe(fresh);
      }
      expect(shared.test.tests).toBeLessThanOrEqual(25);
    }
  });
});
