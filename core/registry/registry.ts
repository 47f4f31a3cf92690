/**
 * Every multi-agent solver in core, by name. The solver process, the command line and the app's
 * solver panel all look solvers up here, so adding one here makes it available everywhere. Each
 * family in core/solvers/<family>/ has one entry file (index.ts) listing its solvers; this file
 * lists the families (core/README.md: how to add one).
 */
import type { MapfInstance } from '../mapf/instance.ts';
import type { CostModel } from '../mapf/plan.ts';
import type { SolveOptions, SolveResult, SolverEntry } from '../contract/types.ts';
import { checkedResult } from '../contract/verdict.ts';
import type { ControllerSolverSpec } from '../simulation/controllerSolvers.ts';
import type { ControllerFactory } from '../contract/controller.ts';
import { INDEPENDENT_SOLVERS } from '../solvers/independent/index.ts';
import { OPTIMAL_SOLVERS } from '../solvers/optimal/index.ts';
import { CONTROLLER_SOLVERS, COOPERATIVE_SOLVERS } from '../solvers/cooperative/index.ts';
import { LACAM_CONTROLLERS, LACAM_SOLVERS } from '../solvers/lacam/index.ts';
import { CBS_SOLVERS } from '../solvers/cbs/index.ts';
import { CROWD_SOLVERS } from '../solvers/crowd/index.ts';
import { LIFELONG_PLANNERS, type LifelongPlannerEntry } from '../solvers/lifelong/index.ts';
import { TRAFFIC_CONTROLLERS } from '../solvers/traffic/index.ts';

/** Every family's entry, in the order the app and the CLI list them. */
export const SOLVERS: readonly SolverEntry[] = [
  ...INDEPENDENT_SOLVERS,
  ...OPTIMAL_SOLVERS,
  ...CBS_SOLVERS,
  ...COOPERATIVE_SOLVERS,
  ...LACAM_SOLVERS,
  ...CROWD_SOLVERS,
];

/**
 * The solvers that are turn controllers (they plan in the turn simulator), as specs the
 * simulator can run directly: the experiment runner and `solve` measure them turn by turn.
 */
export const CONTROLLERS: readonly ControllerSolverSpec[] = [...CONTROLLER_SOLVERS, ...LACAM_CONTROLLERS];

/**
 * Every turn controller a stream can run: the planners (CONTROLLERS), then the traffic rules
 * (flagged `rule`: core/solvers/traffic), which a capacity sweep runs to measure the level.
 */
export const STREAM_CONTROLLERS: readonly ControllerSolverSpec[] = [...CONTROLLERS, ...TRAFFIC_CONTROLLERS];

/** A turn controller a stream can run, planner or traffic rule, by name. */
export function findStreamController(name: string): ControllerSolverSpec | undefined {
  return STREAM_CONTROLLERS.find((c) => c.name === name);
}

/**
 * The solvers that run among moving obstacles: 'independent' (units planning alone,
 * every strategy) and the cooperative controllers (recalc and watch; core/simulation/amongObstacles.ts).
 */
export const OBSTACLE_SOLVERS: readonly string[] = ['independent', ...CONTROLLER_SOLVERS.map((s) => s.name)];

/** null for units planning alone, the controller factory for a cooperative solver, undefined for a solver that does not take obstacles. */
export function obstacleFactory(name: string): ControllerFactory | null | undefined {
  if (name === 'independent') return null;
  return CONTROLLER_SOLVERS.find((s) => s.name === name)?.factory;
}

/** Why `name` cannot run among moving obstacles, naming those that can. */
export function noObstaclesMessage(name: string): string {
  return `${name} does not take moving obstacles: it plans once for a fixed world, which an obstacle that waits for units does not give (solvers that do: ${OBSTACLE_SOLVERS.join(', ')})`;
}

const prepared = new Map<string, Promise<void>>();

/**
 * Awaits solver `name`'s once-per-process set-up (SolverEntry.prepare: Detour's WebAssembly, and
 * the warm-ups of core/contract/warmUp.ts), at most once per process; nothing for a name without
 * one. Hosts await it before a solve's clock starts: the solver process before each request
 * (protocol/server.ts), the command line before its run.
 */
export function prepareSolver(name: string): Promise<void> {
  let done = prepared.get(name);
  if (done === undefined) {
    const entry = findSolver(name);
    done = entry?.prepare ? entry.prepare() : Promise.resolve();
    prepared.set(name, done);
  }
  return done;
}

/** Awaits every solver's set-up (prepareSolver for each). */
export async function prepareSolvers(): Promise<void> {
  for (const entry of SOLVERS) await prepareSolver(entry.name);
}

/**
 * Lifelong planners for League of Robot Runners problems (robots that turn, tasks handed out as
 * robots finish them): run by core/solvers/lifelong's runner, not by `solve(instance)`.
 */
export { LIFELONG_PLANNERS };

/** The League's other track: task schedulers, chosen apart from the planner. */
export { LIFELONG_SCHEDULERS, DEFAULT_LIFELONG_SCHEDULER, findLifelongScheduler } from '../solvers/lifelong/schedulers.ts';

export function findLifelongPlanner(name: string): LifelongPlannerEntry | undefined {
  return LIFELONG_PLANNERS.find((p) => p.name === name);
}

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
 * Runs `entry` with `options`, refusing timed map events it cannot honour, and reports 'solved'
 * only for a plan the plan validator passes. An offline solver
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
  // 'solved' only for a plan the validator passes (verdict.ts).
  return checkedResult(instance, entry.solve(instance, options));
}
