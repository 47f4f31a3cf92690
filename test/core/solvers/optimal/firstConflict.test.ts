/**
 * The conflict finder of independence detection against the plan validator: on the independent
 * shortest paths of random instances (which conflict often), `find` reports the validator's
 * earliest conflict between groups, and `findAll` the earliest conflict of every pair of groups.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED, OCTILE_CUT } from '../../../../core/grid/movement.ts';
import { type Violation, validatePlan } from '../../../../core/mapf/validator.ts';
import { solveIndependent } from '../../../../core/solvers/independent/independent.ts';
import { ConflictFinder } from '../../../../core/solvers/optimal/firstConflict.ts';
import { buildStepTable } from '../../../../core/search/stepTable.ts';
import { randomInstance } from './randomInstances.ts';

/**
 * The step t -> t + 1 a violation belongs to: the validator (like the finder) stamps a vertex
 * conflict with the time of the state it happens in (t + 1), a swap or crossing with the step's start.
 */
function stepOf(v: Violation): number {
  return v.rule === 'vertex' ? v.t - 1 : v.t;
}

describe('ConflictFinder', () => {
  for (const [name, movement] of [['4-connected', FOUR_CONNECTED], ['8-connected', OCTILE_CUT]] as const) {
    it(`${name}: find is the validator's earliest conflict between groups; findAll the earliest of each pair`, () => {
      let checked = 0;
      for (let seed = 1; seed <= 40; seed++) {
        const instance = randomInstance(700 + seed, 8, 8, 0.2, 8, movement);
        const plan = solveIndependent(instance);
        if (plan.status !== 'solved') continue;
        const paths = plan.paths.map((p) => Int32Array.from(p));
        // Groups: agents paired up (0,1), (2,3), … so some conflicts are inside a group.
        const groupOf = Int32Array.from(paths, (_, a) => a >> 1);
        const violations = validatePlan(instance, plan.paths, { maxViolations: 10_000 }).violations
          .filter((v) => v.agents.length === 2 && groupOf[v.agents[0]] !== groupOf[v.agents[1]]);
        const finder = new ConflictFinder(buildStepTable(instance.grid, movement));
        const first = finder.find(paths, groupOf);
        const all = finder.findAll(paths, groupOf);
        if (violations.length === 0) {
          expect(first, `seed ${seed}`).toBeNull();
          expect(all).toEqual([]);
          continue;
        }
        // Each conflict the finder reports is real: checked here from the paths themselves.
        const at = (a: number, t: number) => paths[a][Math.min(t, paths[a].length - 1)];
        const w = instance.grid.width;
        const stepOfFound = (c: { a: number; b: number; t: number }): number => {
          if (at(c.a, c.t) === at(c.b, c.t)) return c.t - 1; // vertex, in the state at t
          const [a0, a1, b0, b1] = [at(c.a, c.t), at(c.a, c.t + 1), at(c.b, c.t), at(c.b, c.t + 1)];
          if (a0 === b1 && a1 === b0) return c.t; // swap during step t
          // Diagonal crossing: the two moves are the two diagonals of one 2x2 block.
          const diagonal = (p: number, q: number) => p % w !== q % w && Math.floor(p / w) !== Math.floor(q / w);
          const crossing = diagonal(a0, a1) && diagonal(b0, b1) && a0 !== b0 && a0 + a1 === b0 + b1; // same centre
          expect(crossing, `seed ${seed}: ${JSON.stringify(c)} is no conflict`).toBe(true);
          return c.t;
        };
        const pairOf = (a: number, b: number) => [groupOf[a], groupOf[b]].sort((x, y) => x - y).join('-');
        const steps = all.map(stepOfFound);
        // In step order, one entry per pair of groups, the first being find()'s.
        for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThanOrEqual(steps[i - 1]);
        expect(new Set(all.map((c) => pairOf(c.a, c.b))).size).toBe(all.length);
        expect(first, `seed ${seed}`).toEqual(all[0]);
        // Nothing missed: every conflict the validator sees has its pair reported no later.
        expect(first, `seed ${seed}`).not.toBeNull();
        expect(steps[0]).toBeLessThanOrEqual(Math.min(...violations.map(stepOf)));
        for (const v of violations) {
          const i = all.findIndex((c) => pairOf(c.a, c.b) === pairOf(v.agents[0], v.agents[1]));
          expect(i, `seed ${seed}: ${v.message}`).toBeGreaterThanOrEqual(0);
          expect(steps[i]).toBeLessThanOrEqual(stepOf(v));
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
    });
  }
});
