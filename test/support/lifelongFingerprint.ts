/**
 * A lifelong (League of Robot Runners) run reduced to what must not change when the runner's loop
 * is rebuilt: tasks and errands finished, tasks finished at each step, the steps lost to the
 * per-step limit, the refused steps, the robots' waits, moves and turns, the scheduler's counts,
 * digests of every action, task event and final cell, and the turning validator's verdict on the
 * recorded paths. Clocks are the caller's: a frozen clock (or one only a test planner advances)
 * makes every deadline in the scheduler and the planners fall the same way on every run.
 */
import type { LorrProblem } from '../../core/formats/lorrProblem.ts';
import type { LifelongRunResult } from '../../core/solvers/lifelong/index.ts';
import { validateLifelongRecord } from '../../core/solvers/lifelong/recordPaths.ts';

export interface LifelongFingerprint {
  status: string;
  steps: number;
  tasksFinished: number;
  errandsDone: number;
  /** Tasks finished at each step, comma-separated. */
  finishedPerStep: string;
  timeouts: number;
  plannerErrors: number;
  scheduleErrors: number;
  /** Robot-steps waiting, moving forward, turning. */
  waits: number;
  forwards: number;
  turns: number;
  /** The planner's and scheduler's counters, those not measured in milliseconds. */
  counts: Record<string, number>;
  /** FNV-1a digests (hex) of the actions, the timeout steps, the task events (reveals too), the robots' schedules and the final cells and headings. */
  actions: string;
  timeoutSteps: string;
  events: string;
  schedules: string;
  final: string;
  /** The turning validator's verdict on the recorded paths. */
  valid: boolean;
}

/** FNV-1a over 32-bit values, as 8 hex digits. */
export function digest(...arrays: ArrayLike<number>[]): string {
  let h = 0x811c9dc5;
  for (const values of arrays) {
    for (let i = 0; i < values.length; i++) {
      let v = values[i] | 0;
      for (let b = 0; b < 4; b++) {
        h ^= v & 0xff;
        h = Math.imul(h, 0x01000193);
        v >>>= 8;
      }
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The run's fingerprint (the run must be recorded: options.record). */
export function fingerprint(problem: LorrProblem, result: LifelongRunResult): LifelongFingerprint {
  const m = result.measures;
  const record = result.record;
  if (!record) throw new Error('fingerprint needs a recorded run');
  const robotSteps = m.robots * m.steps;
  const { verdict } = validateLifelongRecord(problem.grid, problem.starts, record, m.steps, 5);
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(m.plannerStats).sort(([a], [b]) => (a < b ? -1 : 1))) if (!key.endsWith('Ms')) counts[key] = value;
  return {
    status: result.status,
    steps: m.steps,
    tasksFinished: m.tasksFinished,
    errandsDone: m.errandsDone,
    finishedPerStep: Array.from(m.finishedPerStep).join(','),
    timeouts: m.timeouts,
    plannerErrors: m.plannerErrors,
    scheduleErrors: m.scheduleErrors,
    waits: Math.round(m.waitShare * robotSteps),
    forwards: Math.round(m.forwardShare * robotSteps),
    turns: Math.round(m.turnShare * robotSteps),
    counts,
    actions: digest(record.actions.subarray(0, robotSteps)),
    timeoutSteps: digest(record.timeouts.subarray(0, m.steps)),
    events: digest(record.pool.events ?? [], record.pool.revealed ?? []),
    schedules: digest(Array.from((record.pool.schedules ?? []).join(';'), (c) => c.charCodeAt(0))),
    final: digest(result.locations, result.headings),
    valid: verdict.valid,
  };
}
