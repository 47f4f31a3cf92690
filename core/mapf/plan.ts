/**
 * Plans: one path per agent, a path being the agent's cell at t = 0, 1, 2, ….
 * An agent whose path has ended stays on its last cell. A unit of a stream (it appears and
 * leaves during the run) is ABSENT before it appears and after it leaves.
 */
export type Path = readonly number[];

/** The "cell" of a stream's unit before it appears and after it leaves the map: in nobody's way. */
export const ABSENT = -1;

/** Cell of `path` at time t, holding the last cell (the goal it rests on) after the path ends. */
export function cellAt(path: ArrayLike<number>, t: number): number {
  return path[t < path.length ? t : path.length - 1];
}

/**
 * How a path is charged.
 * - 'away': the time steps the agent spends away from its goal; waiting on the goal is free,
 *   leaving it and coming back is not. Standley's definition (Standley 2010,
 *   "Problem Formulation": "the total number of timesteps that agent spends away from its goal";
 *   an operator costs "the number of agents not stopped on their goals"). Can be below the
 *   standard measure's optimum for the same instance, so it is only used when a run names it
 *   (experiments/standley2010.json does, to reproduce the paper).
 * - 'rest': the time until the agent rests on its goal for good (waits on the goal before it
 *   steps aside again count), the sum of costs of most later MAPF work (Moving AI's published
 *   results, the MAPF tracker, EECBS, LaCAM), and MAPF Lab's default.
 * The two agree on every path that never leaves its goal once reached.
 */
export const COST_MODELS = ['away', 'rest'] as const;

export type CostModel = (typeof COST_MODELS)[number];

/** The default everywhere (CLI, experiments, the app, exports): the field's standard measure. */
export const DEFAULT_COST_MODEL: CostModel = 'rest';

/** The cost model solver params ask for (`costModel`, which the optimal solvers minimise), else the default. */
export function costModelOf(params: Readonly<Record<string, unknown>> | undefined): CostModel {
  const model = params?.costModel;
  return COST_MODELS.includes(model as CostModel) ? (model as CostModel) : DEFAULT_COST_MODEL;
}

/** Cost of one agent's path under `model` (trailing waits on the goal are free in both). */
export function pathCost(path: ArrayLike<number>, goal: number, model: CostModel): number {
  if (model === 'away') {
    let cost = 0;
    for (let t = 0; t + 1 < path.length; t++) if (path[t] !== goal || path[t + 1] !== goal) cost++;
    return cost;
  }
  let end = path.length - 1;
  while (end > 0 && path[end] === goal && path[end - 1] === goal) end--;
  return path[end] === goal ? end : path.length - 1;
}

export function sumOfCosts(paths: readonly Path[], goals: readonly number[], model: CostModel): number {
  let sum = 0;
  for (let i = 0; i < paths.length; i++) sum += pathCost(paths[i], goals[i], model);
  return sum;
}

/** Time until the last agent rests on its goal for good (the same under both cost models). */
export function makespan(paths: readonly Path[], goals: readonly number[]): number {
  let longest = 0;
  for (let i = 0; i < paths.length; i++) longest = Math.max(longest, pathCost(paths[i], goals[i], 'rest'));
  return longest;
}

/**
 * A plan's costs as results report them: a run that did not solve has no cost (null), since
 * counting what its agents did (waiting at their starts until the turn limit, say) would read as
 * a result. What it did reach is `arrivedCount`.
 */
export function reportedCosts(solved: boolean, paths: readonly Path[], goals: readonly number[], model: CostModel): { sumOfCosts: number | null; makespan: number | null } {
  if (!solved || paths.length === 0) return { sumOfCosts: null, makespan: null };
  return { sumOfCosts: sumOfCosts(paths, goals, model), makespan: makespan(paths, goals) };
}

/** Agents whose path ends on their goal. */
export function arrivedCount(paths: readonly Path[], goals: readonly number[]): number {
  let arrived = 0;
  for (let i = 0; i < paths.length; i++) if (paths[i].length > 0 && paths[i][paths[i].length - 1] === goals[i]) arrived++;
  return arrived;
}
