/**
 * The PIBT / LaCAM family's entry (Okumura et al.): `pibt`, one timestep at a time for every unit,
 * runs in the turn simulator as a controller, so it honours timed map events.
 */
import type { SolverEntry } from '../types.ts';
import { type ControllerSolverSpec, controllerSolverEntry } from '../../simulation/controllerSolvers.ts';
import { createPibtController } from './pibtController.ts';

export const LACAM_CONTROLLERS: readonly ControllerSolverSpec[] = [
  { name: 'pibt', label: 'PIBT: priority inheritance with backtracking (Okumura et al. 2019), one step at a time', factory: createPibtController },
];

export const LACAM_SOLVERS: readonly SolverEntry[] = LACAM_CONTROLLERS.map(controllerSolverEntry);
