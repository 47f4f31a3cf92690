/**
 * PIBT (Okumura et al. 2019/2022) as a turn controller: every step is free of vertex and swap
 * conflicts (the plan validator judges every run), units reach their goals on instances PIBT
 * solves, it works online with map events, and it refuses what it does not handle.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { findSolver } from '../../../../core/registry/registry.ts';
import { Pibt } from '../../../../core/planning/pibt.ts';
import { createPibtController } from '../../../../core/solvers/lacam/pibtController.ts';
import { randomInstance } from '../optimal/randomInstances.ts';
import { runTurns } from '../cooperative/turnLoop.ts';

function ascii(rows: string[], agents: [number, number, number, number][]): MapfInstance {
  const grid = Grid.fromAscii(rows);
  return { grid, movement: FOUR_CONNECTED, agents: agents.map(([sx, sy, gx, gy]) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy) })) };
}

describe('PIBT one step', () => {
  it('never puts two units on one cell and never swaps, on dense random instances', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const instance = randomInstance(seed, 12, 12, 0.25, 30, FOUR_CONNECTED);
      const run = runTurns(instance, createPibtController(instance, { seed, params: {} }), 80);
      const check = validatePlan(instance, run.paths, { requireGoals: false });
      expect(check.valid, `seed ${seed}: ${describeViolations(check)}`).toBe(true);
    }
  });

  it('the first step searches no further in the distance tables than setting up did', () => {
    // The lazy tables reach each unit's neighbours when PIBT is set up, so the first step, like
    // every later one, only reads them (it used to finish a BFS layer for every unit at once).
    for (let seed = 1; seed <= 10; seed++) {
      const instance = randomInstance(seed, 24, 24, 0.2, 40, FOUR_CONNECTED);
      const starts = instance.agents.map((a) => a.start);
      const pibt = new Pibt(instance.grid, starts, instance.agents.map((a) => a.goal), seed);
      const discovered = () => instance.agents.reduce((sum, _, i) => sum + pibt.table(i).discovered, 0);
      const before = discovered();
      pibt.step(starts, new Int32Array(starts.length));
      expect(discovered(), `seed ${seed}`).toBe(before);
    }
  });

  it('a pushed unit inherits the priority and makes way (priority inheritance)', () => {
    // Unit 2 rests on its goal in a corridor, on unit 1's way: unit 1 (further from its goal,
    // so first) wants that cell, so unit 2 must move first, on, not back onto unit 1's cell.
    const instance = ascii(['.....'], [[0, 0, 4, 0], [1, 0, 1, 0]]);
    const pibt = new Pibt(instance.grid, [0, 1], [4, 1], 1);
    const next = new Int32Array(2);
    pibt.step([0, 1], next);
    expect(Array.from(next)).toEqual([1, 2]);
  });

  it('backtracks: a unit that cannot be pushed leaves its pusher to choose another cell', () => {
    // Unit 2 stands in a dead end facing unit 1, so unit 1 must go round through the row below.
    const instance = ascii(['@.@@', '....'], [[1, 1, 1, 0], [1, 0, 0, 1]]);
    const pibt = new Pibt(instance.grid, instance.agents.map((a) => a.start), instance.agents.map((a) => a.goal), 3);
    const next = new Int32Array(2);
    pibt.step(instance.agents.map((a) => a.start), next);
    expect(next[0]).not.toBe(next[1]);
    expect(next[1] === instance.agents[0].start && next[0] === instance.agents[1].start).toBe(false);
  });
});

describe('pibt in the registry', () => {
  it('solves random instances in the simulator with a valid plan', () => {
    const entry = findSolver('pibt')!;
    let solved = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const instance = randomInstance(seed, 16, 16, 0.12, 12, FOUR_CONNECTED);
      const result = entry.solve(instance, { seed, params: { turnLimit: 400 } });
      const check = validatePlan(instance, result.paths, { requireGoals: result.status === 'solved' });
      expect(check.valid, describeViolations(check)).toBe(true);
      if (result.status === 'solved') solved++;
    }
    expect(solved).toBeGreaterThanOrEqual(18);
  });

  it('runs online: a door that closes on the way is gone round', () => {
    const instance = ascii(['.....', '.@.@.', '.....'], [[0, 0, 4, 2], [4, 0, 0, 2]]);
    const result = findSolver('pibt')!.solve(instance, { seed: 2, params: { turnLimit: 50 }, mapEvents: [{ t: 1, cells: [instance.grid.cell(2, 1)], passable: false }] });
    expect(result.status).toBe('solved');
    expect(result.paths.some((p) => p.includes(instance.grid.cell(2, 1)) && p.indexOf(instance.grid.cell(2, 1)) > 1)).toBe(false);
  });

  it('refuses 8-connected maps, large and slow units, and unknown params, naming the unit from 1', () => {
    const grid = new Grid(4, 4);
    const base = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 15 }, { start: 3, goal: 12 }] };
    expect(() => createPibtController({ ...base, movement: OCTILE_NO_CUT }, { seed: 0, params: {} })).toThrow(/4-connected/);
    expect(() => createPibtController({ ...base, agents: [base.agents[0], { start: 3, goal: 10, size: 2 }] }, { seed: 0, params: {} })).toThrow(/unit 2 is 2x2/);
    expect(() => createPibtController({ ...base, agents: [{ start: 0, goal: 15, speed: 2 }] }, { seed: 0, params: {} })).toThrow(/unit 1 takes 2 turns a move/);
    expect(() => createPibtController(base, { seed: 0, params: { window: 4 } })).toThrow(/unknown param 'window'/);
  });
});
