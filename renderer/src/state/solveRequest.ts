/**
 * The solver settings of the scenario (model.document.solver) as the protocol's request fields.
 * Pure, so the mapping is tested without a worker. Which params a solver accepts is the
 * solver's business (core/solvers/cooperative/params.ts refuses unknown ones), so only the
 * cooperative solvers get window, order and turnLimit.
 */
import type { SolverSettings } from '../../../core/scenario/schema.ts';

/** Solvers that run in the turn simulator and take order and turnLimit. */
export const COOPERATIVE = new Set(['lra', 'ca', 'hca', 'whca']);
/** Solvers with a planning window. */
export const WINDOWED = new Set(['whca']);

export interface SolveRequestFields {
  solver: string;
  seed: number;
  timeLimitMs: number;
  params: Record<string, unknown>;
}

/** The default wall-clock budget when the scenario names none. */
export const DEFAULT_TIME_LIMIT_MS = 30_000;

/**
 * The request for these settings on a map of this size. Without a turn limit in the scenario,
 * cooperative runs get 4 × (width + height) turns rather than the simulator's 100 (Silver's
 * setting for small maps), so units on a large map are not cut off half-way.
 */
export function solveRequestFields(settings: SolverSettings, width: number, height: number): SolveRequestFields {
  const params: Record<string, unknown> = { ...settings.params };
  if (COOPERATIVE.has(settings.solver)) {
    if (settings.order !== 'given') params.order ??= settings.order;
    params.turnLimit ??= settings.turnLimit ?? Math.max(100, 4 * (width + height));
    if (WINDOWED.has(settings.solver) && settings.window !== undefined) params.window ??= settings.window;
    // Their plan windows, for the replay's Window overlay (LRA* plans none: the simulator then records nothing).
    params.recordPlans ??= true;
  }
  return { solver: settings.solver, seed: settings.seed, timeLimitMs: settings.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS, params };
}
