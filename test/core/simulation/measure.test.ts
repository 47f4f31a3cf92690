import { describe, expect, it } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { pathCost } from '../../../core/mapf/plan.ts';
import { describeViolations, validatePlan } from '../../../core/mapf/validator.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import { measureSolver } from '../../../core/simulation/measure.ts';
import { planController } from '../../../core/simulation/planController.ts';
import { simulate } from '../../../core/simulation/simulator.ts';

describe('offline adapter', () => {
  it('replays a valid plan exactly, waits included', () => {
    const grid = Grid.fromAscii(['...', '...']);
    const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 2 }, { start: 3, goal: 5 }] };
    // Agent 1 waits a turn, then goes.
    const plan = [[0, 1, 2], [3, 3, 4, 5]];
    expect(validatePlan(instance, plan).valid).toBe(true);
    const result = simulate(instance, planController(plan));
    expect(result.paths).toEqual([[0, 1, 2, 2], [3, 3, 4, 5]]);
    expect(result.status).toBe('solved');
    expect(Array.from(result.agents.pathLength)).toEqual([2, 3]);
    expect(Array.from(result.agents.waits)).toEqual([0, 1]);
    expect(result.collisions).toEqual([]);
  });

  it('measures an offline solver through the simulator, with its solve time as initial planning time', () => {
    const grid = Grid.fromAscii(['......', '.@@@@.', '......']);
    const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 0), goal: grid.cell(5, 2) }] };
    const measured = measureSolver(findSolver('independent')!, instance, {}, []);
    expect(measured.status).toBe('solved');
    expect(measured.simulation.run.pathRatio).toBe(1);
    expect(measured.simulation.agents.pathLength[0]).toBe(7);
    expect(measured.simulation.run.initMs).toBeGreaterThan(0);
    expect(measured.simulation.run.expanded).toBe(grid.cells);
  });

  it('turns the collisions of an uncooperative plan into refused moves and failures', () => {
    const instance = chokepointExample();
    const measured = measureSolver(findSolver('independent')!, instance, { turnLimit: 30 }, []);
    const sim = measured.simulation;
    expect(sim.validation?.valid, describeViolations(sim.validation!)).toBe(true);
    if (sim.collisions.length > 0) {
      expect(measured.status).toBe('failed');
      expect(sim.run.successes).toBeLessThan(instance.agents.length);
    }
    for (let a = 0; a < instance.agents.length; a++) {
      if (sim.agents.success[a]) expect(pathCost(sim.paths[a], instance.agents[a].goal, 'rest')).toBeGreaterThanOrEqual(sim.agents.lowerBound[a]);
    }
  });

  it('keeps an offline solver\'s own verdict when it finds no plan', () => {
    const grid = Grid.fromAscii(['.@.']);
    const measured = measureSolver(findSolver('independent')!, { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 2 }] }, {}, []);
    expect(measured.status).toBe('unsolvable');
    expect(measured.message).toMatch(/agent 1 cannot reach/);
    expect(measured.simulation.agents.success[0]).toBe(0);
    // Nothing reached its goal, so there is no path length to compare: not a ratio of 1.
    expect(measured.simulation.run.pathRatio).toBeNaN();
  });
});
