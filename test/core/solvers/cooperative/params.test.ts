import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import { createCaController, createHcaController, createWhcaController } from '../../../../core/solvers/cooperative/cooperativeController.ts';
import { createLraController } from '../../../../core/solvers/cooperative/localRepairAStar.ts';

const grid = new Grid(6, 6);
const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 35 }, { start: 5, goal: 30 }] };
const whca = (params: Record<string, unknown>) => () => createWhcaController(instance, { seed: 0, params });

describe('malformed params are rejected with a message naming the param', () => {
  it('WHCA* window must be a positive whole number', () => {
    expect(whca({ window: 0 })).toThrow(RangeError);
    expect(whca({ window: 0 })).toThrow(/WHCA\*: param 'window' must be a whole number from 1 to 65536, got 0/);
    expect(whca({ window: 2.5 })).toThrow(/param 'window' .* got 2\.5/);
    expect(whca({ window: '16' })).toThrow(/param 'window' .* got '16'/);
    expect(whca({ window: -4 })).toThrow(/param 'window'/);
  });
  it('WHCA* replanEvery must fit inside the window', () => {
    expect(whca({ window: 8, replanEvery: 9 })).toThrow(/param 'replanEvery' must be a whole number from 1 to 8, got 9/);
    expect(whca({ window: 8, replanEvery: 0 })).toThrow(/param 'replanEvery'/);
    expect(whca({ window: 8, replanEvery: 8 })).not.toThrow();
  });
  it('order must be one of the policies', () => {
    expect(whca({ order: 'fastest' })).toThrow(/param 'order' must be one of 'given', 'random', 'priority', 'distance'; got 'fastest'/);
    expect(() => createCaController(instance, { seed: 0, params: { order: 3 } })).toThrow(/CA\*: param 'order' must be one of/);
    expect(() => createLraController(instance, { seed: 0, params: { order: 'x' } })).toThrow(/LRA\*: param 'order'/);
  });
  it('unknown params are named with the allowed ones', () => {
    expect(whca({ windw: 16 })).toThrow(/WHCA\*: unknown param 'windw'; allowed params are 'window', 'replanEvery', 'order'/);
    expect(() => createHcaController(instance, { seed: 0, params: { window: 8 } })).toThrow(/HCA\*: unknown param 'window'; allowed params are 'order', 'maxTime'/);
  });
  it('other numeric and boolean params', () => {
    expect(whca({ rraRestart: 0 })).toThrow(/param 'rraRestart' must be a number >= 1, got 0/);
    expect(whca({ promotion: 'yes' })).toThrow(/param 'promotion' must be true or false, got 'yes'/);
    expect(() => createCaController(instance, { seed: 0, params: { maxTime: 0 } })).toThrow(/param 'maxTime' must be a whole number >= 1/);
    expect(() => createLraController(instance, { seed: 0, params: { agitationNoise: -1 } })).toThrow(/LRA\*: param 'agitationNoise' must be a number >= 0, got -1/);
  });
  it('bad unit attributes name the agent', () => {
    const bad = (extra: Record<string, unknown>) => () =>
      createWhcaController({ ...instance, agents: [instance.agents[0], { ...instance.agents[1], ...extra }] }, { seed: 0, params: {} });
    expect(bad({ size: 0 })).toThrow(/WHCA\*: agent 2: size must be a whole number from 1 to 255, got 0/);
    expect(bad({ speed: 1.5 })).toThrow(/agent 2: speed \(turns per move\) must be a whole number >= 1, got 1\.5/);
    expect(bad({ size: 2 })).toThrow(/agent 2: a 2x2 unit at its start \(5, 0\) does not fit on the map/);
  });
  it('defaults are accepted and reported', () => {
    const controller = createWhcaController(instance, { seed: 0, params: {} });
    expect([controller.window, controller.replanEvery, controller.order]).toEqual([16, 8, 'given']);
    expect(createWhcaController(instance, { seed: 0, params: { window: 5 } }).replanEvery).toBe(2);
  });
});
