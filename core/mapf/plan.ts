/**
 * Plans: one path per agent, a path being the agent's cell at t = 0, 1, 2, ….
 * An agent whose path has ended stays on its last cell.
 */
export type Path = readonly number[];

/** Cell of `path` at time t, holding the last cell after the path ends. */
export function cellAt(path: Path, t: number): number {
  return path[t < path.length ? t : path.length - 1];
}

/** Time steps until the agent arrives at its goal for good (trailing waits on the goal are free). */
export function pathCost(path: Path, goal: number): number {
  let end = path.length - 1;
  while (end > 0 && path[end] === goal && path[end - 1] === goal) end--;
  return path[end] === goal ? end : path.length - 1;
}

export function sumOfCosts(paths: readonly Path[], goals: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < paths.length; i++) sum += pathCost(paths[i], goals[i]);
  return sum;
}

export function makespan(paths: readonly Path[], goals: readonly number[]): number {
  let longest = 0;
  for (let i = 0; i < paths.length; i++) longest = Math.max(longest, pathCost(paths[i], goals[i]));
  return longest;
}
