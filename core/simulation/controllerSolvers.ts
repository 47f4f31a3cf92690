/**
 * The online solvers (turn controllers) as registry entries: their solve() runs the turn
 * simulator and returns the paths it executed, a status ('solved' only when every agent
 * succeeded), Silver's metrics in stats and the simulator's replay. Timed map events
 * (SolveOptions.mapEvents) are applied by the simulator. The controller factories themselves live in
 * core/solvers/cooperative (LRA*, CA*, HCA*, WHCA*; Silver 2005).
 */
import type { MapfInstance } from '../mapf/instance.ts';
import type { SolveOptions, SolveResult, SolveStats, SolverEntry } from '../contract/types.ts';
import type { ControllerFactory } from '../contract/controller.ts';
import { type SimulationOptions, runController } from './simulator.ts';
import type { SimulationResult } from './simulationResult.ts';
import { runFigures } from './metrics.ts';
import { WALL_CLOCK } from '../util/clock.ts';

export interface ControllerSolverSpec {
  name: string;
  label: string;
  factory: ControllerFactory;
  /**
   * A traffic rule, not a planner (core/solvers/traffic): it measures what a level carries when
   * its traffic is managed, so it runs in streams and sweeps but is not offered where a solver is
   * picked, nor listed among the solvers that take a stream.
   */
  rule?: boolean;
}

/**
 * Parameters the simulator takes out of `params`; the rest goes to the controller factory.
 * `recordPlans` (boolean) asks for the controller's plan windows in the replay (the app's replay
 * overlay); it rides in params so that no request or option type changes for it.
 */
const SIMULATOR_PARAMS = ['turnLimit', 'recordPlans'] as const;

/** Splits solver params into the simulator's (turnLimit) and the controller's (window, order …). */
export function splitParams(params: Record<string, unknown> = {}): { turnLimit?: number; recordPlans?: boolean; controller: Record<string, unknown> } {
  const controller: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) if (!(SIMULATOR_PARAMS as readonly string[]).includes(key)) controller[key] = value;
  const turnLimit = params.turnLimit;
  if (turnLimit !== undefined && (typeof turnLimit !== 'number' || !Number.isInteger(turnLimit) || turnLimit < 0)) {
    throw new RangeError(`param turnLimit must be a whole number >= 0, got ${String(turnLimit)}`);
  }
  const recordPlans = params.recordPlans;
  if (recordPlans !== undefined && typeof recordPlans !== 'boolean') throw new RangeError(`param recordPlans must be true or false, got ${String(recordPlans)}`);
  return { turnLimit: turnLimit as number | undefined, recordPlans, controller };
}

/** Runs a controller solver through the simulator with SolveOptions. */
export function simulateControllerSolver(spec: ControllerSolverSpec, instance: MapfInstance, options: SolveOptions, extra: SimulationOptions = {}): SimulationResult {
  const { turnLimit, recordPlans, controller } = splitParams(options.params);
  return runController(instance, spec.factory, { seed: options.seed ?? 0, params: controller }, {
    turnLimit: extra.turnLimit ?? turnLimit,
    timeLimitMs: options.timeLimitMs,
    clock: options.clock,
    shouldStop: options.shouldStop,
    mapEvents: options.mapEvents,
    recordPlans,
    ...extra,
  });
}

/**
 * Silver's metrics as SolveStats. Figures that do not exist for a run (a path ratio when no agent
 * reached its goal is NaN) are left out: stats are finite numbers, and the solver protocol checks
 * that they are.
 */
export function simulationStats(result: SimulationResult, elapsedMs: number): SolveStats {
  const run = result.run;
  const stats: SolveStats = { expanded: run.expanded, generated: run.expanded, elapsedMs };
  const extra = runFigures(run);
  for (const [key, value] of Object.entries(extra)) if (Number.isFinite(value)) stats[key] = value;
  return stats;
}

export function controllerSolverEntry(spec: ControllerSolverSpec): SolverEntry {
  return {
    name: spec.name,
    label: spec.label,
    optimal: false,
    // The simulator applies the events and tells the controller (mapChanged), which replans.
    mapEvents: true,
    solve(instance: MapfInstance, options: SolveOptions): SolveResult {
      const clock = options.clock ?? WALL_CLOCK;
      const started = clock();
      const result = simulateControllerSolver(spec, instance, options);
      const stats = simulationStats(result, clock() - started);
      return { solver: spec.name, status: result.status, paths: result.paths, message: result.message, stats, replay: result.replay };
    },
  };
}
