/**
 * The PIBT / LaCAM family's entry (Okumura et al.): `pibt`, one timestep at a time for every unit,
 * runs in the turn simulator as a controller, so it honours timed map events; `lacam` (complete:
 * a plan whenever one exists, `unsolvable` otherwise) and `lacam-star` (anytime, eventually
 * optimal for the sum of loss) plan offline on a fixed map.
 */
import type { SolverEntry } from '../../contract/types.ts';
import { type ControllerSolverSpec, controllerSolverEntry } from '../../simulation/controllerSolvers.ts';
import { createPibtController } from './pibtController.ts';
import { solveLacam } from './lacamSolver.ts';
import { LACAM_PARAMS, LACAM_STAR_PARAMS } from './paramSpecs.ts';
import { createRhcrController } from './rhcrController.ts';

export const LACAM_CONTROLLERS: readonly ControllerSolverSpec[] = [
  { name: 'pibt', label: 'PIBT: priority inheritance with backtracking (Okumura et al. 2019), one step at a time', factory: createPibtController },
  // RHCR (Li et al., AAAI 2021) is the family's windowed use: every h turns it plans the next w
  // turns of every unit with LaCAM or PIBT and executes h of them (rhcrController.ts).
  { name: 'rhcr', label: 'RHCR: plan w turns of every unit with LaCAM or PIBT, execute h (Li et al. 2021; params window 10, execute 5, solver lacam)', factory: createRhcrController },
];

export const LACAM_SOLVERS: readonly SolverEntry[] = [
  ...LACAM_CONTROLLERS.map(controllerSolverEntry),
  { name: 'lacam', label: 'LaCAM: complete configuration search with PIBT (Okumura 2023)', optimal: false, params: LACAM_PARAMS, solve: (instance, options) => solveLacam(instance, options, false) },
  {
    name: 'lacam-star',
    label: 'LaCAM*: anytime, eventually optimal sum of loss (Okumura 2023)',
    optimal: false,
    params: LACAM_STAR_PARAMS,
    solve: (instance, options) => solveLacam(instance, options, true),
  },
];
