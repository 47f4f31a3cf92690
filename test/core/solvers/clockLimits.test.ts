// Every solver family stops within 10% + 100 ms of its time limit, in every phase, on a fake
// clock (test/core/util/steppingClock.ts: each reading 1 ms after the last), so the figures are
// the same on an idle machine and a loaded one. "Stops in a phase" means the limit was made to
// fall in that phase and the solver returned from it (its message or its work counters say so):
// a phase that never looked at the clock would run to its end first. The instances are far too
// large to finish within the limits.
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import type { SolveResult } from '../../../core/contract/types.ts';
import { randomMap } from '../../../core/mapgen/randomMap.ts';
import { randomTasks } from '../../../core/mapgen/placement.ts';
import { steppingClock } from '../util/steppingClock.ts';

/** Units with distinct starts and goals in the largest region of a random map (every goal reachable). */
function placed(side: number, density: number, units: number, seed: number): MapfInstance {
  const grid = randomMap({ width: side, height: side, density, seed, fill: true });
  return { grid, movement: FOUR_CONNECTED, agents: randomTasks(grid, units, seed) };
}

/** 300 units on a 64x64 map, 15% walls: the set-up phases alone take hundreds of readings. */
const crowd = placed(64, 0.15, 300, 11);
const n = crowd.agents.length;
/** 150 units on a 32x32 map, 20% walls: CBS and optimal EECBS search long past their set-up. */
const dense = placed(32, 0.2, 150, 3);
/** 600 units there (three in four free cells): LaCAM searches long for a first solution. */
const packed = placed(32, 0.2, 600, 3);
/** 60 units on a 12x12 map: independence detection merges them into groups too large to finish. */
const tight = placed(12, 0.1, 60, 7);

/** Solves on a fresh stepping clock; returns the result and the clock's time when it returned. */
function solveOnClock(name: string, instance: MapfInstance, limitMs: number, params: Record<string, unknown> = {}): { result: SolveResult; spent: number } {
  const time = steppingClock(1);
  const result = findSolver(name)!.solve(instance, { seed: 1, timeLimitMs: limitMs, clock: time.clock, params });
  return { result, spent: time.now };
}

/** `limit` in the fake clock's milliseconds (this is no wall-clock bound: noWallClockAssertions.test). */
function expectStoppedInTime(name: string, result: SolveResult, spent: number, limit: number): void {
  if (name === 'lacam-star' && result.status === 'solved') {
    // Anytime: at the limit it answers with its best plan, not proven optimal.
    expect(result.message, name).toMatch(/not proven optimal$/);
  } else {
    expect(result.status, `${name}: ${result.message}`).toBe('timeout');
    expect(result.message, name).toMatch(new RegExp(`CPU time limit of ${limit} ms reached`));
  }
  expect(spent, `${name} returned at ${spent} ms on the fake clock`).toBeLessThanOrEqual(limit * 1.1 + 100);
}

describe('time limits on the CPU clock, every family and phase (a fake clock)', () => {
  it('independent: between agents', () => {
    const limit = 40;
    const { result, spent } = solveOnClock('independent', crowd, limit);
    expectStoppedInTime('independent', result, spent, limit);
    expect(result.paths.length).toBeLessThan(n);
  });

  it.each(['od', 'id+od', 'id+astar'])('%s: building its distance tables, then in the search', (name) => {
    const early = solveOnClock(name, crowd, 40);
    expectStoppedInTime(name, early.result, early.spent, 40);
    expect(early.result.message).toMatch(/building distance tables \(\d+ of 300 agents\)/);
    // Past the tables (one reading each): the search or independence detection stops it.
    const late = solveOnClock(name, tight, 200);
    expectStoppedInTime(name, late.result, late.spent, 200);
    expect(late.result.message).not.toMatch(/distance tables/);
    expect(late.result.stats.expanded).toBeGreaterThan(0);
  });

  it.each(['cbs', 'eecbs'])('%s: planning the root unit by unit, then in the constraint tree', (name) => {
    const early = solveOnClock(name, crowd, 40);
    expectStoppedInTime(name, early.result, early.spent, 40);
    // Stopped before the root was made: no high-level node.
    expect(early.result.stats.highGenerated).toBe(0);
    // A limit of two readings falls while the units' distance tables are made (map-sized arrays,
    // made between looks at the clock), before any unit is planned.
    const tables = solveOnClock(name, crowd, 2);
    expectStoppedInTime(name, tables.result, tables.spent, 2);
    expect(tables.result.stats.lowExpanded).toBe(0);
    // EECBS optimal (w = 1): with its default 1.2 it solves this crowd within the limit.
    const late = solveOnClock(name, dense, 2 * dense.agents.length, name === 'eecbs' ? { w: 1 } : {});
    expectStoppedInTime(name, late.result, late.spent, 2 * dense.agents.length);
    expect(late.result.stats.highGenerated).toBeGreaterThan(0);
  });

  it.each(['lacam', 'lacam-star'])('%s: setting up the units\' distance tables, then in the search', (name) => {
    const early = solveOnClock(name, crowd, 40);
    expectStoppedInTime(name, early.result, early.spent, 40);
    // No configuration was searched: the set-up was cut short.
    expect(early.result.stats.expanded).toBe(0);
    // Just past the set-up (one reading a unit): the search looks every 256 iterations.
    const late = solveOnClock(name, packed, packed.agents.length + 4, { scatterMargin: 0 });
    expectStoppedInTime(name, late.result, late.spent, packed.agents.length + 4);
    expect(late.result.stats.expanded).toBeGreaterThan(0);
  });

  it.each(['pibt', 'ca', 'hca', 'whca', 'lra'])('%s (in the simulator): measuring the lower bounds, in init, and in the turns', (name) => {
    // The simulator's own set-up, a search per unit for the path-length bounds, is bounded too.
    const early = solveOnClock(name, crowd, 20);
    expectStoppedInTime(name, early.result, early.spent, 20);
    expect(early.result.message).toMatch(/while measuring the lower bounds$/);
    // Past the bounds (one reading per goal): init, which plans (or sets up) unit by unit.
    const init = solveOnClock(name, crowd, n + 40);
    expectStoppedInTime(name, init.result, init.spent, n + 40);
    expect(init.result.message).toMatch(/during initial planning$/);
    // A long limit: the turns. A small crowd that still takes many turns.
    const few = placed(64, 0.15, 30, 5);
    const turns = solveOnClock(name, few, 400, { turnLimit: 10_000 });
    expectStoppedInTime(name, turns.result, turns.spent, 400);
    expect(turns.result.message).toMatch(/(during|at) turn \d+$/);
  });
});

describe('time limits on the CPU clock, the engine crowd models (a fake clock)', () => {
  it.each([
    ['orca', /while planning paths$/],
    ['flow-field', /while building flow fields \(\d+ of 300 goals\)$/],
    ['detour', /while measuring the units' paths \(\d+ of 300 units\)$/],
  ])('%s: in its set-up (a path or field per unit), then while stepping', async (name, setupPhase) => {
    await findSolver(name)!.prepare?.();
    // The set-up looks at the clock once per unit or goal (300 of them, all distinct goals).
    const early = solveOnClock(name, crowd, 40);
    expectStoppedInTime(name, early.result, early.spent, 40);
    expect(early.result.message).toMatch(setupPhase);
    expect(early.result.crowd).toBeUndefined();
    // Past the set-up: two readings a step (its time, and the limit), 300 units far from their goals.
    const limit = n + 200;
    const late = solveOnClock(name, crowd, limit, { turnLimit: 10_000 });
    expectStoppedInTime(name, late.result, late.spent, limit);
    expect(late.result.message).toMatch(/reached at turn \d+: /);
    expect(late.result.stats.steps).toBeGreaterThan(0);
    expect(late.result.crowd?.turns).toBe(late.result.stats.turns);
  });

  it('detour: between the tiles of Recast\'s navmesh build', async () => {
    await findSolver('detour')!.prepare?.();
    // The deadline's start, then one reading per unit's path (300): a limit of 300 passes first
    // at the reading after the navmesh's first tile (3 x 3 tiles on this 64 x 64 map).
    const { result, spent } = solveOnClock('detour', crowd, 300);
    expectStoppedInTime('detour', result, spent, 300);
    expect(result.message).toMatch(/while building the navmesh \(\d+ of \d+ tiles\)$/);
  });
});
