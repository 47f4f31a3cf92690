/**
 * Traffic rules: turn controllers that manage a chokepoint as a level's own signals would (one
 * today: platoons taking turns each way over a one-lane corridor, as traffic lights run a one-lane
 * bridge; platoonController.ts). They are not planners to pick: a capacity sweep runs them beside
 * the planners to measure what the level carries (core/experiments/capacity.ts), and the solver
 * process runs them in a stream like any turn controller. Each spec is flagged `rule`, so the
 * registry keeps it out of the solver pickers and out of "solvers that take a stream".
 */
import type { ControllerSolverSpec } from '../../simulation/controllerSolvers.ts';
import { createPlatoonController } from './platoonController.ts';

/** The platoon rule's name in requests and a sweep's runs. */
export const PLATOON_SOLVER = 'platoons';

export const TRAFFIC_CONTROLLERS: readonly ControllerSolverSpec[] = [
  { name: PLATOON_SOLVER, label: 'platoons each way (a traffic rule)', factory: createPlatoonController, rule: true },
];
