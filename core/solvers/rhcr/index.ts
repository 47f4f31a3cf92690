/**
 * RHCR (Li et al., AAAI 2021), a windowed planner for lifelong MAPF and streams, as a turn
 * controller in the simulator: every h turns it plans the next w turns of every unit with a
 * one-shot solver (LaCAM or PIBT) and executes h of them (rhcrController.ts).
 */
import type { SolverEntry } from '../types.ts';
import { type ControllerSolverSpec, controllerSolverEntry } from '../../simulation/controllerSolvers.ts';
import { createRhcrController } from './rhcrController.ts';

export const RHCR_CONTROLLERS: readonly ControllerSolverSpec[] = [
  { name: 'rhcr', label: 'RHCR: plan w turns of every unit with LaCAM or PIBT, execute h (Li et al. 2021; params window 10, execute 5, solver lacam)', factory: createRhcrController },
];

export const RHCR_SOLVERS: readonly SolverEntry[] = RHCR_CONTROLLERS.map(controllerSolverEntry);
