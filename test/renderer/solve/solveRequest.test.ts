import { describe, expect, it } from 'vitest';
import { solveRequestFields, DEFAULT_TIME_LIMIT_MS } from '../../../renderer/src/solve/solveRequest.ts';
import { DEFAULT_SOLVER_SETTINGS } from '../../../core/scenario/schema.ts';
import { DEFAULT_STREAM_TURNS } from '../../../core/mapf/streams.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { SOLVERS, prepareSolvers, solveWith } from '../../../core/registry/registry.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';

describe('solveRequestFields', () => {
  it('gives WHCA* its window, order and a turn limit scaled to the map', () => {
    const fields = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'whca', window: 8, order: 'distance', params: {} }, 256, 256);
    expect(fields).toEqual({ solver: 'whca', seed: 1, timeLimitMs: DEFAULT_TIME_LIMIT_MS, params: { window: 8, order: 'distance', turnLimit: 2048, recordPlans: true }, dropped: [] });
  });

  it('passes no cooperative params to other solvers, and keeps explicit params', () => {
    const fields = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'id+od', window: 8, timeLimitMs: 500, params: { memoryMb: 64 } }, 10, 10);
    expect(fields).toEqual({ solver: 'id+od', seed: 1, timeLimitMs: 500, params: { memoryMb: 64 }, dropped: [] });
  });

  it('a scenario turn limit wins over the default; small maps keep 100', () => {
    expect(solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'ca', turnLimit: 50, params: {} }, 10, 10).params).toEqual({ turnLimit: 50, recordPlans: true });
    expect(solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'ca', params: {} }, 10, 10).params).toEqual({ turnLimit: 100, recordPlans: true });
    // A stream runs as long as `mapf-lab solve --scenario` runs it, whatever the map's size.
    expect(solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'pibt', params: {} }, 10, 10, { obstacles: false, streams: true }).params.turnLimit).toBe(DEFAULT_STREAM_TURNS);
    expect(solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'pibt', turnLimit: 300, params: {} }, 10, 10, { obstacles: false, streams: true }).params.turnLimit).toBe(300);
  });

  it('gives PIBT a turn limit but no order or window (it refuses params it does not take)', () => {
    const fields = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'pibt', window: 8, order: 'distance', params: {} }, 64, 64);
    expect(fields.params).toEqual({ turnLimit: 512, recordPlans: true });
  });

  it('asks for the CPU clock when the scenario says so, and says nothing of the wall clock (the default)', () => {
    const cpu = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'lacam', timeLimitMs: 1000, timeLimitClock: 'cpu', params: {} }, 10, 10);
    expect(cpu).toEqual({ solver: 'lacam', seed: 1, timeLimitMs: 1000, timeLimitClock: 'cpu', params: {}, dropped: [] });
    const wall = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'lacam', timeLimitMs: 1000, timeLimitClock: 'wall', params: {} }, 10, 10);
    expect(wall).toEqual({ solver: 'lacam', seed: 1, timeLimitMs: 1000, params: {}, dropped: [] });
  });
});

describe('params the run does not take (a hidden leftover never fails a solve)', () => {
  it('leaves out a replanning strategy set while the map had obstacles, for every solver, and names it', () => {
    for (const solver of ['hca', 'pibt', 'lacam', 'lacam-star', 'cbs', 'independent']) {
      const fields = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver, params: { strategy: 'splice', m: 4 } }, 10, 10);
      expect(fields.params.strategy, solver).toBeUndefined();
      expect(fields.params.m, solver).toBeUndefined();
      expect(fields.dropped, solver).toEqual(['strategy', 'm']);
    }
  });

  it('keeps the strategy among obstacles for the solvers that take them, and leaves it out for the others', () => {
    expect(solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'independent', params: { strategy: 'splice' } }, 10, 10, { obstacles: true }).params).toEqual({ strategy: 'splice' });
    expect(solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'lacam', params: { strategy: 'splice' } }, 10, 10, { obstacles: true }).dropped).toEqual(['strategy']);
  });

  it("leaves out another solver's panel params and the optimal solvers' cost model, keeps what the solver reads", () => {
    const hca = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'hca', params: { heuristic: 'none', costModel: 'away', swap: false } }, 10, 10);
    expect(hca.dropped).toEqual(['heuristic', 'costModel', 'swap']);
    expect(hca.params).toEqual({ turnLimit: 100, recordPlans: true });
    const od = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'id+od', params: { costModel: 'away', memoryMb: 64, w: 2 } }, 10, 10);
    expect(od.params).toEqual({ costModel: 'away', memoryMb: 64 });
    expect(od.dropped).toEqual(['w']);
  });

  it('passes a name the app does not know to the solver, which refuses it by name', () => {
    expect(solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'pibt', params: { typo: 1 } }, 10, 10).params.typo).toBe(1);
  });

  it('every solver solves a corridor with the leftovers of every other solver and of obstacles in its params', async () => {
    await prepareSolvers(); // Detour's WebAssembly, as every host loads it before solving
    const grid = Grid.fromAscii(['.....', '.@@@.', '.....']);
    // Two units that never meet, so even units planning alone solve it: only the params can fail it.
    const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 0), goal: grid.cell(4, 0) }, { start: grid.cell(4, 2), goal: grid.cell(0, 2) }] };
    const leftovers = { strategy: 'splice', m: 3, regionSize: 4, costModel: 'rest', heuristic: 'wdg', w: 1.5, swap: true, refineShare: 0.5 };
    for (const entry of SOLVERS) {
      const { dropped: _d, ...fields } = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: entry.name, params: leftovers }, grid.width, grid.height);
      const result = solveWith(entry, instance, { seed: fields.seed, timeLimitMs: 5000, params: fields.params });
      expect(result.status, `${entry.name}: ${result.message ?? ''}`).toBe('solved');
      expect(validatePlan(instance, result.paths).valid, entry.name).toBe(true);
    }
  });
});
