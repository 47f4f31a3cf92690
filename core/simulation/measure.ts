/**
 * Measures any registry solver through the turn simulator, so every solver gets the same
 * metrics and a replay: online solvers (turn controllers) run in it directly; offline solvers
 * solve first (that time is their initial planning time) and their plan is then played by the
 * plan adapter.
 */
import type { MapfInstance } from '../mapf/instance.ts';
import type { SolveStats, SolveStatus, SolverEntry } from '../contract/types.ts';
import type { ControllerSolverSpec } from './controllerSolvers.ts';
import { simulateControllerSolver } from './controllerSolvers.ts';
import type { MapEvent } from '../mapf/mapEvents.ts';
import { planController } from './planController.ts';
import { checkedResult, invalidPlanMessage } from '../contract/verdict.ts';
import { crowdSimulation } from './crowdSimulation.ts';
import { DEFAULT_TURN_LIMIT, runController } from './simulator.ts';
import type { SimulationResult } from './simulationResult.ts';
import { type Clock, WALL_CLOCK } from '../util/clock.ts';

export interface MeasureOptions {
  seed?: number;
  params?: Record<string, unknown>;
  /** Turns a run may take. Default 100 for online solvers; an offline plan is played to its end. */
  turnLimit?: number;
  timeLimitMs?: number;
  shouldStop?: () => boolean;
  mapEvents?: readonly MapEvent[];
  lowerBounds?: Float64Array;
  /** The run's clock: the time limit, planning and turn times are on it (default wall); see SimulationOptions.clock. */
  clock?: Clock;
}

export interface Measurement {
  solver: string;
  /** The simulator's verdict, or the offline solver's own when it found no complete plan. */
  status: SolveStatus;
  message?: string;
  simulation: SimulationResult;
  elapsedMs: number;
  /** False when an offline solver gave no plan (a time-out before its first): the simulator then played units standing still, whose figures are not the run's. */
  planned: boolean;
  /** An offline solver's own statistics (its expansions at each level, a proved lower bound on the sum of costs as costLowerBound …). */
  solverStats?: SolveStats;
}

/** The simulator's status, but never 'solved' for a run whose executed paths the validator rejects. */
function validVerdict(instance: MapfInstance, simulation: SimulationResult): { status: SolveStatus; message?: string } {
  if (simulation.status === 'solved' && simulation.validation && !simulation.validation.valid) {
    return { status: 'failed', message: invalidPlanMessage(simulation.validation, instance.grid) };
  }
  return { status: simulation.status, message: simulation.message };
}

/**
 * `controllers` names the online solvers (from controllerSolvers); any other entry is treated
 * as offline.
 */
export function measureSolver(entry: SolverEntry, instance: MapfInstance, options: MeasureOptions, controllers: readonly ControllerSolverSpec[]): Measurement {
  const clock = options.clock ?? WALL_CLOCK;
  const started = clock();
  const spec = controllers.find((c) => c.name === entry.name);
  const shared = { timeLimitMs: options.timeLimitMs, shouldStop: options.shouldStop, mapEvents: options.mapEvents, lowerBounds: options.lowerBounds, clock };
  if (spec) {
    const simulation = simulateControllerSolver(spec, instance, { seed: options.seed, params: options.params, timeLimitMs: options.timeLimitMs, clock, shouldStop: options.shouldStop }, {
      ...shared,
      ...(options.turnLimit !== undefined ? { turnLimit: options.turnLimit } : {}),
    });
    return { solver: entry.name, ...validVerdict(instance, simulation), simulation, elapsedMs: clock() - started, planned: true };
  }

  const solveStart = clock();
  // A plan the validator rejects is not solved, whatever the solver says (verdict.ts).
  const solved = checkedResult(instance, entry.solve(instance, { seed: options.seed, params: options.params, timeLimitMs: options.timeLimitMs, clock, shouldStop: options.shouldStop }));
  const solveMs = clock() - solveStart;
  if (solved.crowd !== undefined && solved.crowd.agents === instance.agents.length) {
    // A continuous run is its own record: its cells are not replayed under the grid's rules.
    const simulation = crowdSimulation(instance, { ...solved, crowd: solved.crowd }, solveMs, options.lowerBounds);
    return { solver: entry.name, status: solved.status, ...(solved.message !== undefined ? { message: solved.message } : {}), simulation, elapsedMs: clock() - started, planned: solved.paths.length > 0, solverStats: solved.stats };
  }
  let longest = 0;
  for (const path of solved.paths) longest = Math.max(longest, path.length - 1);
  const simulation = runController(instance, () => planController(solved.paths), { seed: options.seed ?? 0, params: {} }, {
    turnLimit: options.turnLimit ?? Math.max(DEFAULT_TURN_LIMIT, longest),
    shouldStop: options.shouldStop,
    mapEvents: options.mapEvents,
    lowerBounds: options.lowerBounds,
    initMs: solveMs,
    initExpanded: solved.stats.expanded,
    clock,
  });
  // A plan that did not solve (timeout, unsolvable) keeps the solver's status and reason.
  const keepSolverVerdict = solved.status !== 'solved';
  return {
    solver: entry.name,
    ...(keepSolverVerdict ? { status: solved.status, message: solved.message } : validVerdict(instance, simulation)),
    simulation,
    elapsedMs: clock() - started,
    planned: solved.paths.length > 0,
    solverStats: solved.stats,
  };
}
