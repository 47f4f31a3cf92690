/**
 * Runs an experiment's runs one at a time and yields one flat record per run. Pure: files come
 * through ExperimentFiles, results go to the caller. `executeRun` needs only a RunSpec and a
 * builder, so a worker pool can call it in each worker and collect the records.
 */
import { measureRegion } from '../mapf/regionMeasures.ts';
import { type CostModel, arrivedCount, costModelOf, reportedCosts } from '../mapf/plan.ts';
import { CONTROLLERS, findSolver, noObstaclesMessage, obstacleFactory, paramsWithCostModel } from '../registry/registry.ts';
import type { SolverEntry } from '../contract/types.ts';
import { measureSolver } from '../simulation/measure.ts';
import { type ExperimentFiles, InstanceBuilder } from './instances.ts';
import type { RunSpec } from './runPlan.ts';
import type { MapfInstance } from '../mapf/instance.ts';
import { randomPatrols } from '../mapgen/patrols.ts';
import { runSolverAmongObstacles } from '../simulation/amongObstacles.ts';
import { type Clock, WALL_CLOCK } from '../util/clock.ts';
import { executeLorrRun } from './lorrRun.ts';
import { simulateStreamRun } from './streamRun.ts';
import { NO_STREAM, NO_TASKS, type RunRecord } from './runRecord.ts';

type RegionFigures = Pick<RunRecord, 'regionUnits' | 'regionThroughput' | 'regionMeanWait' | 'regionCrossingRate' | 'regionPeakCrossings'>;

const NO_REGION: RegionFigures = { regionUnits: NaN, regionThroughput: NaN, regionMeanWait: NaN, regionCrossingRate: NaN, regionPeakCrossings: NaN };

/** The run's region figures from its paths: NaN without a region, or on a map it does not fit. */
function regionFigures(run: RunSpec, instance: MapfInstance, paths: readonly (readonly number[])[]): RegionFigures {
  const region = run.region;
  if (!region || paths.length === 0) return NO_REGION;
  const { grid } = instance;
  if (![region.from, region.to].every(([x, y]) => grid.inBounds(x, y))) return NO_REGION;
  const m = measureRegion({ width: grid.width, paths, goals: instance.agents.map((a) => a.goal), sizes: instance.agents.map((a) => a.size ?? 1) }, region);
  return { regionUnits: m.units, regionThroughput: m.throughput, regionMeanWait: m.meanWait, regionCrossingRate: m.crossingRate, regionPeakCrossings: m.peakCrossings };
}

export interface RunContext {
  builder: InstanceBuilder;
  /** Where solver names are looked up (default: the registry); a solver process passes its own. */
  lookup?: (name: string) => SolverEntry | undefined;
  shouldStop?: () => boolean;
  /**
   * The solving thread's CPU-time clock, for runs on the 'cpu' clock (run.timeLimitClock); only
   * the host can read it. Without it such runs are recorded as errors saying so.
   */
  cpuClock?: Clock;
  /**
   * One clock for every run, whatever it asks (a benchmark's CPU-time clock); the time limit is
   * counted and the times measured on it. Default: the run's own (wall, or cpuClock).
   */
  clock?: Clock;
}

export function newRunContext(files: ExperimentFiles, shouldStop?: () => boolean, clock?: Clock): RunContext {
  return { builder: new InstanceBuilder(files), shouldStop, clock };
}

/** The clock a run is limited and measured on in `context`, or undefined when the host cannot read it. */
export function runClock(run: RunSpec, context: RunContext): Clock | undefined {
  if (context.clock !== undefined) return context.clock;
  return run.timeLimitClock === 'cpu' ? context.cpuClock : WALL_CLOCK;
}

/** Why a run on the 'cpu' clock cannot run here. */
export const NO_CPU_CLOCK = 'this solver process cannot read its CPU time; run on the wall clock (timeLimitClock \'wall\')';

/** The record of a run that produced no measurement (status 'error'), with the reason. */
export function failureRecord(run: RunSpec, message: string, elapsedMs: number): RunRecord {
  return {
    id: run.id, key: run.key, map: run.mapName, instance: run.instance, agents: run.agents, solver: run.solver, label: run.label, seed: run.seed,
    status: 'error', message,
    successes: 0, arrived: 0, successRate: 0, meanPathLength: NaN, meanLowerBound: NaN, pathRatio: NaN, cyclesPerAgent: NaN, waitsPerAgent: NaN,
    collisions: 0, replans: 0, initMs: 0, maxTurnMs: 0, meanTurnMs: 0, turns: 0, expanded: 0, reservationsMax: 0,
    costModel: countedBy(run, run.params),
    sumOfCosts: NaN, makespan: NaN, costLowerBound: NaN, costOverBound: NaN, pathStepsComputed: NaN, ...NO_REGION, ...NO_TASKS, ...NO_STREAM, elapsedMs,
  };
}

/** The model a run's sum of costs is counted by: a solver's own params.costModel, else the run's. */
function countedBy(run: RunSpec, params: Readonly<Record<string, unknown>>): CostModel {
  return params.costModel === undefined ? run.costModel : costModelOf(params);
}

export function executeRun(run: RunSpec, context: RunContext): RunRecord {
  const base = { id: run.id, key: run.key, map: run.mapName, instance: run.instance, agents: run.agents, solver: run.solver, label: run.label, seed: run.seed };
  const clock = runClock(run, context);
  if (clock === undefined) return failureRecord(run, NO_CPU_CLOCK, 0);
  const started = clock();
  try {
    if (run.map.kind === 'lorr') return executeLorrRun(run, context.builder, clock, started, context.shouldStop);
    const entry = (context.lookup ?? findSolver)(run.solver);
    if (!entry) throw new RangeError(`unknown solver '${run.solver}'`);
    const { instance, lowerBounds } = context.builder.build(run);
    if (run.streams) return runStream(run, instance, started, clock, context);
    if (run.obstacles) return runAmongPatrols(run, instance, lowerBounds, started, clock, context);
    const params = paramsWithCostModel(entry, run.params, run.costModel);
    const measured = measureSolver(entry, instance, {
      seed: run.seed,
      params,
      turnLimit: run.turnLimit,
      timeLimitMs: run.timeLimitMs,
      shouldStop: context.shouldStop,
      lowerBounds,
      clock,
    }, CONTROLLERS);
    const sim = measured.simulation;
    const r = sim.run;
    const goals = instance.agents.map((a) => a.goal);
    const costs = reportedCosts(measured.status === 'solved', sim.paths, goals, countedBy(run, params));
    const bound = measured.solverStats?.costLowerBound;
    const costLowerBound = typeof bound === 'number' && Number.isFinite(bound) ? bound : NaN;
    const costOverBound = costs.sumOfCosts !== null && costLowerBound > 0 ? costs.sumOfCosts / costLowerBound : NaN;
    return {
      ...base,
      status: measured.status,
      message: measured.message ?? '',
      successes: r.successes,
      arrived: arrivedCount(sim.paths, goals),
      successRate: r.successRate,
      meanPathLength: r.meanPathLength,
      meanLowerBound: r.meanLowerBound,
      pathRatio: r.pathRatio,
      // A solver that gave no plan has no cycles or waits (units standing still had 0, which the
      // lab's charts drew as a point at 0 for every time-out).
      cyclesPerAgent: measured.planned ? r.cyclesPerAgent : NaN,
      waitsPerAgent: measured.planned ? r.waitsPerAgent : NaN,
      collisions: r.collisions,
      replans: r.replans,
      initMs: r.initMs,
      maxTurnMs: r.maxTurnMs,
      meanTurnMs: r.meanTurnMs,
      turns: r.turns,
      expanded: r.expanded,
      reservationsMax: r.reservationsMax,
      // Counted as the solver minimised it: a solver's own params.costModel overrides the run's.
      costModel: countedBy(run, params),
      sumOfCosts: costs.sumOfCosts ?? NaN,
      makespan: costs.makespan ?? NaN,
      costLowerBound,
      costOverBound,
      pathStepsComputed: NaN,
      ...regionFigures(run, instance, sim.paths),
      ...NO_TASKS, ...NO_STREAM,
      elapsedMs: clock() - started,
    };
  } catch (error) {
    return failureRecord(run, error instanceof Error ? error.message : String(error), clock() - started);
  }
}

/**
 * A run among random patrols: units planning alone ('independent') replan by
 * params.strategy (core/simulation/obstacleFollow.ts); the cooperative solvers repair by recalc or
 * watch in the simulator (core/simulation/amongObstacles.ts). Path length is each unit's arrival
 * turn, its bound the obstacle-free lower bound; a run is solved when every unit arrives, and its
 * cost is then counted as usual.
 */
function runAmongPatrols(run: RunSpec, instance: MapfInstance, lowerBounds: Float64Array, started: number, clock: Clock, context: RunContext): RunRecord {
  const spec = run.obstacles!;
  const factory = obstacleFactory(run.solver);
  if (factory === undefined) return failureRecord(run, noObstaclesMessage(run.solver), clock() - started);
  const patrols = randomPatrols(instance.grid, spec, spec.seed, new Set(instance.agents.map((a) => a.start)));
  const { run: result, simulation } = runSolverAmongObstacles(run.solver, factory, instance, patrols, run.params, {
    turnLimit: run.turnLimit ?? 4 * (instance.grid.width + instance.grid.height), seed: run.seed, timeLimitMs: run.timeLimitMs, shouldStop: context.shouldStop, clock, hindsight: false,
  });
  const units = result.units;
  const arrived = units.filter((u) => u.arrived);
  const mean = (values: number[]) => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);
  const meanPathLength = mean(arrived.map((u) => u.arrival));
  const meanLowerBound = mean(units.flatMap((u, i) => (u.arrived ? [lowerBounds[i]] : [])));
  const solved = arrived.length === units.length;
  const paths = units.map((u) => u.path);
  const goals = instance.agents.map((a) => a.goal);
  const costs = reportedCosts(solved, paths, goals, run.costModel);
  const elapsedMs = clock() - started;
  return {
    id: run.id, key: run.key, map: run.mapName, instance: run.instance, agents: run.agents, solver: run.solver, label: run.label, seed: run.seed,
    status: solved ? 'solved' : simulation && (simulation.status === 'timeout' || simulation.status === 'cancelled') ? simulation.status : 'failed',
    message: solved ? '' : `${units.length - arrived.length} of ${units.length} units did not arrive within ${result.turns} turns${simulation?.message ? ` (${simulation.message})` : ''}`,
    successes: arrived.length, arrived: arrived.length, successRate: arrived.length / Math.max(1, units.length),
    meanPathLength, meanLowerBound, pathRatio: meanPathLength / meanLowerBound,
    cyclesPerAgent: simulation?.run.cyclesPerAgent ?? 0, waitsPerAgent: mean(units.map((u) => u.waits)), collisions: simulation?.collisions.length ?? 0, replans: units.reduce((a, u) => a + u.replans, 0),
    // Units planning alone plan turn by turn: the run's time over its turns (no first plan apart, no slowest turn measured).
    initMs: simulation?.run.initMs ?? 0, maxTurnMs: simulation?.run.maxTurnMs ?? NaN, meanTurnMs: simulation?.run.meanTurnMs ?? elapsedMs / Math.max(1, result.turns), turns: result.turns,
    expanded: result.expanded, reservationsMax: simulation?.run.reservationsMax ?? 0, costModel: run.costModel,
    sumOfCosts: costs.sumOfCosts ?? NaN, makespan: costs.makespan ?? NaN, costLowerBound: NaN, costOverBound: NaN,
    pathStepsComputed: units.reduce((a, u) => a + u.pathStepsComputed, 0), ...regionFigures(run, instance, paths), ...NO_TASKS, ...NO_STREAM, elapsedMs,
  };
}

/**
 * A run on a stream (streamRun.ts): the stream's measures in its stream columns; successes and
 * arrived count the units that left by an exit; a stream has no sum of costs. Its region figures
 * are measured over every unit that appeared.
 */
function runStream(run: RunSpec, instance: MapfInstance, started: number, clock: Clock, context: RunContext): RunRecord {
  const { result, columns } = simulateStreamRun(run, instance, clock, context.shouldStop);
  const r = result.run;
  const valid = result.validation?.valid ?? true;
  const units = result.units ?? instance.agents;
  const everyone = { ...instance, agents: units.slice() };
  return {
    id: run.id, key: run.key, map: run.mapName, instance: run.instance, agents: run.agents, solver: run.solver, label: run.label, seed: run.seed,
    status: valid ? result.status : 'failed',
    message: [result.message, valid ? '' : `plan INVALID: ${result.validation!.violations[0].message}`].filter((m) => m).join('; '),
    successes: columns.streamLeft, arrived: columns.streamLeft, successRate: columns.streamAppeared > 0 ? columns.streamLeft / columns.streamAppeared : NaN,
    meanPathLength: NaN, meanLowerBound: NaN, pathRatio: NaN, cyclesPerAgent: NaN, waitsPerAgent: NaN,
    collisions: result.collisions.length, replans: r.replans, initMs: r.initMs, maxTurnMs: r.maxTurnMs, meanTurnMs: r.meanTurnMs, turns: r.turns,
    expanded: r.expanded, reservationsMax: r.reservationsMax, costModel: run.costModel,
    sumOfCosts: NaN, makespan: NaN, costLowerBound: NaN, costOverBound: NaN, pathStepsComputed: NaN,
    ...regionFigures(run, everyone, result.paths), ...NO_TASKS, ...columns, elapsedMs: clock() - started,
  };
}

/** Runs every run in order, yielding each record as soon as it is done. */
export function* runSweep(runs: readonly RunSpec[], context: RunContext): Generator<RunRecord> {
  for (const run of runs) {
    if (context.shouldStop?.()) return;
    yield executeRun(run, context);
  }
}
