/**
 * LaCAM (Okumura, AAAI 2023) finds a plan whenever one exists and says `unsolvable` when none
 * does (checked against the brute force on tiny instances); LaCAM* (IJCAI 2023) given room to
 * finish reaches the brute-force optimum of the sum of loss (the `away` model); every plan passes
 * the plan validator; limits and cancel are honoured.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { sumOfCosts } from '../../../../core/mapf/plan.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { findSolver } from '../../../../core/registry/registry.ts';
import { bruteForceOptimum } from '../optimal/bruteForce.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

const lacam = findSolver('lacam')!;
const lacamStar = findSolver('lacam-star')!;

function expectValid(instance: MapfInstance, paths: Parameters<typeof validatePlan>[1]): void {
  const check = validatePlan(instance, paths);
  expect(check.valid, describeViolations(check)).toBe(true);
}

describe('LaCAM', () => {
  it('finds a plan exactly when the brute force finds one, on tiny random instances', () => {
    let solvable = 0;
    let unsolvable = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const instance = randomInstance(seed, 4, 3, 0.25, 3 + (seed % 3), FOUR_CONNECTED);
      const brute = bruteForceOptimum(instance, 'away');
      const result = lacam.solve(instance, { seed });
      if (brute.cost === null) {
        expect(result.status, `seed ${seed}`).toBe('unsolvable');
        unsolvable++;
      } else {
        expect(result.status, `seed ${seed}: ${result.message}`).toBe('solved');
        expectValid(instance, result.paths);
        solvable++;
      }
    }
    // Both kinds occur, so the test can tell them apart.
    expect(solvable).toBeGreaterThan(10);
    expect(unsolvable).toBeGreaterThan(3);
  });

  it('solves a swap in a corridor with a side pocket, where PIBT alone would need luck', () => {
    const grid = Grid.fromAscii(['..@@@', '.....']);
    const instance: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(1, 1), goal: grid.cell(4, 1) }, { start: grid.cell(4, 1), goal: grid.cell(1, 1) }] };
    const result = lacam.solve(instance, { seed: 1 });
    expect(result.status).toBe('solved');
    expectValid(instance, result.paths);
  });

  it('a two-unit swap on a line has no plan: unsolvable', () => {
    const grid = new Grid(3, 1);
    const instance: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 2 }, { start: 2, goal: 0 }] };
    expect(lacam.solve(instance, { seed: 1 }).status).toBe('unsolvable');
  });
});

describe('LaCAM*', () => {
  // Reverse edges (lacam3: a node and its parent linked both ways) rewire through parents too: a
  // cost lowered along a wrong edge would show here as a plan cheaper or dearer than the optimum.
  it.each([{}, { reverseEdges: false }, { refineShare: 0, scatterMargin: 0 }])('reaches the brute-force optimum of the sum of loss (away) when it can finish, params %o', (params) => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const instance = randomInstance(seed, 4, 3, 0.2, 2 + (seed % 3), FOUR_CONNECTED);
      const brute = bruteForceOptimum(instance, 'away');
      if (brute.cost === null) continue;
      const result = lacamStar.solve(instance, { seed, params });
      expect(result.status).toBe('solved');
      expectValid(instance, result.paths);
      expect(result.stats.provenOptimal, `seed ${seed}`).toBe(1);
      const goals = instance.agents.map((a) => a.goal);
      expect(sumOfCosts(result.paths, goals, 'away'), `seed ${seed}`).toBe(brute.cost);
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('reports its improvements as progress with the cost and the lower bound', () => {
    const instance = randomInstance(7, 5, 4, 0.15, 5, FOUR_CONNECTED);
    const messages: string[] = [];
    const result = lacamStar.solve(instance, { seed: 1, onProgress: (p) => messages.push(p.message) });
    expect(result.stats.provenOptimal).toBe(1);
    expect(result.status).toBe('solved');
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.at(-1)).toMatch(new RegExp(`^sum of loss ${result.stats.sumOfLoss} \\(lower bound ${result.stats.costLowerBound}\\)$`));
  });
});

describe('limits', () => {
  /**
   * No plan (two units that must swap on a dead-end line), beside a room of wandering units: LaCAM
   * must explore every configuration of the room to say so, far more than any limit here allows.
   */
  const unsolvable = (): MapfInstance => {
    const grid = Grid.fromAscii(['...@......', '@@@@......', '@@@@......', '@@@@......', '@@@@......', '@@@@......']);
    const room = [[4, 0, 9, 5], [9, 5, 4, 0], [5, 2, 8, 3], [8, 3, 5, 2], [6, 4, 7, 1]];
    return {
      grid, movement: FOUR_CONNECTED,
      agents: [{ start: grid.cell(0, 0), goal: grid.cell(2, 0) }, { start: grid.cell(2, 0), goal: grid.cell(0, 0) }, ...room.map(([sx, sy, gx, gy]) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy) }))],
    };
  };

  it('a cancel is honoured inside the search', () => {
    let polls = 0;
    const result = lacam.solve(unsolvable(), { seed: 1, shouldStop: () => ++polls > 3 });
    expect(result.status).toBe('cancelled');
    expect(polls).toBe(4);
    expect(result.paths).toEqual([]);
  });

  it('a memory limit ends the search with a message naming the param', () => {
    const result = lacam.solve(unsolvable(), { seed: 1, params: { memoryMb: 1 } });
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/memory limit of 1 MB reached after \d+ configurations; raise param memoryMb/);
  });

  it('a time limit gives timeout and no plan', () => {
    const result = lacam.solve(unsolvable(), { seed: 1, timeLimitMs: 0 });
    expect(result.status).toBe('timeout');
    expect(result.message).toMatch(/time limit of 0 ms reached with no plan yet/);
  });

  it('returns a valid plan of the sum of loss it reports, when it is a refined plan kept for its lower sum of costs (rest) too', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const instance = randomInstance(seed, 12, 12, 0.2, 24, FOUR_CONNECTED);
      const result = lacamStar.solve(instance, { seed, params: { workLimit: 300_000 } });
      if (result.status !== 'solved') continue;
      expectValid(instance, result.paths);
      const goals = instance.agents.map((a) => a.goal);
      expect(sumOfCosts(result.paths, goals, 'away'), `seed ${seed}`).toBe(result.stats.sumOfLoss);
    }
  });

  it('a work limit ends the search with the same result on every run, whatever the clock says', () => {
    const stopped = lacam.solve(unsolvable(), { seed: 1, params: { workLimit: 5000 } });
    expect(stopped.status).toBe('timeout');
    expect(stopped.message).toMatch(/work limit of 5000 reached with no plan yet/);
    // LaCAM* with refinement, whose turns with the search are then measured in work too.
    const instance = randomInstance(3, 8, 8, 0.15, 14, FOUR_CONNECTED);
    const run = () => lacamStar.solve(instance, { seed: 2, params: { workLimit: 200_000 } });
    const first = run();
    expect(first.status).toBe('solved');
    expectValid(instance, first.paths);
    const second = run();
    expect(second.paths).toEqual(first.paths);
    expect(second.stats.expanded).toBe(first.stats.expanded);
    expect(() => lacam.solve(instance, { params: { workLimit: 0.5 } })).toThrow(/'workLimit' must be a whole number >= 1, got 0.5/);
  });

  it('refuses unknown params and map events', () => {
    expect(() => lacam.solve(randomInstance(1, 5, 5, 0.1, 2, FOUR_CONNECTED), { params: { window: 3 } })).toThrow(/unknown param 'window'/);
    expect(lacam.mapEvents).toBeFalsy();
  });
});
