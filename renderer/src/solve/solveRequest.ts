/**
 * The solver settings of the scenario (model.document.solver) as the protocol's request fields.
 * Pure, so the mapping is tested without a worker. Which params a solver accepts is the
 * solver's business (each refuses unknown ones), so only the solvers that run in the turn
 * simulator get turnLimit, only Silver's cooperative solvers order, and only WHCA* window; a
 * param the panels set for another solver or for a run among obstacles (core/registry/runParams.ts)
 * is left out and named in `dropped`, so a hidden leftover never makes a solve fail.
 */
import { CONTROLLERS } from '../../../core/registry/registry.ts';
import { paramsForRun } from '../../../core/registry/runParams.ts';
import type { SolverSettings } from '../../../core/scenario/schema.ts';
import { DEFAULT_STREAM_TURNS } from '../../../core/mapf/streams.ts';

/** Solvers that run in the turn simulator (the registry's turn controllers): they take turnLimit. */
export const TURN_CONTROLLERS = new Set(CONTROLLERS.map((c) => c.name));
/** Silver's cooperative solvers: they also take an agent order. */
export const COOPERATIVE = new Set(['lra', 'ca', 'hca', 'whca']);
/** Solvers with a planning window. */
export const WINDOWED = new Set(['whca']);

export interface SolveRequestFields {
  solver: string;
  seed: number;
  timeLimitMs: number;
  /** 'cpu': the limit is the solving thread's CPU time (the desktop app's solver process only). */
  timeLimitClock?: 'cpu';
  params: Record<string, unknown>;
  /** The scenario's params this run does not take, left out. */
  dropped: string[];
}

/** The default budget when the scenario names none. */
export const DEFAULT_TIME_LIMIT_MS = 30_000;

/**
 * The request for these settings on a map of this size. Without a turn limit in the scenario,
 * turn-controller runs get 4 × (width + height) turns rather than the simulator's 100 (Silver's
 * setting for small maps), so units on a large map are not cut off half-way; a stream (units that
 * keep coming) runs DEFAULT_STREAM_TURNS, as `mapf-lab solve --scenario` and `capacity` do.
 */
export function solveRequestFields(settings: SolverSettings, width: number, height: number, run: { obstacles: boolean; streams?: boolean } = { obstacles: false }): SolveRequestFields {
  const { params, dropped } = paramsForRun(settings.solver, settings.params, run);
  if (TURN_CONTROLLERS.has(settings.solver)) {
    if (COOPERATIVE.has(settings.solver) && settings.order !== 'given') params.order ??= settings.order;
    params.turnLimit ??= settings.turnLimit ?? (run.streams ? DEFAULT_STREAM_TURNS : Math.max(100, 4 * (width + height)));
    if (WINDOWED.has(settings.solver) && settings.window !== undefined) params.window ??= settings.window;
    // Their plan windows, for the replay's Window overlay (LRA* plans none: the simulator then records nothing).
    params.recordPlans ??= true;
  }
  return {
    solver: settings.solver, seed: settings.seed, timeLimitMs: settings.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
    ...(settings.timeLimitClock === 'cpu' ? { timeLimitClock: 'cpu' as const } : {}), params, dropped,
  };
}
