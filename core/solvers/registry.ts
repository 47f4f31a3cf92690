/**
 * Every multi-agent solver in core, by name. The solver process, the command line and the app's
 * solver panel all look solvers up here, so adding one here makes it available everywhere.
 */
import type { MapfInstance } from '../mapf/instance.ts';
import type { CostModel } from '../mapf/plan.ts';
import type { SolveOptions, SolveResult, SolverEntry } from './types.ts';
import { solveIndependent } from './independent.ts';
import { solveAstar, solveIdAstar, solveIdOd, solveOd, solveSidOd } from './optimal/solvers.ts';
import { COOPERATIVE_SOLVERS } from '../simulation/cooperativeSolvers.ts';

export const SOLVERS: readonly SolverEntry[] = [
  { name: 'independent', label: 'Independent shortest paths (no cooperation)', optimal: false, solve: solveIndependent },
  { name: 'astar', label: 'A* over joint states (Standley 2010 standard algorithm)', optimal: true, solve: solveAstar },
  { name: 'od', label: 'A* with operator decomposition (Standley 2010)', optimal: true, solve: solveOd },
  { name: 'id+astar', label: 'Independence detection + standard A* (Standley 2010)', optimal: true, solve: solveIdAstar },
  { name: 'id+od', label: 'Independence detection + operator decomposition (Standley 2010)', optimal: true, solve: solveIdOd },
  { name: 'sid+od', label: 'Simple independence detection + operator decomposition (Standley 2010)', optimal: true, solve: solveSidOd },
  ...COOPERATIVE_SOLVERS,
];

export function findSolver(name: string): SolverEntry | undefined {
  return SOLVERS.find((s) => s.name === name);
}

/**
 * `params` for `entry` under a run's cost model: the optimal solvers minimise it (their
 * `costModel` param) unless `params` names one itself; the others take no such param.
 */
export function paramsWithCostModel(entry: SolverEntry, params: Record<string, unknown>, costModel: CostModel): Record<string, unknown> {
  return entry.optimal ? { costModel, ...params } : params;
}

export function solverNames(): string[] {
  return SOLVERS.map((s) => s.name);
}

/**
 * Runs `entry` with `options`, refusing timed map events it cannot honour. An offline solver
 * plans once on the map as it starts; a door closing later would cut its plan, and a plan that
 * walks through a closed door is worse than no plan, so it answers 'failed' with a message that
 * says what to do, without searching. (Replaying its plan in the simulator would only make units
 * stop at the door: an offline plan has no way around it.)
 */
export function solveWith(entry: SolverEntry, instance: MapfInstance, options: SolveOptions): SolveResult {
  const events = options.mapEvents?.length ?? 0;
  if (events > 0 && !entry.mapEvents) {
    const online = SOLVERS.filter((s) => s.mapEvents).map((s) => s.name);
    return {
      solver: entry.name,
      status: 'failed',
      paths: [],
      message: `${entry.name} plans on a fixed map and does not support timed map events (${events} given); use a solver that runs in the simulator (${online.join(', ')}) or remove the events`,
      stats: { expanded: 0, generated: 0, elapsedMs: 0 },
    };
  }
  return entry.solve(instance, options);
}
