/**
 * A League of Robot Runners problem run lifelong through the solver protocol: the request carries
 * the problem file and the texts of the map, agents and tasks files it names (a worker sees no
 * files), the steps and the per-step limit; the answer carries what the replay, the throughput
 * line and the PlanViz export need: each robot's actions per step (cells and headings follow from
 * them and the starts, every robot facing east at step 0), the steps lost to timeouts, tasks
 * finished per step, the measures, and the task records of the League's output file. Format
 * 'mapf-lab/lifelong-run' with its version, an optional field of the solve request and result
 * like the stream's, so a receiver that predates it drops it.
 */
import { z } from 'zod';
import type { Grid } from '../grid/grid.ts';
import { lorrLifelongDocument } from '../formats/lorrOutput.ts';

export const LIFELONG_RUN_FORMAT = 'mapf-lab/lifelong-run';
export const LIFELONG_RUN_VERSION = 1;

export interface WireLifelongRequest {
  /** The problem file's name (errors name it) and its JSON text. */
  file: string;
  problem: string;
  /** The map, agents and tasks files' texts, by the paths the problem JSON names them with. */
  files: Record<string, string>;
  steps: number;
  /** Planning time a step may take (LoRR: 1000 ms), on the request's clock (wall unless 'cpu'). */
  stepLimitMs: number;
  /** The task scheduler by name (core/solvers/lifelong/schedulers.ts); absent: the Start-Kit's greedy one. */
  scheduler?: string;
}

export interface WireLifelongRun {
  format: typeof LIFELONG_RUN_FORMAT;
  version: number;
  /** The lifelong planner and the task scheduler that ran (absent in runs saved before schedulers were named). */
  planner?: string;
  scheduler?: string;
  robots: number;
  /** Steps simulated (fewer than asked when the run was stopped). */
  steps: number;
  stepLimitMs: number;
  clock: 'wall' | 'cpu';
  starts: Int32Array;
  /** actions[t * robots + r]: robot r's action at step t (core/grid/headings.ts ACTION_*). */
  actions: Uint8Array;
  /** 1 where step t was lost to planning over the limit (every robot waited). */
  timeouts: Uint8Array;
  finishedPerStep: Int32Array;
  /** Each planned step's planning time, milliseconds. */
  planMs: Float64Array;
  tasksFinished: number;
  errandsDone: number;
  planMeanMs: number;
  planP99Ms: number;
  planMaxMs: number;
  waitShare: number;
  timeoutCount: number;
  plannerErrors: number;
  scheduleErrors: number;
  /** Revealed tasks, flat: id, reveal step, errand count, errand cells... */
  tasks: Int32Array;
  /** Flat (step, robot, task id, errands done) quadruples. */
  events: Int32Array;
  /** Per robot, its "step:taskId" assignment changes joined by commas. */
  schedules: string[];
}

const int32 = z.instanceof(Int32Array, { error: 'must be an Int32Array' });
const count = z.number().int().nonnegative();

export const lifelongRequestSchema = z.object({
  file: z.string().min(1),
  problem: z.string(),
  files: z.record(z.string(), z.string()),
  steps: z.number().int().min(1).max(100_000),
  stepLimitMs: z.number().positive(),
  scheduler: z.string().min(1).optional(),
});

export const lifelongRunSchema = z.object({
  format: z.literal(LIFELONG_RUN_FORMAT),
  version: z.number().int().max(LIFELONG_RUN_VERSION, `this build reads lifelong runs up to version ${LIFELONG_RUN_VERSION}`),
  planner: z.string().optional(),
  scheduler: z.string().optional(),
  robots: count,
  steps: count,
  stepLimitMs: z.number().positive(),
  clock: z.enum(['wall', 'cpu']),
  starts: int32,
  actions: z.instanceof(Uint8Array, { error: 'must be a Uint8Array' }),
  timeouts: z.instanceof(Uint8Array, { error: 'must be a Uint8Array' }),
  finishedPerStep: int32,
  planMs: z.instanceof(Float64Array, { error: 'must be a Float64Array' }),
  tasksFinished: count,
  errandsDone: count,
  planMeanMs: z.number(),
  planP99Ms: z.number(),
  planMaxMs: z.number(),
  waitShare: z.number(),
  timeoutCount: count,
  plannerErrors: count,
  scheduleErrors: count,
  tasks: int32,
  events: int32,
  schedules: z.array(z.string()),
}).refine((run) => run.actions.length === run.steps * run.robots && run.starts.length === run.robots, { error: 'actions must hold steps x robots entries and starts one per robot' });

/** The revealed tasks of a run, unpacked for the League's output file (core/formats/lorrOutput.ts). */
export function unpackTasks(flat: Int32Array): { id: number; step: number; errands: Int32Array }[] {
  const out: { id: number; step: number; errands: Int32Array }[] = [];
  for (let i = 0; i + 2 < flat.length; ) {
    const n = flat[i + 2];
    out.push({ id: flat[i], step: flat[i + 1], errands: flat.subarray(i + 3, i + 3 + n) });
    i += 3 + n;
  }
  return out;
}

/** Packs revealed tasks as `unpackTasks` reads them. */
export function packTasks(tasks: readonly { id: number; step: number; errands: ArrayLike<number> }[]): Int32Array {
  const flat: number[] = [];
  for (const t of tasks) flat.push(t.id, t.step, t.errands.length, ...Array.from(t.errands));
  return Int32Array.from(flat);
}

/** A run as the League's output file (core/formats/lorrOutput.ts), which PlanViz replays. */
export function lifelongRunDocument(grid: Grid, run: WireLifelongRun): Record<string, unknown> {
  return lorrLifelongDocument({
    grid, starts: run.starts, steps: run.steps, actions: run.actions, timeouts: run.timeouts, tasks: unpackTasks(run.tasks),
    events: Array.from(run.events), schedules: run.schedules.map((joined) => (joined === '' ? [] : joined.split(','))),
    tasksFinished: run.tasksFinished, plannerTimesMs: run.planMs, plannerErrors: run.plannerErrors, scheduleErrors: run.scheduleErrors, timeoutCount: run.timeoutCount,
  });
}
