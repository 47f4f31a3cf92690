/**
 * Which of a scenario's params reach the solver of a run. A scenario keeps one `params` object
 * while its user switches solvers, adds and removes obstacles or opens another map, so it can
 * hold params another solver, or a run among obstacles, reads: CBS's `heuristic`, the optimal
 * solvers' `costModel`, the replanning `strategy` and its parameters. Those are the app's own
 * params (the panel sets them); one the chosen run does not take is dropped before the run,
 * and named, instead of being refused by the solver ('unknown param') with its field hidden.
 * A name the app does not know (a typo, a JSON-only param such as `maxExpansions`) still goes to
 * the solver, which refuses it by name: it is what the user wrote. The command line's explicit
 * `--param` is not filtered either (solve.ts): a param typed for a solver that does not take it is
 * an error the user should see.
 */
import { STRATEGY_PARAMS } from '../simulation/obstacleRules.ts';
import { SOLVERS, findSolver, obstacleFactory } from './registry.ts';

/** The replanning strategy and every strategy's parameters: read only by a run among moving obstacles. */
export const OBSTACLE_RUN_PARAMS: readonly string[] = [...new Set(['strategy', ...Object.values(STRATEGY_PARAMS).flat()])];

/** Params the app's panels set for some runs and not others: every solver's spec'd params, costModel, the obstacle params. */
export function panelParamNames(): Set<string> {
  return new Set([...SOLVERS.flatMap((s) => (s.params ?? []).map((p) => p.name)), 'costModel', ...OBSTACLE_RUN_PARAMS]);
}

/** Whether `solver`, on a run with or without moving obstacles, takes the panel param `name`. */
function takes(solver: string, name: string, obstacles: boolean): boolean {
  const entry = findSolver(solver);
  if (entry === undefined) return true; // the solver process names an unknown solver
  if (OBSTACLE_RUN_PARAMS.includes(name)) return obstacles && obstacleFactory(solver) !== undefined;
  // The optimal solvers minimise the scenario's cost model; the others are reported in it, not told it.
  if (name === 'costModel') return entry.optimal;
  return (entry.params ?? []).some((p) => p.name === name) || (entry.otherParams ?? []).includes(name);
}

export interface RunParams {
  params: Record<string, unknown>;
  /** Panel params the run does not take, left out (in the scenario's order). */
  dropped: string[];
}

/** The scenario's `params` a run of `solver` takes (with or without moving obstacles), and the ones left out. */
export function paramsForRun(solver: string, params: Record<string, unknown>, run: { obstacles: boolean }): RunParams {
  const panel = panelParamNames();
  const kept: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (panel.has(name) && !takes(solver, name, run.obstacles)) dropped.push(name);
    else kept[name] = value;
  }
  return { params: kept, dropped };
}
