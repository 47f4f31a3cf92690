/**
 * LaCAM*'s engineering (Okumura, IJCAI 2023 and AAMAS 2024): PIBT's swap operation lets two units
 * pass each other through a corridor that plain PIBT never lets them through, and the refiner
 * (a large neighbourhood search over a solution) keeps every plan valid and never makes it worse.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { GoalDistances } from '../../../../core/search/goalDistances.ts';
import { lacamSearch } from '../../../../core/solvers/lacam/lacam.ts';
import { Pibt } from '../../../../core/planning/pibt.ts';
import { PathTable, pathLoss, trimPath } from '../../../../core/solvers/lacam/pathTable.ts';
import { Refiner } from '../../../../core/solvers/lacam/refine.ts';
import { Random } from '../../../../core/util/random.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

/** Steps PIBT alone (no LaCAM search) until both units stand on their goals, or `limit` steps. */
function stepsToGoals(grid: Grid, starts: number[], goals: number[], swap: boolean, limit: number): number {
  const pibt = new Pibt(grid, starts, goals, 1, undefined, { swap });
  let positions = Int32Array.from(starts);
  const next = new Int32Array(starts.length);
  for (let step = 1; step <= limit; step++) {
    pibt.step(positions, next);
    positions = Int32Array.from(next);
    if (goals.every((g, i) => positions[i] === g)) return step;
  }
  return Infinity;
}

describe('PIBT with the swap operation', () => {
  // A corridor with one branch near its end: the two units must use the branch to pass.
  //   x: 0 1 2 3 4 5
  //   y0 . . . . . .
  //   y1 @ @ @ @ . @
  const grid = Grid.fromAscii(['......', '@@@@.@']);
  const a = grid.cell(0, 0);
  const b = grid.cell(3, 0);

  it('two units facing each other in a corridor pass each other through its branch', () => {
    expect(stepsToGoals(grid, [a, b], [b, a], true, 60)).toBeLessThan(60);
  });

  it('plain PIBT never gets them past each other there (what the swap is for)', () => {
    expect(stepsToGoals(grid, [a, b], [b, a], false, 200)).toBe(Infinity);
  });

  it('LaCAM without the swap still solves it (complete), with it the first plan is found sooner', () => {
    const run = (swap: boolean) => lacamSearch(grid, Int32Array.of(a, b), Int32Array.of(b, a), { seed: 1, anytime: false, swap, maxNodes: 1e6, shouldStop: () => null });
    const withSwap = run(true);
    const without = run(false);
    expect(withSwap.status).toBe('solved');
    expect(without.status).toBe('solved');
    expect(withSwap.highNodes).toBeLessThanOrEqual(without.highNodes);
  });

  it('every step stays free of collisions on dense random instances', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const instance = randomInstance(seed, 10, 10, 0.2, 25, FOUR_CONNECTED);
      const starts = instance.agents.map((x) => x.start);
      const goals = instance.agents.map((x) => x.goal);
      const pibt = new Pibt(instance.grid, starts, goals, seed, undefined, { swap: true });
      const paths = starts.map((s) => [s]);
      let positions = Int32Array.from(starts);
      const next = new Int32Array(starts.length);
      for (let t = 0; t < 60; t++) {
        pibt.step(positions, next);
        positions = Int32Array.from(next);
        positions.forEach((c, i) => paths[i].push(c));
      }
      const check = validatePlan(instance, paths, { requireGoals: false });
      expect(check.valid, `seed ${seed}: ${describeViolations(check)}`).toBe(true);
    }
  });
});

describe('the path table', () => {
  it('answers who stands where, settles a unit on its last cell, and forgets removed paths', () => {
    const table = new PathTable(10, 8);
    table.add(0, [1, 2, 3]);
    expect(table.occupant(2, 1)).toBe(0);
    expect(table.occupant(3, 7)).toBe(0);
    expect(table.occupant(3, 1)).toBe(-1);
    expect(table.lastUse(2)).toBe(1);
    expect(table.lastUse(3)).toBe(Infinity);
    table.remove(0, [1, 2, 3]);
    expect(table.occupant(2, 1)).toBe(-1);
    expect(table.occupant(3, 7)).toBe(-1);
    expect(table.lastUse(2)).toBe(-1);
  });

  it('trims the rest at the end of a path and counts its loss (free only while staying on the goal)', () => {
    expect(trimPath([4, 5, 5, 5])).toEqual([4, 5]);
    expect(pathLoss([4, 5, 5, 6, 5], 5)).toBe(3);
  });
});

describe('the refiner', () => {
  it('keeps plans valid and never raises the sum of loss, nor at equal loss the sum of costs (rest); it lowers the loss on a detour-laden first plan', () => {
    let lowered = 0;
    let restOnly = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const instance = randomInstance(seed, 12, 12, 0.2, 20, FOUR_CONNECTED);
      const starts = Int32Array.from(instance.agents, (x) => x.start);
      const goals = Int32Array.from(instance.agents, (x) => x.goal);
      // Some random instances have no plan (a goal walled off): LaCAM would explore them to the end.
      const first = lacamSearch(instance.grid, starts, goals, { seed, anytime: false, maxNodes: 5000, shouldStop: () => null });
      if (first.status !== 'solved') continue;
      const distances = new GoalDistances(instance.grid);
      const refiner = new Refiner({
        grid: instance.grid, starts, goals, random: new Random(seed), maxGroup: 4, shouldStop: () => false,
        tableOf: (i) => distances.table(goals[i]),
      });
      const loss = (configs: Int32Array[]) => instance.agents.reduce((sum, _, i) => sum + pathLoss(trimPath(configs.map((c) => c[i])), goals[i]), 0);
      const rest = (configs: Int32Array[]) => instance.agents.reduce((sum, _, i) => sum + trimPath(configs.map((c) => c[i])).length - 1, 0);
      let configs = first.configs;
      for (let pass = 0; pass < 25; pass++) {
        const refined = refiner.pass(configs);
        if (refined === null) continue;
        const paths = instance.agents.map((_, i) => refined.map((c) => c[i]));
        const check = validatePlan(instance, paths, { requireGoals: true });
        expect(check.valid, `seed ${seed}: ${describeViolations(check)}`).toBe(true);
        // A pass returns a plan only when it is better: less loss, or the same loss and a lower sum of costs.
        expect(loss(refined)).toBeLessThanOrEqual(loss(configs));
        if (loss(refined) === loss(configs)) {
          expect(rest(refined)).toBeLessThan(rest(configs));
          restOnly++;
        }
        configs = refined;
      }
      if (loss(configs) < loss(first.configs)) lowered++;
    }
    expect(lowered).toBeGreaterThan(3);
    // Ties in the loss are broken by the sum of costs: some passes lower only that.
    expect(restOnly).toBeGreaterThan(0);
  });
});

describe('params', () => {
  const grid = Grid.fromAscii(['....']);
  const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 3 }] };

  it('lacam-star takes the refinement params; lacam refuses them by name', async () => {
    const { findSolver } = await import('../../../../core/registry/registry.ts');
    expect(findSolver('lacam-star')!.solve(instance, { params: { refineShare: 0.5, refineGroup: 4, pibtRuns: 3, swap: false } }).status).toBe('solved');
    expect(() => findSolver('lacam')!.solve(instance, { params: { refineShare: 0.5 } })).toThrow(/unknown param 'refineShare'/);
    expect(() => findSolver('lacam-star')!.solve(instance, { params: { pibtRuns: 0 } })).toThrow(/'pibtRuns' must be a whole number from 1 to 100, got 0/);
    expect(() => findSolver('lacam-star')!.solve(instance, { params: { refineShare: 1 } })).toThrow(/'refineShare' must be/);
  });
});
