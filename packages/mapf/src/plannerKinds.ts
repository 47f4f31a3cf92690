/**
 * The planners a game can run every frame, each in a module of its own reach so that a game that
 * imports `pibt` alone does not ship the others: PIBT (Okumura et al., AIJ 2022), WHCA* (Silver,
 * AIIDE 2005) and RHCR with LaCAM inside (Li et al., AAAI 2021; Okumura, AAAI 2023), as the lab's
 * streams run them.
 */
import type { ControllerFactory } from '../../../core/contract/controller.ts';
import { createPibtController } from '../../../core/solvers/lacam/pibtController.ts';
import { createWhcaController } from '../../../core/solvers/cooperative/cooperativeController.ts';
import { createRhcrController } from '../../../core/solvers/lacam/rhcrController.ts';

/** A per-frame planner's algorithm: pass one of `pibt`, `whca`, `rhcr` to createPlanner. */
export interface PlannerKind {
  /** Its name in the lab ('pibt', 'whca', 'rhcr'). */
  readonly name: string;
  /** @internal */
  readonly factory: ControllerFactory;
}

/** PIBT: one step for every unit each turn, by priority inheritance; fast at any scale. */
export const pibt: PlannerKind = { name: 'pibt', factory: createPibtController };

/** WHCA*: each unit plans `window` turns (param, default 16) ahead in a shared reservation table. */
export const whca: PlannerKind = { name: 'whca', factory: createWhcaController as ControllerFactory };

/**
 * RHCR: every `execute` turns (param, default 5) it plans the next `window` turns (default 10) of
 * every unit with LaCAM (param solver 'lacam', or 'pibt').
 */
export const rhcr: PlannerKind = { name: 'rhcr', factory: createRhcrController };
