/**
 * The cooperative controllers report the plans they adopt (core/contract/planWindows.ts): the
 * reserved cells of a unit at turn t begin where it stands and continue where it goes next, WHCA*
 * windows hold at most w + 1 cells, CA* records each unit's whole path once.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { randomTasks } from '../../../../core/mapgen/placement.ts';
import { randomMap } from '../../../../core/mapgen/randomMap.ts';
import { createCaController, createHcaController, createWhcaController } from '../../../../core/solvers/cooperative/cooperativeController.ts';
import { createLraController } from '../../../../core/solvers/cooperative/localRepairAStar.ts';
import type { ControllerFactory } from '../../../../core/contract/controller.ts';
import { checkPlanWindows, indexPlanWindows, reservedCellsAt } from '../../../../core/contract/planWindows.ts';
import { replayCell } from '../../../../core/contract/replay.ts';
import { runController } from '../../../../core/simulation/simulator.ts';

// A wall with a one-cell gap at (4, 2): four units must cross it, so windows get replanned.
const GAP = ['.........', '.........', '@@@@.@@@@', '.........', '.........'];

function gapInstance(): MapfInstance {
  const grid = Grid.fromAscii(GAP);
  const agents = [
    [0, 0, 8, 4],
    [8, 0, 0, 4],
    [0, 4, 8, 0],
    [8, 4, 0, 0],
  ].map(([sx, sy, gx, gy]) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy) }));
  return { grid, movement: FOUR_CONNECTED, agents };
}

function crowded(movement = FOUR_CONNECTED): MapfInstance {
  const grid = randomMap({ width: 20, height: 20, density: 0.2, seed: 3 });
  return { grid, movement, agents: randomTasks(grid, 40, 4) };
}

/** Every turn of the run: the unit's reserved cells start on its cell and go where it moves next. */
function expectWindowsFollowTheReplay(instance: MapfInstance, factory: ControllerFactory, params: Record<string, unknown>): number {
  const result = runController(instance, factory, { seed: 1, params }, { recordPlans: true });
  expect(result.collisions).toEqual([]);
  const windows = result.replay.windows!;
  checkPlanWindows(windows, instance.grid.cells);
  const index = indexPlanWindows(windows);
  const { turns } = result.replay;
  let checked = 0;
  for (let a = 0; a < instance.agents.length; a++) {
    for (let t = 0; t < turns; t++) {
      const reserved = reservedCellsAt(windows, index, a, t);
      if (reserved === null) continue;
      expect(reserved.cells[0], `unit ${a} at t=${t}`).toBe(replayCell(result.replay, t, a));
      if (reserved.cells.length > 1) expect(reserved.cells[1], `unit ${a} at t=${t + 1}`).toBe(replayCell(result.replay, t + 1, a));
      checked++;
    }
  }
  return checked;
}

describe('WHCA* records its windows', () => {
  it('on the gap map: windows follow the replay and never exceed w + 1 cells', () => {
    const instance = gapInstance();
    const checked = expectWindowsFollowTheReplay(instance, createWhcaController, { window: 4 });
    expect(checked).toBeGreaterThan(20);
    // The window held at 4: no growth when the units stall at the gap (stallTurns beyond the run).
    const windows = runController(instance, createWhcaController, { seed: 1, params: { window: 4, stallTurns: 1000 } }, { recordPlans: true }).replay.windows!;
    expect(windows.window).toBe(4);
    for (let k = 0; k < windows.agent.length; k++) expect(windows.offsets[k + 1] - windows.offsets[k]).toBeLessThanOrEqual(5);
    // Staggered replanning every w / 2 = 2 turns: each unit has several windows.
    const perAgent = [0, 0, 0, 0];
    for (const a of windows.agent) perAgent[a]++;
    for (const count of perAgent) expect(count).toBeGreaterThanOrEqual(3);
  });

  it('on a crowded random map, 4- and 8-connected: every unit that has a window at t stands on its first cell', () => {
    expect(expectWindowsFollowTheReplay(crowded(), createWhcaController, { window: 8 })).toBeGreaterThan(400);
    expect(expectWindowsFollowTheReplay(crowded(OCTILE_CUT), createWhcaController, { window: 8 })).toBeGreaterThan(400);
  });

  it('leaves the replay without windows unless asked, and the run is the same either way', () => {
    const instance = crowded();
    const plain = runController(instance, createWhcaController, { seed: 1, params: {} });
    const recorded = runController(instance, createWhcaController, { seed: 1, params: {} }, { recordPlans: true });
    expect(plain.replay.windows).toBeUndefined();
    expect(recorded.replay.windows).toBeDefined();
    // Every unit moves each turn: no move holds two cells, so no extra array.
    expect(recorded.replay.windows!.extra).toBeNull();
    expect(recorded.replay.positions).toEqual(plain.replay.positions);
  });
});

describe('slow units', () => {
  it.each([
    ['WHCA*', createWhcaController],
    ['CA*', createCaController],
  ] as [string, ControllerFactory][])('%s records the cell a speed-2 unit is entering as reserved with the one it leaves', (_name, factory) => {
    const grid = Grid.fromAscii(['......', '......']);
    const instance: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 0), goal: grid.cell(5, 0), speed: 2 }, { start: grid.cell(5, 1), goal: grid.cell(0, 1) }] };
    const result = runController(instance, factory, { seed: 1, params: {} }, { recordPlans: true });
    expect(result.status).toBe('solved');
    const windows = result.replay.windows!;
    checkPlanWindows(windows, grid.cells);
    const index = indexPlanWindows(windows);
    let covered = 0;
    for (let t = 0; t < result.replay.turns; t++) {
      const reserved = reservedCellsAt(windows, index, 0, t);
      if (!reserved || reserved.cells.length < 2) continue;
      // Mid-move (the unit stays put this turn but not the next change): the next cell it enters is reserved too.
      const here = reserved.cells[0];
      const next = Array.from(reserved.cells).find((c) => c !== here);
      if (reserved.extra![0] >= 0) {
        expect(reserved.extra![0], `t=${t}`).toBe(next);
        covered++;
      }
    }
    expect(covered).toBeGreaterThan(0);
  });
});

describe('CA* and HCA* record whole paths', () => {
  it.each([
    ['CA*', createCaController],
    ['HCA*', createHcaController],
  ] as [string, ControllerFactory][])('%s: one window per unit, planned at t=0, equal to the path it walks to its goal', (_name, factory) => {
    const instance = gapInstance();
    const result = runController(instance, factory, { seed: 1, params: {} }, { recordPlans: true });
    expect(result.status).toBe('solved');
    const windows = result.replay.windows!;
    expect(windows.window).toBe(0);
    expect(Array.from(windows.agent).sort()).toEqual([0, 1, 2, 3]);
    expect(Array.from(windows.t0)).toEqual([0, 0, 0, 0]);
    for (let k = 0; k < 4; k++) {
      const a = windows.agent[k];
      const planned = Array.from(windows.cells.subarray(windows.offsets[k], windows.offsets[k + 1]));
      expect(planned).toEqual(result.paths[a].slice(0, planned.length));
      expect(planned[planned.length - 1]).toBe(instance.agents[a].goal);
    }
    expectWindowsFollowTheReplay(instance, factory, {});
  });
});

describe('controllers without reservations', () => {
  it('LRA* runs asked to record have no windows', () => {
    const result = runController(gapInstance(), createLraController, { seed: 1, params: {} }, { recordPlans: true });
    expect(result.replay.windows).toBeUndefined();
  });
});
