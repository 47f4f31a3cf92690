/**
 * A lifelong League of Robot Runners run as the Start-Kit's output file (version "2024 LoRR",
 * Input_Output_Format.md "Output File"; what PlanViz's run.py opens for 2024, its
 * PlanConfig2024): `actionModel` "MAPF_T", `start` [row, column, "E"] (every robot starts facing
 * east), `actualPaths`/`plannerPaths` as comma-joined F/R/C/W (T for a timeout step in the
 * planner's paths, W in the actual ones), `tasks` [id, release step, [row, column, ...]],
 * `events` [step, robot, task id, errands done], `actualSchedule`/`plannerSchedule` per robot
 * "step:task,...", `numTaskFinished`, `plannerTimes` in seconds. Robots are numbered from 0 as
 * the format does.
 */
import type { Grid } from '../grid/grid.ts';
import { ACTION_LETTERS } from '../grid/headings.ts';

export interface LifelongOutputInput {
  grid: Grid;
  starts: Int32Array;
  steps: number;
  /** actions[t * robots + r], core/grid/headings.ts ACTION_* codes. */
  actions: Uint8Array;
  /** 1 where step t was a timeout (everyone waited). */
  timeouts: Uint8Array;
  /** Revealed tasks: id, reveal step and errand cells. */
  tasks: { id: number; step: number; errands: ArrayLike<number> }[];
  /** Flat (step, robot, task id, errands done) quadruples. */
  events: readonly number[];
  /** Per robot, "step:taskId" changes of its assignment. */
  schedules: readonly (readonly string[])[];
  tasksFinished: number;
  plannerTimesMs: ArrayLike<number>;
  plannerErrors: number;
  scheduleErrors: number;
  timeoutCount: number;
}

export function lorrLifelongDocument(input: LifelongOutputInput): Record<string, unknown> {
  const { grid, starts, steps, actions, timeouts } = input;
  const robots = starts.length;
  const actual: string[] = [];
  const planned: string[] = [];
  for (let r = 0; r < robots; r++) {
    const a: string[] = [];
    const p: string[] = [];
    for (let t = 0; t < steps; t++) {
      const letter = ACTION_LETTERS[actions[t * robots + r]];
      a.push(timeouts[t] === 1 ? 'W' : letter);
      p.push(timeouts[t] === 1 ? 'T' : letter);
    }
    actual.push(a.join(','));
    planned.push(p.join(','));
  }
  // A robot never given a task still gets an entry: PlanViz reads every one as "step:task" pairs
  // (an empty string is no pair it can read); task -1 is "none", which it skips.
  const schedules = Array.from({ length: robots }, (_, r) => (input.schedules[r]?.length ? input.schedules[r].join(',') : '0:-1'));
  const events: [number, number, number, number][] = [];
  for (let i = 0; i + 3 < input.events.length; i += 4) events.push([input.events[i], input.events[i + 1], input.events[i + 2], input.events[i + 3]]);
  return {
    actionModel: 'MAPF_T',
    version: '2024 LoRR',
    teamSize: robots,
    numTaskFinished: input.tasksFinished,
    makespan: steps,
    numPlannerErrors: input.plannerErrors,
    numScheduleErrors: input.scheduleErrors,
    numEntryTimeouts: input.timeoutCount,
    start: Array.from(starts, (cell) => [grid.y(cell), grid.x(cell), 'E']),
    actualPaths: actual,
    plannerPaths: planned,
    plannerTimes: Array.from(input.plannerTimesMs, (ms) => ms / 1000),
    errors: [],
    actualSchedule: schedules,
    plannerSchedule: schedules,
    scheduleErrors: [],
    events,
    tasks: input.tasks.map((task) => [task.id, task.step, Array.from(task.errands).flatMap((cell) => [grid.y(cell), grid.x(cell)])]),
  };
}
