/**
 * A solve that ended without any plan: refused by the solver before it planned (bad input for it:
 * an 8-connected map for LaCAM, a large unit for PIBT; or the solver process failing), or
 * cancelled before it had one. Such an ending has nothing to replay, so it must not take the place
 * of the plan the designer was replaying: the last outcome stays, and the solver panel says how
 * this solve ended until the scenario or its settings change.
 */
import type { SolveStatus } from '../../../core/contract/types.ts';
import { pathCount, type WirePaths } from '../../../core/protocol/wire.ts';

export type PlanlessEnding = 'refused' | 'cancelled';

export function planlessEnding(result: { status: SolveStatus; paths: WirePaths; crowd?: unknown }): PlanlessEnding | null {
  if (pathCount(result.paths) > 0 || result.crowd !== undefined) return null;
  if (result.status === 'failed') return 'refused';
  return result.status === 'cancelled' ? 'cancelled' : null;
}
