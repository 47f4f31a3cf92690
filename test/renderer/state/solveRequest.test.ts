import { describe, expect, it } from 'vitest';
import { solveRequestFields, DEFAULT_TIME_LIMIT_MS } from '../../../renderer/src/state/solveRequest.ts';
import { DEFAULT_SOLVER_SETTINGS } from '../../../core/scenario/schema.ts';

describe('solveRequestFields', () => {
  it('gives WHCA* its window, order and a turn limit scaled to the map', () => {
    const fields = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'whca', window: 8, order: 'distance', params: {} }, 256, 256);
    expect(fields).toEqual({ solver: 'whca', seed: 1, timeLimitMs: DEFAULT_TIME_LIMIT_MS, params: { window: 8, order: 'distance', turnLimit: 2048, recordPlans: true } });
  });

  it('passes no cooperative params to other solvers, and keeps explicit params', () => {
    const fields = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'id+od', window: 8, timeLimitMs: 500, params: { memoryMb: 64 } }, 10, 10);
    expect(fields).toEqual({ solver: 'id+od', seed: 1, timeLimitMs: 500, params: { memoryMb: 64 } });
  });

  it('a scenario turn limit wins over the default; small maps keep 100', () => {
    expect(solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'ca', turnLimit: 50, params: {} }, 10, 10).params).toEqual({ turnLimit: 50, recordPlans: true });
    expect(solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'ca', params: {} }, 10, 10).params).toEqual({ turnLimit: 100, recordPlans: true });
  });

  it('gives PIBT a turn limit but no order or window (it refuses params it does not take)', () => {
    const fields = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'pibt', window: 8, order: 'distance', params: {} }, 64, 64);
    expect(fields.params).toEqual({ turnLimit: 512, recordPlans: true });
  });

  it('asks for the CPU clock when the scenario says so, and says nothing of the wall clock (the default)', () => {
    const cpu = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'lacam', timeLimitMs: 1000, timeLimitClock: 'cpu', params: {} }, 10, 10);
    expect(cpu).toEqual({ solver: 'lacam', seed: 1, timeLimitMs: 1000, timeLimitClock: 'cpu', params: {} });
    const wall = solveRequestFields({ ...DEFAULT_SOLVER_SETTINGS, solver: 'lacam', timeLimitMs: 1000, timeLimitClock: 'wall', params: {} }, 10, 10);
    expect(wall).toEqual({ solver: 'lacam', seed: 1, timeLimitMs: 1000, params: {} });
  });
});
