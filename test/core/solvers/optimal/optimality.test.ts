/**
 * Every optimal solver against the brute-force optimum on many seeded tiny instances, in both
 * models: 4-connected, and Standley's 8-connected with corner cutting (seed
 * Standley 2010, section "Problem Formulation"), plus 8-connected without cutting.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED, OCTILE_CUT, OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import { type CostModel, sumOfCosts } from '../../../../core/mapf/plan.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { solveAstar, solveIdAstar, solveIdOd, solveOd, solveSidOd } from '../../../../core/solvers/optimal/solvers.ts';
import type { SolveResult } from '../../../../core/contract/types.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { bruteForceOptimum } from './bruteForce.ts';
import { randomInstance } from './randomInstances.ts';

const SOLVERS: [string, (instance: MapfInstance, costModel: CostModel) => SolveResult][] = [
  ['astar', (i, costModel) => solveAstar(i, { params: { costModel } })],
  ['od', (i, costModel) => solveOd(i, { params: { costModel } })],
  ['id+astar', (i, costModel) => solveIdAstar(i, { params: { costModel } })],
  ['id+od', (i, costModel) => solveIdOd(i, { params: { costModel } })],
  ['sid+od', (i, costModel) => solveSidOd(i, { params: { costModel } })],
  // OD without partial expansion (every child generated at once), the seed's plain form.
  ['od (full expansion)', (i, costModel) => solveOd(i, { params: { partialExpansion: false, costModel } })],
  ['id+od (full expansion)', (i, costModel) => solveIdOd(i, { params: { partialExpansion: false, costModel } })],
  // Without the pairwise bonus (PairDependency): the seed's heuristic, the sum of distances.
  ['od (no dependency bonus)', (i, costModel) => solveOd(i, { params: { dependencies: false, costModel } })],
  ['id+od (no dependency bonus)', (i, costModel) => solveIdOd(i, { params: { dependencies: false, costModel } })],
  // Independence detection by the seed's own rules: the first conflict in time.
  ['id+od (seed ID rules)', (i, costModel) => solveIdOd(i, { params: { conflictOrder: 'first', costModel } })],
  ['id+astar (seed ID rules)', (i, costModel) => solveIdAstar(i, { params: { conflictOrder: 'first', costModel } })],
];

/** Sizes: [width, height, obstacle share, agents, cases]. Four agents only on small maps: the brute force is slow. */
const SHAPES: [number, number, number, number, number][] = [
  [3, 3, 0.1, 2, 12],
  [4, 3, 0.2, 3, 12],
  [5, 5, 0.3, 2, 10],
  [4, 4, 0.25, 3, 10],
  [5, 5, 0.3, 3, 5],
  [3, 3, 0.0, 4, 4],
  [4, 3, 0.15, 4, 4],
];

/** The 8-connected model without corner cutting is supported too; fewer cases suffice. */
const NO_CUT_SHAPES = SHAPES.slice(0, 4).map(([w, h, o, a, c]): [number, number, number, number, number] => [w, h, o, a, Math.ceil(c / 2)]);

const MODELS = [
  ['4-connected', FOUR_CONNECTED, SHAPES, 4000],
  ['8-connected (cut)', OCTILE_CUT, SHAPES, 8000],
  ['8-connected (no-cut)', OCTILE_NO_CUT, NO_CUT_SHAPES, 9000],
] as const;

for (const [modelName, movement, shapes, firstSeed] of MODELS) for (const costModel of ['away', 'rest'] as const) {
  describe(`optimal solvers equal the brute-force optimum, ${modelName}, cost model '${costModel}'`, () => {
    const cases: { seed: number; instance: MapfInstance; optimum: number | null }[] = [];
    let seed = firstSeed;
    for (const [w, h, obstacles, agents, count] of shapes) {
      for (let c = 0; c < count; c++) {
        const instance = randomInstance(++seed, w, h, obstacles, agents, movement);
        const brute = bruteForceOptimum(instance, costModel);
        if (brute.cost !== null) {
          // The reference itself: a valid plan whose pathCost sum is the cost it claims.
          expect(validatePlan(instance, brute.paths).valid).toBe(true);
          expect(sumOfCosts(brute.paths, instance.agents.map((a) => a.goal), costModel)).toBe(brute.cost);
        }
        cases.push({ seed, instance, optimum: brute.cost });
      }
    }
    it('has both solvable and unsolvable cases', () => {
      if (shapes === SHAPES) expect(cases.filter((c) => c.optimum === null).length).toBeGreaterThan(0);
      expect(cases.filter((c) => c.optimum !== null).length).toBeGreaterThan(cases.length / 2);
    });
    for (const [name, solve] of SOLVERS) {
      it(`${name}: same sum of costs as the brute force, valid plans, unsolvable reported`, () => {
        for (const { seed: s, instance, optimum } of cases) {
          const result = solve(instance, costModel);
          const goals = instance.agents.map((a) => a.goal);
          if (optimum === null) {
            expect(result.status, `seed ${s}`).toBe('unsolvable');
            continue;
          }
          expect(result.status, `seed ${s}: ${result.message}`).toBe('solved');
          const check = validatePlan(instance, result.paths);
          expect(check.valid, `seed ${s}: ${describeViolations(check)}`).toBe(true);
          expect(sumOfCosts(result.paths, goals, costModel), `seed ${s}`).toBe(optimum);
          expect(result.stats.lowerBound, `seed ${s}`).toBe(optimum);
        }
      });
    }
  });
}
