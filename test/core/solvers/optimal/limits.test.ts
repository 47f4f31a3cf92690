/**
 * Time limit, cancel and statistics of the optimal solvers, and independence detection on
 * instances too large for the brute force: every solver's sum of costs must still agree.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED, OCTILE_CUT } from '../../../../core/grid/movement.ts';
import { sumOfCosts } from '../../../../core/mapf/plan.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { solveIdAstar, solveIdOd, solveOd, solveSidOd } from '../../../../core/solvers/optimal/solvers.ts';
import { findSolver } from '../../../../core/registry/registry.ts';
import { randomInstance } from './randomInstances.ts';
import { steppingClock } from '../../util/steppingClock.ts';

describe('time limit and cancel', () => {
  // 40 agents on a 32x32 map: far too many for OD without independence detection.
  const hard = randomInstance(7, 32, 32, 0.2, 40, OCTILE_CUT);

  it('od stops at the time limit with status timeout and a lower bound', () => {
    // A clock 1 ms a reading: the 40 distance tables take 40 readings, so the limit falls in the
    // search however busy the machine (on the wall clock, a loaded machine spent 100 ms on the tables).
    const time = steppingClock(1);
    const result = solveOd(hard, { timeLimitMs: 100, clock: time.clock });
    expect(result.status).toBe('timeout');
    expect(result.paths).toEqual([]);
    expect(result.message).toMatch(/^CPU time limit of 100 ms reached/);
    expect(result.stats.elapsedMs).toBeGreaterThanOrEqual(100);
    expect(result.stats.lowerBound).toBeGreaterThanOrEqual(result.stats.heuristic);
    expect(result.stats.expanded).toBeGreaterThan(0);
    expect(result.stats.largestGroup).toBe(40);
  });

  it('every solver returns cancelled soon after shouldStop says so', () => {
    for (const name of ['astar', 'od', 'id+astar', 'id+od', 'sid+od']) {
      let calls = 0;
      const result = findSolver(name)!.solve(hard, { shouldStop: () => ++calls > 2 });
      expect(result.status, name).toBe('cancelled');
      // Soon: it asked once more and stopped (counted, not timed).
      expect(calls, name).toBe(3);
    }
  });

  it('a time limit of 0 ends independence detection at once', () => {
    const result = solveIdOd(hard, { timeLimitMs: 0 });
    expect(result.status).toBe('timeout');
  });
});

describe('independence detection on larger instances', () => {
  it('id+od, sid+od, id+astar and od agree on the optimum; ID groups stay small', () => {
    let replans = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const movement = seed % 2 === 0 ? FOUR_CONNECTED : OCTILE_CUT;
      const inst = randomInstance(100 + seed, 8, 8, 0.15, 6, movement);
      const goals = inst.agents.map((a) => a.goal);
      const results = [
        solveOd(inst, {}), solveIdOd(inst, {}), solveSidOd(inst, {}), solveIdAstar(inst, {}),
        solveIdOd(inst, { params: { conflictOrder: 'first' } }),
      ];
      const statuses = results.map((r) => r.status);
      expect(new Set(statuses).size, `seed ${seed}: ${statuses.join(', ')}`).toBe(1);
      if (statuses[0] !== 'solved') continue;
      const costs = results.map((r) => sumOfCosts(r.paths, goals, 'away'));
      expect(new Set(costs).size, `seed ${seed}: ${costs.join(', ')}`).toBe(1);
      for (const r of results) {
        const check = validatePlan(inst, r.paths);
        expect(check.valid, `seed ${seed} ${r.solver}: ${describeViolations(check)}`).toBe(true);
        expect(r.stats.lowerBound).toBe(costs[0]);
      }
      expect(results[1].stats.largestGroup).toBeLessThanOrEqual(6);
      replans += results[1].stats.replans;
    }
    expect(replans).toBeGreaterThan(0);
  });

  it('agents whose shortest paths do not meet stay in groups of one', () => {
    const inst = randomInstance(5, 16, 16, 0, 2, FOUR_CONNECTED);
    inst.agents = [
      { start: inst.grid.cell(0, 0), goal: inst.grid.cell(15, 0) },
      { start: inst.grid.cell(0, 15), goal: inst.grid.cell(15, 15) },
    ];
    const result = solveIdOd(inst);
    expect(result.status).toBe('solved');
    expect(result.stats.largestGroup).toBe(1);
    expect(result.stats.merges).toBe(0);
    expect(sumOfCosts(result.paths, inst.agents.map((a) => a.goal), 'away')).toBe(30);
  });
});
