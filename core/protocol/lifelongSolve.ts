/**
 * A solve request with a League of Robot Runners problem (its `lifelong` field): the problem is
 * read from the texts the request carries, run by the named lifelong planner and task scheduler
 * (core's runner; the Start-Kit's greedy scheduler unless the request names another) for the steps asked, and answered with the run's actions and
 * measures (lifelongWire.ts) and every robot's cell per step as the paths. The turning paths go
 * through the plan validator (MAPF_T: headings, no vertex or swap conflicts) before the run is
 * reported solved. Progress says the step and the tasks finished; cancel is the client's (it ends
 * the process, the run being synchronous).
 */
import { readLorrProblem } from '../formats/lorrProblem.ts';
import { LIFELONG_PLANNERS, findLifelongPlanner } from '../registry/registry.ts';
import { DEFAULT_LIFELONG_SCHEDULER, LIFELONG_SCHEDULERS, findLifelongScheduler, runLifelong } from '../solvers/lifelong/index.ts';
import { revealedTasks, validateLifelongRecord } from '../solvers/lifelong/recordPaths.ts';
import { invalidPlanMessage } from '../contract/verdict.ts';
import type { SolveProgress } from '../contract/types.ts';
import type { Clock } from '../util/clock.ts';
import { LIFELONG_RUN_FORMAT, LIFELONG_RUN_VERSION, type WireLifelongRequest, packTasks } from './lifelongWire.ts';
import type { SolveResultBody } from './messages.ts';
import { encodePaths } from './wire.ts';

export interface LifelongSolveOptions {
  seed?: number;
  params?: Record<string, unknown>;
  clock: Clock;
  onProgress?: (progress: SolveProgress) => void;
}

export function solveLifelong(planner: string, request: WireLifelongRequest, options: LifelongSolveOptions): SolveResultBody {
  const failed = (message: string): SolveResultBody => ({ solver: planner, status: 'failed', paths: encodePaths([]), message, stats: { expanded: 0, generated: 0, elapsedMs: 0 } });
  const entry = findLifelongPlanner(planner);
  if (!entry) return failed(`'${planner}' is not a lifelong planner; a League of Robot Runners problem runs with ${LIFELONG_PLANNERS.map((p) => p.name).join(', ')}`);
  const scheduler = findLifelongScheduler(request.scheduler ?? DEFAULT_LIFELONG_SCHEDULER);
  if (!scheduler) return failed(`'${request.scheduler}' is not a task scheduler; the League's problems run with ${LIFELONG_SCHEDULERS.map((s) => s.name).join(', ')}`);
  const problem = readLorrProblem(request.problem, request.file, (relative) => {
    const text = request.files[relative];
    if (text === undefined) throw new RangeError('the request did not carry this file');
    return text;
  });
  const started = options.clock();
  const result = runLifelong(problem, entry.factory(options.seed ?? 1, options.params), {
    steps: request.steps,
    stepLimitMs: request.stepLimitMs,
    now: options.clock,
    scheduler: scheduler.factory(),
    record: true,
    onStep: (step, finished) => {
      options.onProgress?.({ fraction: step / request.steps, message: `step ${step} of ${request.steps}: ${finished} tasks finished` });
    },
  });
  const elapsedMs = options.clock() - started;
  const m = result.measures;
  const record = result.record!;
  const { paths, verdict } = validateLifelongRecord(problem.grid, problem.starts, record, m.steps, 20);
  const pool = record.pool;
  const body: SolveResultBody = {
    solver: entry.name,
    status: !verdict.valid ? 'failed' : result.status === 'cancelled' ? 'cancelled' : 'solved',
    paths: encodePaths(paths),
    stats: { expanded: m.plannerStats.expanded ?? 0, generated: m.plannerStats.generated ?? 0, elapsedMs, tasksFinished: m.tasksFinished, steps: m.steps },
    lifelong: {
      format: LIFELONG_RUN_FORMAT,
      version: LIFELONG_RUN_VERSION,
      planner: entry.name,
      scheduler: scheduler.name,
      robots: m.robots,
      steps: m.steps,
      stepLimitMs: m.stepLimitMs,
      clock: options.clock.kind ?? 'wall',
      starts: problem.starts,
      actions: record.actions.slice(0, m.steps * m.robots),
      timeouts: record.timeouts.slice(0, m.steps),
      finishedPerStep: Int32Array.from(m.finishedPerStep),
      planMs: m.planMs,
      tasksFinished: m.tasksFinished,
      errandsDone: m.errandsDone,
      planMeanMs: m.planMeanMs,
      planP99Ms: m.planP99Ms,
      planMaxMs: m.planMaxMs,
      waitShare: m.waitShare,
      timeoutCount: m.timeouts,
      plannerErrors: m.plannerErrors,
      scheduleErrors: m.scheduleErrors,
      tasks: packTasks(revealedTasks(record)),
      events: Int32Array.from(pool.events ?? []),
      schedules: (pool.schedules ?? []).map((changes) => changes.join(',')),
    },
  };
  const summary = `${m.steps} steps, ${m.tasksFinished} tasks finished (${m.tasksPerStep.toFixed(2)} a step); planning per step mean ${m.planMeanMs.toFixed(1)} ms, max ${m.planMaxMs.toFixed(1)} ms (${options.clock.kind ?? 'wall'} clock); ${m.timeouts} timeouts, ${m.plannerErrors} planner errors`;
  body.message = verdict.valid ? summary : `${summary}; ${invalidPlanMessage(verdict, problem.grid)}`;
  return body;
}
