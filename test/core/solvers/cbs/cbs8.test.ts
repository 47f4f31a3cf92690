/**
 * CBS on 8-connected maps, both corner rules: every move, diagonal too, one turn; the
 * conflicts are the validator's (vertex, swap, diagonal crossing). Its cost equals the
 * brute-force optimum (which forbids crossings on its own, bruteForce.ts) with every improvement
 * on and each switched off, every plan passes validatePlan, and a crossing the units must dodge
 * is split, not let through.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { type Movement, OCTILE_CUT, OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { sumOfCosts } from '../../../../core/mapf/plan.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { findSolver } from '../../../../core/registry/registry.ts';
import { buildStepTable } from '../../../../core/search/stepTable.ts';
import { allConflicts, conflictsWith } from '../../../../core/solvers/cbs/conflicts.ts';
import { ConflictAvoidanceTable } from '../../../../core/solvers/cbs/conflictAvoidance.ts';
import { ConstraintTable } from '../../../../core/solvers/cbs/constraintTable.ts';
import { branch } from '../../../../core/solvers/cbs/constraintTree.ts';
import { emptyConstraints } from '../../../../core/solvers/cbs/agentConstraints.ts';
import { buildMdd, conflictCardinality } from '../../../../core/solvers/cbs/mdd.ts';
import { LazyDistanceTable } from '../../../../core/search/lazyDistanceTable.ts';
import { bruteForceOptimum } from '../optimal/bruteForce.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

const cbs = findSolver('cbs')!;

/** 24 seeds per corner rule: 48 instances, 2 to 4 units on 4x4 and 5x4 maps. */
const CASES: { seed: number; movement: Movement; instance: MapfInstance }[] = [];
for (const movement of [OCTILE_NO_CUT, OCTILE_CUT]) {
  for (let seed = 1; seed <= 24; seed++) {
    CASES.push({ seed, movement, instance: randomInstance(seed, 4 + (seed % 2), 4, 0.2, 2 + (seed % 3), movement) });
  }
}

const OFF: Record<string, unknown>[] = [
  {},
  { heuristic: 'none' },
  { heuristic: 'cg' },
  { bypass: false },
  { prioritize: false },
  { targetReasoning: false },
  { rectangle: false, corridor: false },
  { heuristic: 'none', bypass: false, prioritize: false, targetReasoning: false },
];

describe('CBS on 8-connected maps', () => {
  it('equals the brute-force optimum (rest) with either corner rule, each improvement on or off, every plan valid', () => {
    let solved = 0;
    const optimum = new Map<number, number | null>();
    for (const [i, { seed, movement, instance }] of CASES.entries()) {
      const brute = bruteForceOptimum(instance, 'rest');
      optimum.set(i, brute.cost);
      for (const params of OFF) {
        const what = `seed ${seed} ${movement.corners} ${JSON.stringify(params)}`;
        const result = cbs.solve(instance, { seed, params: { ...params, maxNodes: brute.cost === null ? 5_000 : 200_000 } });
        if (brute.cost === null) {
          expect(['unsolvable', 'failed'], what).toContain(result.status);
          continue;
        }
        expect(result.status, `${what}: ${result.message}`).toBe('solved');
        const check = validatePlan(instance, result.paths);
        expect(check.valid, `${what}: ${describeViolations(check)}`).toBe(true);
        expect(sumOfCosts(result.paths, instance.agents.map((a) => a.goal), 'rest'), what).toBe(brute.cost);
        expect(result.stats.costLowerBound, what).toBe(brute.cost);
        solved++;
      }
    }
    // Most instances have a plan: the check above ran on them, not on unsolvable ones.
    expect(solved).toBeGreaterThanOrEqual(40 * OFF.length);
    // Some plans use diagonal moves (else the 8-connected moves would not be exercised).
    const diagonal = CASES.some(({ instance }) => {
      const result = cbs.solve(instance, {});
      const w = instance.grid.width;
      return result.paths.some((p) => p.some((c, t) => t > 0 && c % w !== p[t - 1] % w && Math.floor(c / w) !== Math.floor(p[t - 1] / w)));
    });
    expect(diagonal).toBe(true);
  });

  /**
   * A 2x3 room: unit 1 from (0,0) to (1,1), unit 2 from (1,0) to (0,1). The cheapest moves are
   * two diagonals across the block at t = 0 (cost 2), which cross; without the crossing rule CBS
   * would return them. Every plan without the crossing costs 3 (one unit waits, or goes round).
   */
  const crossing = (movement: Movement): MapfInstance => {
    const grid = new Grid(2, 3);
    return { grid, movement, agents: [{ start: grid.cell(0, 0), goal: grid.cell(1, 1) }, { start: grid.cell(1, 0), goal: grid.cell(0, 1) }] };
  };

  it('resolves a diagonal crossing the units would otherwise make', () => {
    for (const movement of [OCTILE_NO_CUT, OCTILE_CUT]) {
      const instance = crossing(movement);
      expect(bruteForceOptimum(instance, 'rest').cost).toBe(3);
      for (const params of OFF) {
        const result = cbs.solve(instance, { params });
        expect(result.status).toBe('solved');
        const check = validatePlan(instance, result.paths);
        expect(check.valid, describeViolations(check)).toBe(true);
        expect(sumOfCosts(result.paths, instance.agents.map((a) => a.goal), 'rest')).toBe(3);
      }
    }
    // The validator does flag the crossing plan CBS must not return.
    const instance = crossing(OCTILE_NO_CUT);
    const crossed = validatePlan(instance, [[0, 3], [1, 2]]);
    expect(crossed.violations.map((v) => v.rule)).toEqual(['diagonal-crossing']);
  });

  it('finds diagonal crossings as edge conflicts, each unit with its own move, and only with the width', () => {
    // On a 2-wide map: unit 0 moves 0 -> 3, unit 1 moves 1 -> 2 between t = 0 and 1.
    const paths = [Int32Array.of(0, 3), Int32Array.of(1, 2)];
    const crossingConflict = { kind: 'edge', a: 0, b: 1, from: 0, to: 3, t: 1, bFrom: 1, bTo: 2 };
    expect(allConflicts(paths, Infinity, 6, 2)).toEqual([crossingConflict]);
    expect(allConflicts(paths, Infinity, 6)).toEqual([]);
    for (const a of [0, 1]) {
      const out: Parameters<typeof conflictsWith>[2] = [];
      conflictsWith(paths, a, out, 2);
      expect(out).toEqual([crossingConflict]);
    }
    // Parallel diagonals (0 -> 3 and 2 -> 5) do not cross.
    expect(allConflicts([Int32Array.of(0, 3), Int32Array.of(2, 5)], Infinity, 6, 2)).toEqual([]);
  });

  it('counts a crossing in the conflict avoidance table', () => {
    const cat = new ConflictAvoidanceTable(6, false, 2);
    cat.load([Int32Array.of(0, 0), Int32Array.of(1, 2, 4)], 0);
    expect(cat.conflicts(3, 1, 0)).toBe(1); // 0 -> 3 crosses 1 -> 2
    expect(cat.conflicts(2, 1, 0)).toBe(1); // onto unit 1's cell at t = 1: a vertex conflict
    expect(cat.conflicts(1, 1, 0)).toBe(0);
    const plain = new ConflictAvoidanceTable(6);
    plain.load([Int32Array.of(0, 0), Int32Array.of(1, 2, 4)], 0);
    expect(plain.conflicts(3, 1, 0)).toBe(0);
  });

  it('uses the corner rule of the movement: no diagonal past a wall with no-cut', () => {
    // 2x2 with (1,0) walled: (0,0) -> (1,1) is one move when cutting corners, two otherwise.
    for (const [movement, cost] of [[OCTILE_CUT, 1], [OCTILE_NO_CUT, 2]] as const) {
      const grid = new Grid(2, 2);
      grid.passable[1] = 0;
      const instance: MapfInstance = { grid, movement, agents: [{ start: 0, goal: 3 }] };
      const result = cbs.solve(instance, {});
      expect(result.paths[0].length - 1, movement.corners).toBe(cost);
      expect(validatePlan(instance, result.paths).valid).toBe(true);
    }
    expect(buildStepTable(new Grid(2, 2), OCTILE_CUT).directions).toBe(8);
  });

  it('rates a crossing by the MDDs (cardinal for a unit whose only move then is its own) and splits it on each unit\'s own move', () => {
    // 3x3 open: unit a (0,0) -> (1,1) in one move; unit b (1,0) -> (0,2) in two, first to (0,1)
    // (crossing a) or to (1,1). Then b (1,0) -> (0,1) alone: one move, the crossing one.
    const grid = new Grid(3, 3);
    const steps = buildStepTable(grid, OCTILE_CUT);
    const mdd = (start: number, goal: number, cost: number) =>
      buildMdd(grid, start, goal, cost, new LazyDistanceTable(grid, goal, steps), emptyConstraints(), new ConstraintTable(), false, steps);
    const conflict = { kind: 'edge', a: 0, b: 1, from: 0, to: 4, t: 1, bFrom: 1, bTo: 3 } as const;
    expect(conflictCardinality(mdd(0, 4, 1), mdd(1, 6, 2), conflict)).toBe(1);
    expect(conflictCardinality(mdd(0, 4, 1), mdd(1, 3, 1), conflict)).toBe(2);
    expect(branch(conflict).map((c) => [c.agent, c.from, c.to, c.t])).toEqual([[0, 0, 4, 1], [1, 1, 3, 1]]);
  });
});
