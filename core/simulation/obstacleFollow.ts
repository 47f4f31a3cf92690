/**
 * Units among moving obstacles, each replanning alone by the rules of Patel's "Dealing with
 * moving obstacles", with what the article counts: the path steps computed over the whole run ("if the path is 100 steps long and it is
 * recalculated every 10 steps, the total number of path steps is 100+90+…+10 = 550").
 * More on this in README.md, "obstacleFollow.ts".
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { MovingObstacle } from '../mapf/obstacles.ts';
import { type ObstacleCells, earliestArrival } from './obstacleSpaceTime.ts';
import { AloneController } from './aloneController.ts';
import type { ReplanRule } from './obstacleRules.ts';
import type { UnitRun } from './obstacleFollower.ts';
import { simulate } from './simulator.ts';

export interface ObstacleRun {
  units: UnitRun[];
  /** Each obstacle's anchor cell at every turn, as it moved (delays included). */
  obstaclePaths: number[][];
  /** Steps obstacles put off because a unit stood in their way. */
  obstacleWaits: number;
  /** Turns the run took (the last unit's arrival, or the turn limit). */
  turns: number;
  /** Search nodes expanded by every unit's planning (a turn controller's: all its searches). */
  expanded: number;
}

/** One unit's run, with the obstacles' paths and waits (followAmongObstacles). */
export type FollowResult = UnitRun & { obstaclePaths: number[][]; obstacleWaits: number };

export interface FollowOptions {
  turnLimit?: number;
}

/** Runs one unit from `start` to `goal` among `obstacles` (4- or 8-connected `movement`) under `rule`. */
export function followAmongObstacles(grid: Grid, movement: Movement, start: number, goal: number, obstacles: readonly MovingObstacle[], rule: ReplanRule, options: FollowOptions = {}): FollowResult {
  const run = runAmongObstacles(grid, movement, [{ start, goal }], obstacles, rule, options);
  return { ...run.units[0], obstaclePaths: run.obstaclePaths, obstacleWaits: run.obstacleWaits };
}

/**
 * Runs `units` (one-cell units planning alone) among `obstacles` under `rule`, through the
 * simulator's turn loop (aloneController.ts moves them; the plan validator checks the run).
 */
export function runAmongObstacles(
  grid: Grid,
  movement: Movement,
  units: readonly { start: number; goal: number }[],
  obstacles: readonly MovingObstacle[],
  rule: ReplanRule,
  options: FollowOptions = {},
): ObstacleRun {
  const turnLimit = options.turnLimit ?? 4 * grid.cells;
  const controller = new AloneController(grid, movement, rule, turnLimit);
  const simulation = simulate({ grid, movement, agents: units }, controller, { turnLimit, obstacles, lowerBounds: new Float64Array(units.length) });
  if (simulation.validation && !simulation.validation.valid) throw new Error(`units planning alone broke a rule: ${simulation.validation.violations[0].message}`);
  // Hindsight: the obstacles' recorded cells (each stays on its last one) known in advance.
  const obstaclePaths = simulation.obstaclePaths ?? [];
  const sizes = simulation.obstacleSizes ?? [];
  const recorded: ObstacleCells = { count: obstaclePaths.length, sizes, width: grid.width, at: (i, tt) => obstaclePaths[i][Math.min(tt, obstaclePaths[i].length - 1)] };
  const followers = controller.followers;
  for (const f of followers) {
    const best = earliestArrival(grid, movement, f.start, 0, f.goal, recorded, turnLimit).path;
    f.result.hindsight = best === null ? Infinity : best.length - 1;
  }
  return { units: followers.map((f) => f.result), obstaclePaths, obstacleWaits: simulation.obstacleWaits ?? 0, turns: simulation.run.turns, expanded: controller.counters().expanded };
}
