/**
 * The cooperative online solvers of seed 001 (LRA*, CA*, HCA*, WHCA*), whose controllers live in
 * core/cooperative, wrapped as registry entries that run in the turn simulator.
 */
import { type ControllerSolverSpec, controllerSolverEntry } from './controllerSolvers.ts';
import type { SolverEntry } from '../solvers/types.ts';

export const CONTROLLER_SOLVERS: readonly ControllerSolverSpec[] = [];

export const COOPERATIVE_SOLVERS: readonly SolverEntry[] = CONTROLLER_SOLVERS.map(controllerSolverEntry);
