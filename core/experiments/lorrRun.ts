/**
 * One experiment run on a League of Robot Runners problem: the problem read through the
 * experiment's files (its map, agents and tasks named relative to it), its first `agents` robots
 * from the agents file or, when it lists fewer, starts drawn from the free cells with the run's
 * placement seed (withDrawnStarts), run lifelong by the named planner and task scheduler
 * (core/solvers/lifelong; the Start-Kit's greedy scheduler unless the run names one) for
 * the map's steps at its per-step limit, on the run's clock. The record's throughput columns
 * (tasks finished, tasks per step) are the League's score; its turn times are the planning time
 * per step, its waits the robots' waits; paths have no goals, so the path and cost columns are NaN.
 */
import { type LorrProblem, parseLorrProblemJson, readLorrProblem, withDrawnStarts } from '../formats/lorrProblem.ts';
import { DEFAULT_LIFELONG_SCHEDULER, LIFELONG_PLANNERS, LIFELONG_SCHEDULERS, findLifelongPlanner, findLifelongScheduler, runLifelong } from '../solvers/lifelong/index.ts';
import type { Clock } from '../util/clock.ts';
import type { InstanceBuilder } from './instances.ts';
import type { RunSpec } from './runPlan.ts';
import type { RunRecord } from './runRecord.ts';
import { NO_STREAM } from './runRecord.ts';

/** Problems already read, per builder (one per process), by path. */
const problems = new WeakMap<InstanceBuilder, Map<string, LorrProblem>>();

/** `relative` beside `file` (both as the experiment names them, '/'-separated). */
export function besideFile(file: string, relative: string): string {
  if (relative.startsWith('/')) return relative;
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return slash < 0 ? relative : `${file.slice(0, slash + 1)}${relative}`;
}

/** The map, agents and tasks files a problem names, as the experiment names them (beside the problem). */
export function lorrProblemFiles(problem: string, text: string): string[] {
  const json = parseLorrProblemJson(text, problem);
  return [...new Set([json.mapFile, json.agentFile, json.taskFile])].map((relative) => besideFile(problem, relative));
}

function problemFor(builder: InstanceBuilder, path: string): LorrProblem {
  let byPath = problems.get(builder);
  if (!byPath) problems.set(builder, (byPath = new Map()));
  let problem = byPath.get(path);
  if (!problem) {
    problem = readLorrProblem(builder.readText(path), path, (relative) => builder.readText(besideFile(path, relative)));
    byPath.set(path, problem);
  }
  return problem;
}

export function executeLorrRun(run: RunSpec, builder: InstanceBuilder, clock: Clock, started: number, shouldStop?: () => boolean): RunRecord {
  if (run.map.kind !== 'lorr') throw new RangeError('not a LoRR run');
  const entry = findLifelongPlanner(run.solver);
  if (!entry) throw new RangeError(`'${run.solver}' does not run LoRR problems (lifelong planners: ${LIFELONG_PLANNERS.map((p) => p.name).join(', ')})`);
  const scheduler = findLifelongScheduler(run.scheduler ?? DEFAULT_LIFELONG_SCHEDULER);
  if (!scheduler) throw new RangeError(`'${run.scheduler}' is not a task scheduler (known: ${LIFELONG_SCHEDULERS.map((s) => s.name).join(', ')})`);
  const file = problemFor(builder, run.map.problem);
  const seed = run.placement.kind === 'random' ? run.placement.seed : run.seed;
  let problem: LorrProblem;
  if (run.agents <= file.starts.length) problem = { ...file, teamSize: run.agents, starts: file.starts.subarray(0, run.agents), revealedTasks: Math.max(1, Math.floor(file.numTasksReveal * run.agents)) };
  else problem = withDrawnStarts(file, run.agents, seed);
  const result = runLifelong(problem, entry.factory(run.seed, run.params), {
    steps: run.map.steps,
    stepLimitMs: run.map.stepLimitMs,
    now: clock,
    scheduler: scheduler.factory(),
    onStep: shouldStop ? () => shouldStop() : undefined,
  });
  const m = result.measures;
  const waitsPerAgent = (m.waitShare * m.steps * m.robots) / Math.max(1, m.robots);
  return {
    id: run.id, key: run.key, map: run.mapName, instance: run.instance, agents: run.agents, solver: run.solver, label: run.label, seed: run.seed,
    status: result.status === 'cancelled' ? 'cancelled' : m.plannerErrors > 0 ? 'failed' : 'solved',
    message: `${m.steps} steps at ${m.stepLimitMs} ms a step: ${m.tasksFinished} tasks finished, ${m.timeouts} steps lost to timeouts, ${m.plannerErrors} planner errors (planner ${entry.name}, scheduler ${scheduler.name})`,
    successes: 0, arrived: 0, successRate: NaN,
    meanPathLength: NaN, meanLowerBound: NaN, pathRatio: NaN, cyclesPerAgent: NaN, waitsPerAgent,
    collisions: m.plannerErrors, replans: 0,
    initMs: m.preprocessMs, maxTurnMs: m.planMaxMs, meanTurnMs: m.planMeanMs, turns: m.steps,
    expanded: m.plannerStats.expanded ?? 0, reservationsMax: 0, costModel: run.costModel,
    sumOfCosts: NaN, makespan: NaN, costLowerBound: NaN, costOverBound: NaN, pathStepsComputed: NaN,
    regionUnits: NaN, regionThroughput: NaN, regionMeanWait: NaN, regionCrossingRate: NaN, regionPeakCrossings: NaN,
    tasksFinished: m.tasksFinished, tasksPerStep: m.tasksPerStep, ...NO_STREAM,
    elapsedMs: clock() - started,
  };
}
