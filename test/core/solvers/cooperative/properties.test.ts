import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT, OCTILE_NO_CUT, type Movement } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { pathCost } from '../../../../core/mapf/plan.ts';
import { createCaController, createHcaController, createWhcaController } from '../../../../core/solvers/cooperative/cooperativeController.ts';
import { createLraController } from '../../../../core/solvers/cooperative/localRepairAStar.ts';
import type { ControllerFactory } from '../../../../core/contract/controller.ts';
import { Random } from '../../../../core/util/random.ts';
import { randomAgents, randomMap, runTurns, turnDistance } from './turnLoop.ts';

const SOLVERS: [string, ControllerFactory, Record<string, unknown>][] = [
  ['LRA*', createLraController, {}],
  ['CA*', createCaController, {}],
  ['HCA*', createHcaController, {}],
  ['WHCA*(8)', createWhcaController, { window: 8 }],
  ['WHCA*(16) random order', createWhcaController, { window: 16, order: 'random' }],
];
const MOVEMENTS: [string, Movement][] = [
  ['4-connected', FOUR_CONNECTED],
  ['8-connected no-cut', OCTILE_NO_CUT],
  ['8-connected cut', OCTILE_CUT],
];

function instanceFor(seed: number, movement: Movement, side: number, agents: number): MapfInstance {
  const random = new Random(seed);
  const grid = new Grid(side, side);
  randomMap(random, grid, 0.2);
  return { grid, movement, agents: randomAgents(random, grid, agents) };
}

describe('cooperative solvers on random instances', () => {
  for (const [name, factory, params] of SOLVERS) {
    for (const [moveName, movement] of MOVEMENTS) {
      it(`${name}, ${moveName}: never writes a conflicting joint move`, () => {
        let arrived = 0;
        let total = 0;
        for (let trial = 0; trial < 4; trial++) {
          const instance = instanceFor(1000 + trial, movement, 16, 8 + 4 * trial);
          const controller = factory(instance, { seed: trial, params });
          const run = runTurns(instance, controller, 120);
          const check = validatePlan(instance, run.paths, { requireGoals: false });
          expect(check.valid, `${name} trial ${trial}: ${describeViolations(check)}`).toBe(true);
          instance.agents.forEach((a, i) => {
            total++;
            const last = run.paths[i][run.paths[i].length - 1];
            if (last === a.goal) {
              arrived++;
              // Nobody beats the single-agent shortest path (in turns).
              expect(pathCost(run.paths[i], a.goal, 'rest')).toBeGreaterThanOrEqual(turnDistance(instance, i));
            }
          });
          const counters = controller.counters();
          expect(counters.expanded).toBeGreaterThan(0);
        }
        // The cooperative solvers are expected to bring nearly everyone home on these sparse maps.
        if (name !== 'LRA*') expect(arrived / total).toBeGreaterThanOrEqual(0.9);
      });
    }
  }

  it('CA* and HCA* replay a plan that is complete, valid and at least the lower bound', () => {
    for (let trial = 0; trial < 5; trial++) {
      const instance = instanceFor(77 + trial, FOUR_CONNECTED, 12, 6);
      for (const factory of [createCaController, createHcaController]) {
        const controller = factory(instance, { seed: 0, params: {} });
        const run = runTurns(instance, controller, 200);
        if (controller.unplannedAgents().length > 0) continue; // reported, checked elsewhere
        expect(run.solved).toBe(true);
        const check = validatePlan(instance, run.paths, { requireGoals: true });
        expect(check.valid, describeViolations(check)).toBe(true);
        // The first agent in order plans alone: its path is a shortest one.
        expect(pathCost(run.paths[0], instance.agents[0].goal, 'rest')).toBe(turnDistance(instance, 0));
      }
    }
  });
});
