/**
 * `mapf-lab solve --lorr PROBLEM.json`: a League of Robot Runners problem run lifelong (core's
 * runner, a task scheduler and a lifelong planner from the registries), printing the
 * League's score (tasks finished) with throughput, per-step planning time (CPU), wait share and
 * the most congested cells; `--export lorr-2024=FILE` writes the Start-Kit's output file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CommandIo } from '../command.ts';
import { UsageError } from '../command.ts';
import { readTextFile } from '../files.ts';
import { readLorrProblem, withDrawnStarts } from '../../core/formats/lorrProblem.ts';
import { lorrLifelongDocument } from '../../core/formats/lorrOutput.ts';
import { LIFELONG_PLANNERS, findLifelongPlanner } from '../../core/registry/registry.ts';
import { LIFELONG_SCHEDULERS, findLifelongScheduler, runLifelong } from '../../core/solvers/lifelong/index.ts';
import { hottestCells, throughputSeries } from '../../core/solvers/lifelong/measures.ts';
import { revealedTasks } from '../../core/solvers/lifelong/recordPaths.ts';
import { guidanceParams } from './guidanceUse.ts';

export interface LorrArgs {
  file: string;
  planner: string;
  /** The option that named the planner (--planner, or --solver, its older name), for errors. */
  plannerFlag: string;
  scheduler: string;
  params: Record<string, unknown>;
  steps: number;
  stepLimitMs: number;
  teamSize?: number;
  timeLimitMs?: number;
  seed: number;
  json: boolean;
  exportFile?: string;
  /** A guidance file whose lanes the planner takes (guidanceUse.ts). */
  guidanceFile?: string;
}

/** CPU time of this process in milliseconds (the planners are single-threaded). */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function runLorr(args: LorrArgs, io: CommandIo): number {
  const entry = findLifelongPlanner(args.planner);
  if (!entry) throw new UsageError(`${args.plannerFlag}: '${args.planner}' is not a lifelong planner (known: ${LIFELONG_PLANNERS.map((p) => p.name).join(', ')})`);
  const scheduler = findLifelongScheduler(args.scheduler);
  if (!scheduler) throw new UsageError(`--scheduler: '${args.scheduler}' is not a task scheduler (known: ${LIFELONG_SCHEDULERS.map((s) => s.name).join(', ')})`);
  const text = readTextFile(args.file, 'experiment');
  const base = dirname(args.file);
  let problem = readLorrProblem(text, args.file, (rel) => readFileSync(join(base, rel), 'utf8'));
  if (args.teamSize !== undefined) problem = withDrawnStarts(problem, args.teamSize, args.seed);
  const guidance = args.guidanceFile === undefined ? null : guidanceParams(args.guidanceFile, problem, entry.name);
  const wallStart = Date.now();
  const result = runLifelong(problem, entry.factory(args.seed, { ...args.params, ...guidance?.params }), {
    steps: args.steps,
    stepLimitMs: args.stepLimitMs,
    now: cpuMs,
    scheduler: scheduler.factory(),
    record: args.exportFile !== undefined,
    onStep: args.timeLimitMs === undefined ? undefined : () => Date.now() - wallStart > args.timeLimitMs!,
  });
  const m = result.measures;
  const grid = problem.grid;
  const hottest = hottestCells(m.waitHeat, 5).map(([cell, count]) => ({ row: grid.y(cell), column: grid.x(cell), waits: count }));
  if (args.json) {
    io.out(JSON.stringify({
      problem: args.file, planner: entry.name, scheduler: scheduler.name, guidance: guidance === null ? null : guidance.words, status: result.status, robots: m.robots, steps: m.steps, stepLimitMs: m.stepLimitMs, clock: 'cpu',
      tasksFinished: m.tasksFinished, tasksPerStep: m.tasksPerStep, errandsDone: m.errandsDone,
      throughputPer100Steps: throughputSeries(m.finishedPerStep, 100),
      planMs: { mean: m.planMeanMs, p99: m.planP99Ms, max: m.planMaxMs }, preprocessMs: m.preprocessMs,
      timeouts: m.timeouts, plannerErrors: m.plannerErrors, scheduleErrors: m.scheduleErrors,
      waitShare: m.waitShare, forwardShare: m.forwardShare, turnShare: m.turnShare, hottestCells: hottest, plannerStats: m.plannerStats,
    }));
  } else {
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    io.out([
      `problem: ${args.file} (${grid.width}x${grid.height}, ${m.robots} robots)`,
      `planner: ${entry.name}, scheduler: ${scheduler.name}, ${m.steps} steps at ${args.stepLimitMs} ms a step (CPU)${result.status === 'cancelled' ? ' (stopped at the time limit)' : ''}`,
      ...(guidance === null ? [] : [`guidance: ${guidance.words}`]),
      `tasks finished: ${m.tasksFinished} (${m.tasksPerStep.toFixed(2)} a step), errands done: ${m.errandsDone}`,
      `throughput per 100 steps: ${throughputSeries(m.finishedPerStep, 100).map((v) => v.toFixed(2)).join(', ')}`,
      `planning time per step (CPU): mean ${ms(m.planMeanMs)}, p99 ${ms(m.planP99Ms)}, max ${ms(m.planMaxMs)}; preprocessing ${ms(m.preprocessMs)}`,
      `timeouts: ${m.timeouts}, planner errors: ${m.plannerErrors}, schedule errors: ${m.scheduleErrors}; longest schedule ${ms(m.plannerStats.maxScheduleMs ?? 0)}`,
      `robot-steps: ${(100 * m.waitShare).toFixed(1)}% waiting, ${(100 * m.forwardShare).toFixed(1)}% forward, ${(100 * m.turnShare).toFixed(1)}% turning`,
      `most congested cells (row, column: robot-steps waiting): ${hottest.map((h) => `(${h.row}, ${h.column}): ${h.waits}`).join(', ') || 'none'}`,
    ].join('\n'));
  }
  if (args.exportFile !== undefined && result.record !== null) {
    const pool = result.record.pool;
    const doc = lorrLifelongDocument({
      grid, starts: problem.starts, steps: m.steps, actions: result.record.actions, timeouts: result.record.timeouts,
      tasks: revealedTasks(result.record), events: pool.events ?? [], schedules: pool.schedules ?? [], tasksFinished: m.tasksFinished,
      plannerTimesMs: m.planMs, plannerErrors: m.plannerErrors, scheduleErrors: m.scheduleErrors, timeoutCount: m.timeouts,
    });
    writeFileSync(args.exportFile, `${JSON.stringify(doc)}\n`);
  }
  return m.plannerErrors === 0 && result.status === 'finished' ? 0 : 1;
}
