/**
 * Any solver that takes moving obstacles (Patel's article), run as one kind of result: units
 * planning alone ('independent', obstacleFollow.ts: every strategy) or a turn controller in the
 * simulator (LRA*, CA*, HCA*, WHCA*: `recalc` and `watch`, core/contract/obstacleRepair.ts).
 * The protocol, the command line and the experiment runner all come through here, so the same
 * scenario gives the same run everywhere.
 * More on this in README.md, "amongObstacles.ts".
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { AgentTask } from '../mapf/instance.ts';
import type { MapEvent } from '../mapf/mapEvents.ts';
import type { MovingObstacle } from '../mapf/obstacles.ts';
import type { ControllerFactory } from '../contract/controller.ts';
import type { ObstacleRepair } from '../contract/obstacleRepair.ts';
import { type ObstacleRun, runAmongObstacles } from './obstacleFollow.ts';
import type { UnitRun } from './obstacleFollower.ts';
import type { Knowledge, ReplanRule } from './obstacleRules.ts';
import { STRATEGIES, STRATEGY_PARAMS, StrategyError, type StrategyName, replanRule } from './obstacleRules.ts';
import { type ObstacleCells, earliestArrival } from './obstacleSpaceTime.ts';
import { runController } from './simulator.ts';
import type { SimulationResult } from './simulationResult.ts';
import { splitParams } from './controllerSolvers.ts';
import type { Clock } from '../util/clock.ts';

/** The strategies a turn controller takes among obstacles. */
export const CONTROLLER_STRATEGIES: readonly StrategyName[] = ['recalc', 'watch'];

/** The strategies a solver takes among obstacles: all of them planning alone, recalc and watch for a cooperative solver. */
export function strategiesFor(cooperative: boolean): readonly StrategyName[] {
  return cooperative ? CONTROLLER_STRATEGIES : STRATEGIES;
}

/** The strategy a run gets when it names none: predict when units planning alone know the timetable, else recalc. */
export function defaultStrategy(cooperative: boolean, knowledge: Knowledge): StrategyName {
  return !cooperative && knowledge === 'timetable' ? 'predict' : 'recalc';
}

/**
 * A scenario's run params among its obstacles: its strategy (by default defaultStrategy's) and,
 * for units planning alone that replan by recalc or watch, what the scenario says they know
 * (unless the params say it).
 */
export function scenarioObstacleParams(cooperative: boolean, knowledge: Knowledge, params: Record<string, unknown>): Record<string, unknown> {
  const strategy = typeof params.strategy === 'string' ? params.strategy : defaultStrategy(cooperative, knowledge);
  const out: Record<string, unknown> = { ...params, strategy };
  if (!cooperative && knowledge === 'timetable' && (strategy === 'recalc' || strategy === 'watch') && params.knowledge === undefined) out.knowledge = 'timetable';
  return out;
}

export interface AmongObstaclesOptions {
  /** Turns the run may take (default: four times the cells, for units planning alone; the same for controllers). */
  turnLimit?: number;
  timeLimitMs?: number;
  shouldStop?: () => boolean;
  seed?: number;
  mapEvents?: readonly MapEvent[];
  /** The run's clock: the time limit and turn times are on it (default wall; a benchmark passes CPU time). */
  clock?: Clock;
  /** Compute each unit's hindsight bound (default true; a space-time search per unit). */
  hindsight?: boolean;
  /** Run the plan validator on a controller's run (default true). */
  validate?: boolean;
}

export interface SolverObstacleRun {
  run: ObstacleRun;
  strategy: StrategyName;
  rule: ReplanRule;
  /** The simulator's result, for a turn controller (turn times, collisions, validation, replay). */
  simulation?: SimulationResult;
}

/** The rule a turn controller uses for `rule`, or a StrategyError saying why the strategy is for units planning alone. */
export function controllerRepair(rule: ReplanRule, solver: string): ObstacleRepair {
  if ((rule.kind === 'recalc' || rule.kind === 'watch') && rule.knowledge === 'timetable') {
    throw new StrategyError('knowledge', `${solver}'s units know obstacles now (the live map); units planning alone (solver independent) can know the timetable`);
  }
  /** A whole number >= min (Infinity too where `infinite`), else a StrategyError naming the parameter. */
  const whole = (name: string, value: number, min: number, infinite = false): number => {
    if (!((Number.isInteger(value) && value >= min) || (infinite && value === Infinity))) throw new StrategyError(name, `${rule.kind}: ${name} must be a whole number >= ${min}, got ${value}`);
    return value;
  };
  if (rule.kind === 'recalc') return { kind: 'recalc', every: whole('every', rule.every ?? Infinity, 1, true), whenBlocked: rule.whenBlocked ?? true, whenChanged: rule.whenChanged ?? false };
  if (rule.kind === 'watch') {
    if (rule.repair === 'splice') throw new StrategyError('repair', `${solver} repairs by recalc: its plans are timed reservations, which a splice would shift`);
    return { kind: 'watch', regionSize: whole('regionSize', rule.regionSize, 1), horizon: whole('horizon', rule.horizon ?? Infinity, 0, true), notifyEvery: whole('notifyEvery', rule.notifyEvery ?? 1, 1) };
  }
  throw new StrategyError('strategy', `${rule.kind} is for units planning alone (solver independent); ${solver} takes ${CONTROLLER_STRATEGIES.join(' or ')}`);
}

/**
 * Runs `agents` among `obstacles`: planning alone when `factory` is null, else by the turn
 * controller it builds. `params` holds `strategy` (default recalc), the strategy's parameters and,
 * for a controller, the solver's own.
 */
export function runSolverAmongObstacles(
  solver: string,
  factory: ControllerFactory | null,
  world: { grid: Grid; movement: Movement; agents: readonly AgentTask[] },
  obstacles: readonly MovingObstacle[],
  params: Record<string, unknown>,
  options: AmongObstaclesOptions = {},
): SolverObstacleRun {
  const { strategy: named = 'recalc', ...rest } = params as { strategy?: unknown } & Record<string, unknown>;
  const strategy = String(named) as StrategyName;
  const own: Record<string, unknown> = {};
  const solverParams: Record<string, unknown> = {};
  const known = (STRATEGY_PARAMS as Record<string, readonly string[]>)[strategy] ?? [];
  for (const [key, value] of Object.entries(rest)) (known.includes(key) || factory === null ? own : solverParams)[key] = value;
  const rule = replanRule(strategy, own);
  const { grid, movement, agents } = world;
  const turnLimit = options.turnLimit ?? 4 * grid.cells;
  if (factory === null) {
    if (agents.some((a) => (a.size ?? 1) !== 1 || (a.speed ?? 1) !== 1)) throw new RangeError('units planning alone among moving obstacles are one cell and speed 1; the cooperative solvers take larger units');
    if (options.mapEvents && options.mapEvents.length > 0) throw new RangeError('units planning alone do not run map events among moving obstacles; the cooperative solvers do');
    return { run: runAmongObstacles(grid, movement, agents, obstacles, rule, { turnLimit }), strategy, rule };
  }
  const repair = controllerRepair(rule, solver);
  const split = splitParams(solverParams);
  const simulation = runController(world, factory, { seed: options.seed ?? 0, params: split.controller }, {
    turnLimit: split.turnLimit ?? turnLimit,
    timeLimitMs: options.timeLimitMs,
    shouldStop: options.shouldStop,
    mapEvents: options.mapEvents,
    recordPlans: split.recordPlans,
    clock: options.clock,
    validate: options.validate,
    obstacles,
    obstacleRepair: repair,
  });
  return { run: obstacleRunOf(simulation, grid, movement, agents, options.hindsight !== false), strategy, rule, simulation };
}

/** The simulator's run as Patel's per-unit measures (obstacleFollow.ts's UnitRun), hindsight bounds included. */
function obstacleRunOf(sim: SimulationResult, grid: Grid, movement: Movement, agents: readonly AgentTask[], hindsight: boolean): ObstacleRun {
  const counts = sim.counts;
  const obstaclePaths = sim.obstaclePaths ?? [];
  const turns = sim.run.turns;
  const recorded: ObstacleCells = {
    count: obstaclePaths.length,
    sizes: sim.obstacleSizes ?? [],
    width: grid.width,
    at: (i, t) => obstaclePaths[i][Math.min(t, obstaclePaths[i].length - 1)],
  };
  const replanEvents: { t: number; reason: string }[][] = agents.map(() => []);
  for (const event of sim.replay.events) if (event.kind === 'replan' && event.agent >= 0) replanEvents[event.agent].push({ t: event.t, reason: event.detail ?? 'replan' });
  const units = agents.map((agent, a): UnitRun => {
    const arrival = sim.agents.pathLength[a];
    const arrived = arrival >= 0 && sim.paths[a][sim.paths[a].length - 1] === agent.goal;
    let bound = Infinity;
    if (hindsight && (agent.size ?? 1) === 1) {
      const best = earliestArrival(grid, movement, agent.start, 0, agent.goal, recorded, Math.max(turns, 1) * 2 + grid.width + grid.height).path;
      bound = best === null ? Infinity : best.length - 1;
    }
    return {
      path: sim.paths[a], arrived, arrival: arrived ? arrival : Infinity,
      pathStepsComputed: counts?.pathSteps[a] ?? 0, expanded: 0, firstPlanExpanded: 0, replans: sim.agents.replans[a], badSplices: 0,
      obstacleBlocks: counts?.blocks[a] ?? 0, waits: sim.agents.waits[a], notifications: counts?.notifications[a] ?? 0,
      replanEvents: replanEvents[a], hindsight: bound,
    };
  });
  return { units, obstaclePaths, obstacleWaits: sim.obstacleWaits ?? 0, turns, expanded: sim.run.expanded };
}
