/**
 * One batch: every unit from its start to its goal, planned at once by a solver of the lab
 * (core/registry/registry.ts's solveWith: its plan is called solved only when the lab's plan
 * validator passes it), its sum of costs counted in the field's standard `rest` model.
 */
import { findSolver, solveWith, solverNames } from '../../../core/registry/registry.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { checkInstance, type AgentTask } from '../../../core/mapf/instance.ts';
import { sumOfCosts } from '../../../core/mapf/plan.ts';
import type { Cell, GridMap } from './cells.ts';
import { MapfInputError } from './errors.ts';

/** One unit of a batch: where it starts and where it must end. */
export interface BatchUnit {
  /** Its cell at time 0. */
  start: Cell;
  /** The cell it must reach and rest on. */
  goal: Cell;
}

/** How a batch ended. */
export type SolveStatus = 'solved' | 'timeout' | 'cancelled' | 'unsolvable' | 'failed';

/** What solve() reads of an AbortSignal (any object with `aborted` will do). */
export interface AbortFlag {
  /** True once the solve should stop. */
  readonly aborted: boolean;
}

/** How far a solve is. */
export interface SolveProgress {
  /** 0..1 where the solver can tell. */
  fraction?: number;
  /** What it is doing, in words. */
  message: string;
}

/** What solve() is asked to do. */
export interface SolveOptions {
  /** The solver's name, as the lab lists it: 'lacam', 'lacam-star', 'cbs', 'eecbs', 'pibt', 'whca', ... */
  solver: string;
  /** The solver's own parameters (the lab's docs/solvers.md lists them), checked by the solver. */
  params?: Record<string, unknown>;
  /** Seed of every random choice: the same seed, the same plan. Default 0. */
  seed?: number;
  /** Milliseconds of wall time the solver may take; it then stops with 'timeout' (and its best plan, if any). */
  timeLimitMs?: number;
  /** An AbortSignal: the solve stops with 'cancelled' once it is aborted (checked between the solver's steps). */
  signal?: AbortFlag;
  /** Told now and then how far the solver is. */
  onProgress?: (progress: SolveProgress) => void;
}

/** What solve() found. */
export interface SolveOutcome {
  /** 'solved' only when the plan validator passed the plan: no two units on one cell, no swaps, every unit home. */
  status: SolveStatus;
  /** One path a unit, in the order given: its cell at each time from 0 (empty without a plan). */
  paths: Cell[][];
  /** Sum over units of the time each comes to rest on its goal for good (the `rest` model); null without a solved plan. */
  sumOfCosts: number | null;
  /** The model sumOfCosts counts in: always 'rest'. */
  costModel: 'rest';
  /** A lower bound the solver proved on the optimal sum of costs, where it proves one (CBS, EECBS, LaCAM); else null. */
  lowerBound: number | null;
  /** Why the solve did not succeed, or what the validator found, in words (units numbered from 1). */
  message?: string;
  /** Milliseconds the solver took. */
  elapsedMs: number;
}

/** The solvers solve() knows, by name. */
export function solverList(): string[] {
  return solverNames();
}

/**
 * Plans every unit of a batch with one solver. Throws MapfInputError for bad input (a start on a
 * wall, two units on one goal, an unknown solver); any other ending is the outcome's status.
 */
export function solve(map: GridMap, units: readonly BatchUnit[], options: SolveOptions): SolveOutcome {
  const entry = findSolver(options.solver);
  if (entry === undefined) throw new MapfInputError(`solver '${options.solver}' is not one of: ${solverNames().join(', ')}`);
  const agents: AgentTask[] = units.map((unit, i) => ({ start: map.indexOf(unit?.start, `unit ${i + 1}'s start`), goal: map.indexOf(unit?.goal, `unit ${i + 1}'s goal`) }));
  const instance = { grid: map.grid, movement: FOUR_CONNECTED, agents };
  try {
    checkInstance(instance);
  } catch (error) {
    throw new MapfInputError((error as Error).message.replace(/^agents? /, (w) => w.replace('agent', 'unit')));
  }
  const signal = options.signal;
  const started = performance.now();
  let result;
  try {
    result = solveWith(entry, instance, {
      seed: options.seed ?? 0,
      params: options.params ?? {},
      timeLimitMs: options.timeLimitMs,
      shouldStop: signal ? () => signal.aborted : undefined,
      onProgress: options.onProgress,
    });
  } catch (error) {
    // Solvers throw only for bad input (a param out of range), naming it.
    throw new MapfInputError(`${entry.name}: ${(error as Error).message}`);
  }
  const elapsedMs = performance.now() - started;
  const solved = result.status === 'solved';
  const goals = agents.map((a) => a.goal);
  const bound = result.stats.costLowerBound;
  return {
    status: result.status,
    paths: result.paths.map((path) => path.map((cell) => map.cellAt(cell))),
    sumOfCosts: solved ? sumOfCosts(result.paths, goals, 'rest') : null,
    costModel: 'rest',
    lowerBound: typeof bound === 'number' && Number.isFinite(bound) ? bound : null,
    message: result.message,
    elapsedMs,
  };
}
