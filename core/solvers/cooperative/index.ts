/**
 * The cooperative online solvers of Silver 2005 (LRA*, CA*, HCA*, WHCA*), whose controllers live in
 * core/solvers/cooperative, wrapped as registry entries that run in the turn simulator: solve() returns
 * the paths executed, 'solved' only when every agent succeeded, and Silver's metrics in stats.
 * Params pass through to the controller (window, replanEvery, order, …), except `turnLimit`,
 * which the simulator takes (default 100, Silver 2005).
 */
import { createLraController } from './localRepairAStar.ts';
import { createCaController, createHcaController, createWhcaController } from './cooperativeController.ts';
import type { SolverEntry } from '../../contract/types.ts';
import { type ControllerSolverSpec, controllerSolverEntry } from '../../simulation/controllerSolvers.ts';

export const CONTROLLER_SOLVERS: readonly ControllerSolverSpec[] = [
  { name: 'lra', label: 'Local Repair A* with agitation (Silver 2005)', factory: createLraController },
  { name: 'ca', label: 'Cooperative A* (Silver 2005)', factory: createCaController },
  { name: 'hca', label: 'Hierarchical Cooperative A* (Silver 2005)', factory: createHcaController },
  { name: 'whca', label: 'Windowed Hierarchical Cooperative A* (Silver 2005; param window, default 16)', factory: createWhcaController },
];

export const COOPERATIVE_SOLVERS: readonly SolverEntry[] = CONTROLLER_SOLVERS.map(controllerSolverEntry);
