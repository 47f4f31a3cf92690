// Time limits and cancel bound every phase (point 1): a controller's init (CA*, HCA*
// and WHCA* plan every agent there; LRA* too), each turn, an offline solver's set-up. Heavy
// Moving AI instances with a short limit; that the solver stopped early is shown by counting its
// work (plans adopted, paths built, polls), never by timing it.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { MOVING_AI, benchmarksPresent, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../core/formats/movingAiScenario.ts';
import { FOUR_CONNECTED } from '../../core/grid/movement.ts';
import type { MapfInstance } from '../../core/mapf/instance.ts';
import { CONTROLLERS, findSolver } from '../../core/registry/registry.ts';
import { simulateControllerSolver } from '../../core/simulation/controllerSolvers.ts';
import { solveIndependent } from '../../core/solvers/independent/independent.ts';
import { lowerBounds } from '../../core/simulation/metrics.ts';

const BENCHMARKS = MOVING_AI;

function movingAi(map: string, agents: number): MapfInstance {
  const { grid } = parseMap(readFileSync(`${BENCHMARKS}maps/${map}.map`, 'utf8'));
  const entries = parseScenario(readFileSync(`${BENCHMARKS}scen/${map}-random-1.scen`, 'utf8')).entries.slice(0, agents);
  return { grid, movement: FOUR_CONNECTED, agents: entries.map((e) => ({ start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) })) };
}

// 500 agents on the warehouse: HCA*'s init took 27.7 s before it looked at the clock.
// Read only when present: absent, every test here skips itself (and says why).
const warehouse = benchmarksPresent ? movingAi('warehouse-10-20-10-2-1', 500) : (null as unknown as MapfInstance);
// The simulator's own lower bounds, passed in as an experiment does: the limits and cancels below
// are about the controller's phases (the bounds have theirs, test/core/solvers/clockLimits.test.ts).
const bounds = benchmarksPresent ? { lowerBounds: lowerBounds(warehouse.grid, warehouse.movement, warehouse.agents) } : {};
const spec = (name: string) => CONTROLLERS.find((c) => c.name === name)!;
/** Agents that adopted at least one plan (the plan windows the run recorded). */
const planned = (windows: { agent: Int32Array } | undefined) => new Set(windows?.agent ?? []).size;

describe('time limits bound every phase', () => {
  beforeEach(skipWithoutBenchmarks);
  it.each(['ca', 'hca', 'whca'])('%s stops planning in init at the time limit: timeout before turn 0, few agents planned', (name) => {
    const result = simulateControllerSolver(spec(name), warehouse, { timeLimitMs: 20, params: { recordPlans: true } }, bounds);
    expect(result.status).toBe('timeout');
    expect(result.message).toBe('time limit of 20 ms reached during initial planning');
    expect(result.run.turns).toBe(0);
    // A whole init plans all 500 (CA*, HCA*: 12-28 s here before the fix); 20 ms, a few (HCA*)
    // to about a hundred (WHCA*'s windows: ~0.2 ms an agent).
    expect(planned(result.replay.windows)).toBeLessThan(warehouse.agents.length);
  });

  it.each(['ca', 'hca', 'whca', 'lra'])('%s answers cancel in init the same way, after the poll that asked', (name) => {
    let polls = 0;
    const result = simulateControllerSolver(spec(name), warehouse, { shouldStop: () => ++polls > 5, params: { recordPlans: true } }, bounds);
    expect(result.status).toBe('cancelled');
    expect(result.message).toBe('cancelled during initial planning');
    expect(result.run.turns).toBe(0);
    // Asked between agents: five agents (or their ordering distances) at most, then it stopped.
    expect(polls).toBeLessThanOrEqual(8);
    if (name !== 'lra') expect(planned(result.replay.windows)).toBeLessThanOrEqual(5);
  });

  it('whca and lra stop inside a turn, which is then not played', () => {
    for (const name of ['whca', 'lra']) {
      // Enough polls for init (one per agent, and one after it), then a few into the turns.
      let polls = 0;
      const limit = warehouse.agents.length + 40;
      const result = simulateControllerSolver(spec(name), warehouse, { shouldStop: () => ++polls > limit }, bounds);
      expect(result.status, name).toBe('cancelled');
      expect(result.message, name).toMatch(/^cancelled (during|at) turn \d+$/);
      expect(result.run.turns, name).toBeLessThan(5);
      // The paths played end where the run stopped: every turn recorded was a whole turn.
      expect(result.paths[0]).toHaveLength(result.run.turns + 1);
    }
  });

  it('the independent solver stops between agents at its time limit, with the paths it has', () => {
    const den = movingAi('den520d', 1000);
    const result = solveIndependent(den, { timeLimitMs: 20 });
    expect(result.status).toBe('timeout');
    expect(result.message).toMatch(/^time limit of 20 ms reached after \d+ of 1000 agents$/);
    expect(result.paths.length).toBeLessThan(1000);
  });

  it('the optimal solvers stop while building their distance tables, at the time limit or a cancel', () => {
    const room = movingAi('random-64-64-20', 400);
    let polls = 0;
    const cancelled = findSolver('id+od')!.solve(room, { shouldStop: () => ++polls > 3 });
    expect(cancelled).toMatchObject({ status: 'cancelled', message: 'cancelled building distance tables (3 of 400 agents)' });
    const timedOut = findSolver('id+od')!.solve(room, { timeLimitMs: 0 });
    expect(timedOut.status).toBe('timeout');
  });
});
