/**
 * CBS (Sharon et al., AIJ 2015) is optimal for the rest model: equal to the brute-force optimum on
 * tiny instances, `unsolvable` exactly when the brute force finds no plan; every plan passes the
 * plan validator; the lower bound, limits and refusals behave.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { sumOfCosts } from '../../../../core/mapf/plan.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { findSolver } from '../../../../core/registry/registry.ts';
import { bruteForceOptimum } from '../optimal/bruteForce.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

const cbs = findSolver('cbs')!;

describe('CBS', () => {
  it('equals the brute-force optimum (rest) on tiny random instances, and gives no plan when there is none', () => {
    let solved = 0;
    let unsolvable = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const instance = randomInstance(seed, 4, 4, 0.2, 2 + (seed % 3), FOUR_CONNECTED);
      const brute = bruteForceOptimum(instance, 'rest');
      // CBS is complete only when a plan exists (Sharon et al. 2015): on an instance with none it
      // branches for ever unless a unit cannot reach its goal at all; the node cap ends it. Plain
      // CBS needs up to ~32,000 nodes on the tightest of these (seed 77).
      const result = cbs.solve(instance, { seed, params: { maxNodes: brute.cost === null ? 5_000 : 200_000 } });
      if (brute.cost === null) {
        expect(['unsolvable', 'failed'], `seed ${seed}`).toContain(result.status);
        expect(result.paths).toEqual([]);
        unsolvable++;
        continue;
      }
      expect(result.status, `seed ${seed}: ${result.message}`).toBe('solved');
      const check = validatePlan(instance, result.paths);
      expect(check.valid, describeViolations(check)).toBe(true);
      const goals = instance.agents.map((a) => a.goal);
      expect(sumOfCosts(result.paths, goals, 'rest'), `seed ${seed}`).toBe(brute.cost);
      expect(result.stats.costLowerBound).toBe(brute.cost);
      solved++;
    }
    expect(solved).toBeGreaterThan(40);
    expect(unsolvable).toBeGreaterThan(0);
  });

  /** CBS with every improvement, per seed, computed once for all the ablation rows. */
  const fullRuns = new Map<number, ReturnType<typeof cbs.solve>>();
  it.each([
    ['plain CBS', { prioritize: false, heuristic: 'none', bypass: false, targetReasoning: false, rectangle: false, corridor: false }],
    ['target reasoning alone', { prioritize: false, heuristic: 'none', bypass: false, targetReasoning: true, rectangle: false, corridor: false }],
    ['all but target reasoning', { targetReasoning: false }],
    ['ICBS conflict prioritisation alone', { prioritize: true, heuristic: 'none', bypass: false, targetReasoning: false, rectangle: false, corridor: false }],
    ['the CG heuristic alone', { prioritize: false, heuristic: 'cg', bypass: false, targetReasoning: false, rectangle: false, corridor: false }],
    ['the WDG heuristic alone', { prioritize: false, heuristic: 'wdg', bypass: false, targetReasoning: false, rectangle: false, corridor: false }],
    ['CG instead of WDG', { heuristic: 'cg' }],
    ['bypass alone', { prioritize: false, heuristic: 'none', bypass: true, targetReasoning: false, rectangle: false, corridor: false }],
    ['all but bypass', { bypass: false }],
    ['all but rectangle reasoning', { rectangle: false }],
    ['all but corridor reasoning', { corridor: false }],
  ])('switching improvements off keeps the optimum: %s', (_, switches) => {
    let compared = 0;
    for (let seed = 100; seed <= 140; seed++) {
      const instance = randomInstance(seed, 5, 4, 0.15, 2 + (seed % 3), FOUR_CONNECTED);
      let full = fullRuns.get(seed);
      if (full === undefined) fullRuns.set(seed, (full = cbs.solve(instance, { params: { maxNodes: 5_000 } })));
      if (full.status !== 'solved') continue;
      const ablated = cbs.solve(instance, { params: { maxNodes: 200_000, ...switches } });
      expect(ablated.status, `seed ${seed}`).toBe('solved');
      const goals = instance.agents.map((a) => a.goal);
      expect(sumOfCosts(ablated.paths, goals, 'rest'), `seed ${seed}`).toBe(sumOfCosts(full.paths, goals, 'rest'));
      expect(validatePlan(instance, ablated.paths).valid).toBe(true);
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('a unit resting on its goal steps aside and comes back (a target conflict)', () => {
    // Unit 2 starts on its goal in the middle of a corridor with a side pocket; unit 1 must pass.
    const grid = Grid.fromAscii(['@.@@', '....']);
    const instance: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 1), goal: grid.cell(3, 1) }, { start: grid.cell(1, 1), goal: grid.cell(1, 1) }] };
    const result = cbs.solve(instance, {});
    expect(result.status).toBe('solved');
    expect(validatePlan(instance, result.paths).valid).toBe(true);
    expect(sumOfCosts(result.paths, instance.agents.map((a) => a.goal), 'rest')).toBe(bruteForceOptimum(instance, 'rest').cost);
  });

  it('target reasoning bars a passing unit from a resting unit\'s goal for good: fewer nodes, same optimum', () => {
    // Unit 1 rests on its goal at (3, 0) early; unit 2 must cross that cell late (its start is
    // far), so unit 1 has to leave and come back. Plain branching forbids unit 2 one turn at a
    // time there; target reasoning settles it in one branch.
    const grid = Grid.fromAscii(['........', '@@@.@@@@', '........']);
    const instance: MapfInstance = {
      grid, movement: FOUR_CONNECTED,
      agents: [{ start: grid.cell(2, 0), goal: grid.cell(3, 0) }, { start: grid.cell(0, 2), goal: grid.cell(7, 0) }],
    };
    const plain = cbs.solve(instance, { params: { targetReasoning: false, prioritize: false, heuristic: 'none', bypass: false, rectangle: false, corridor: false } });
    const target = cbs.solve(instance, { params: { targetReasoning: true, prioritize: false, heuristic: 'none', bypass: false, rectangle: false, corridor: false } });
    const goals = instance.agents.map((a) => a.goal);
    expect(target.status).toBe('solved');
    expect(validatePlan(instance, target.paths).valid).toBe(true);
    expect(sumOfCosts(target.paths, goals, 'rest')).toBe(bruteForceOptimum(instance, 'rest').cost);
    expect(sumOfCosts(plain.paths, goals, 'rest')).toBe(sumOfCosts(target.paths, goals, 'rest'));
    expect(target.stats.highExpanded).toBeLessThan(plain.stats.highExpanded);
  });

  it('a target conflict with two units to cross the resting unit\'s goal: one split bars both, the optimum is brute force\'s', () => {
    // Unit 1 rests on its goal (3, 1) in the only gap of the wall early; units 2 and 3 must both
    // cross it later. The split "unit 1 rests there by t" bars every other unit from the gap
    // from t on, and plans both crossing units again in that child.
    const grid = Grid.fromAscii(['......', '@@@.@@', '......']);
    const instance: MapfInstance = {
      grid, movement: FOUR_CONNECTED,
      agents: [{ start: grid.cell(3, 0), goal: grid.cell(3, 1) }, { start: grid.cell(0, 2), goal: grid.cell(5, 0) }, { start: grid.cell(5, 2), goal: grid.cell(0, 0) }],
    };
    const optimum = bruteForceOptimum(instance, 'rest').cost;
    expect(optimum).not.toBeNull();
    const goals = instance.agents.map((a) => a.goal);
    for (const params of [{}, { targetReasoning: false }, { prioritize: false, heuristic: 'none', bypass: false, rectangle: false, corridor: false }, { prioritize: false, heuristic: 'none', bypass: false, rectangle: false, corridor: false, targetReasoning: false }]) {
      const result = cbs.solve(instance, { params: { maxNodes: 50_000, ...params } });
      expect(result.status, JSON.stringify(params)).toBe('solved');
      expect(validatePlan(instance, result.paths).valid).toBe(true);
      expect(sumOfCosts(result.paths, goals, 'rest'), JSON.stringify(params)).toBe(optimum);
      expect(result.stats.costLowerBound).toBe(optimum);
    }
  });

  it('target reasoning keeps the plans where the resting unit passes over its goal early and comes back', () => {
    // Unit 2 (from the pocket at (1, 2)) reaches its goal (1, 0) at t = 4 by the left column,
    // steps on to (2, 0) and (2, 1) so unit 1 can pass from the right to the left column, and
    // comes back: the optimum has unit 2 on its goal at 4 but resting there only later. A target
    // branch that also barred unit 2 from its goal at 4 lost every such plan (a lower bound of 28).
    const grid = Grid.fromAscii(['.....', '.@...', '..@..', '.@...']);
    const instance: MapfInstance = {
      grid, movement: FOUR_CONNECTED,
      agents: [{ start: grid.cell(3, 2), goal: grid.cell(0, 2) }, { start: grid.cell(1, 2), goal: grid.cell(1, 0) }],
    };
    const optimum = bruteForceOptimum(instance, 'rest').cost;
    const goals = instance.agents.map((a) => a.goal);
    for (const params of [{}, { targetReasoning: false }, { prioritize: false, heuristic: 'none', bypass: false, rectangle: false, corridor: false }]) {
      const result = cbs.solve(instance, { params: { maxNodes: 20_000, ...params } });
      expect(result.status, JSON.stringify(params)).toBe('solved');
      expect(validatePlan(instance, result.paths).valid).toBe(true);
      expect(sumOfCosts(result.paths, goals, 'rest'), JSON.stringify(params)).toBe(optimum);
    }
    const eecbs = findSolver('eecbs')!.solve(instance, { params: { w: 1, bypass: false, maxNodes: 20_000 } });
    expect(eecbs.status).toBe('solved');
    expect(sumOfCosts(eecbs.paths, goals, 'rest')).toBe(optimum);
  });

  it('a time limit stops it with the lower bound reached, a cancel likewise', () => {
    const instance = randomInstance(5, 12, 12, 0, 40, FOUR_CONNECTED);
    const timeout = cbs.solve(instance, { timeLimitMs: 0 });
    expect(timeout.status).toBe('timeout');
    expect(timeout.message).toMatch(/time limit of 0 ms reached \(lower bound \d+ on the sum of costs\)/);
    let polls = 0;
    const cancelled = cbs.solve(instance, { shouldStop: () => ++polls > 2 });
    expect(['cancelled', 'solved']).toContain(cancelled.status);
  });

  it('refuses connectivities other than 4 and 8, the away model, and unknown params', () => {
    const grid = new Grid(3, 3);
    const base: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 8 }] };
    expect(cbs.solve({ ...base, movement: OCTILE_NO_CUT }, {}).status).toBe('solved'); // cbs8.test.ts
    expect(() => cbs.solve({ ...base, movement: { connectivity: 6 as 8, corners: 'cut' } }, {})).toThrow(/4- and 8-connected/);
    expect(() => cbs.solve(base, { params: { costModel: 'away' } })).toThrow(/rest cost model/);
    expect(() => cbs.solve(base, { params: { w: 2 } })).toThrow(/unknown param 'w'/);
    expect(() => cbs.solve(base, { params: { heuristic: 'dg' } })).toThrow(/'wdg', 'cg' or 'none', got "dg"/);
    expect(() => cbs.solve(base, { params: { targetReasoning: 'yes' } })).toThrow(/'targetReasoning' must be true or false/);
  });
});
