/**
 * The lifelong runs whose outputs a rebuilt runner must reproduce (test/node/solvers/lifelongLoop.test.ts):
 * each Start-Kit example problem with each lifelong planner for a few steps on a frozen clock (no
 * deadline ever falls), a run whose planner misses the per-step limit on chosen steps (a test
 * clock it advances), and runs cancelled part-way and on their last step.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type LorrProblem, readLorrProblem } from '../../core/formats/lorrProblem.ts';
import { LIFELONG_PLANNERS, findLifelongPlanner, runLifelong } from '../../core/solvers/lifelong/index.ts';
import type { LifelongPlanner } from '../../core/solvers/lifelong/types.ts';
import { type LifelongFingerprint, fingerprint } from './lifelongFingerprint.ts';

/**
 * Each example problem with the robots and steps it is run for: the first robots of its agents
 * file (as an experiment takes fewer), few enough that flow-pibt's improvement rounds, which a
 * frozen clock never cuts short, stay within seconds.
 */
export const EXAMPLE_RUNS = [
  { file: 'random.domain/random_32_32_20_100.json', robots: 100, steps: 60 },
  { file: 'city.domain/paris_1_256_250.json', robots: 250, steps: 40 },
  { file: 'game.domain/brc202d_500.json', robots: 150, steps: 30 },
  { file: 'warehouse.domain/sortation_large_2000.json', robots: 300, steps: 30 },
  { file: 'warehouse.domain/warehouse_large_5000.json', robots: 400, steps: 30 },
] as const;

/** The example problem with its first `robots` robots (lorrRun.ts's way). */
export function readExample(examples: string, file: string, robots?: number): LorrProblem {
  const path = join(examples, file);
  const problem = readLorrProblem(readFileSync(path, 'utf8'), path, (rel) => readFileSync(join(dirname(path), rel), 'utf8'));
  if (robots === undefined || robots >= problem.teamSize) return problem;
  return { ...problem, teamSize: robots, starts: problem.starts.subarray(0, robots), revealedTasks: Math.max(1, Math.floor(problem.numTasksReveal * robots)) };
}

const frozen = Object.assign(() => 0, { kind: 'test' });

/** `planner` on `problem` for `steps` steps at 1 s a step on a frozen clock, seed 1. */
export function exampleRun(problem: LorrProblem, planner: string, steps: number): LifelongFingerprint {
  const entry = findLifelongPlanner(planner)!;
  return fingerprint(problem, runLifelong(problem, entry.factory(1), { steps, stepLimitMs: 1000, now: frozen, record: true }));
}

/** The planners the old loop ran, whose outputs the fixture holds (planners added since have none). */
export const PLANNERS = ['flow-pibt', 'pibt-rotations'].filter((name) => LIFELONG_PLANNERS.some((p) => p.name === name));

/**
 * flow-pibt on `problem` for 40 steps at 10 ms a step, its planning taking `late[step]` ms of the
 * test's clock at the steps named (25: two whole limits missed, two steps of waiting first).
 */
export function lateRun(problem: LorrProblem, late: Record<number, number>): LifelongFingerprint {
  let clock = 0;
  const now = () => clock;
  const factory = findLifelongPlanner('flow-pibt')!.factory(2);
  const result = runLifelong(problem, (graph, robots) => {
    const inner = factory(graph, robots);
    const planner: LifelongPlanner = {
      name: 'late',
      stats: () => inner.stats(),
      plan: (world, actions, deadline, clockNow) => {
        inner.plan(world, actions, deadline, clockNow);
        clock += late[world.step] ?? 0;
      },
    };
    return planner;
  }, { steps: 40, stepLimitMs: 10, now, record: true });
  return fingerprint(problem, result);
}

/** flow-pibt on `problem` for `steps` steps, cancelled by onStep at `cancelAt`; with the calls onStep got ("step:finished"). */
export function cancelledRun(problem: LorrProblem, steps: number, cancelAt: number): LifelongFingerprint & { calls: string } {
  const calls: string[] = [];
  const result = runLifelong(problem, findLifelongPlanner('flow-pibt')!.factory(3), {
    steps, stepLimitMs: 1000, now: frozen, record: true,
    onStep: (step, finished) => {
      calls.push(`${step}:${finished}`);
      return step === cancelAt;
    },
  });
  return { ...fingerprint(problem, result), calls: calls.join(' ') };
}
