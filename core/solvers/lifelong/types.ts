import type { MapGraph } from './mapGraph.ts';
import type { TaskPool } from './taskPool.ts';

/**
 * What a lifelong planner sees and returns each step (the League of Robot Runners' planner
 * interface, Start-Kit 2024 inc/SharedEnv.h, reduced to what planners read): robots' cells and
 * headings, and each robot's goal, the next errand of its task (-1 without a task).
 */
export interface LifelongWorld {
  step: number;
  locations: Int32Array;
  /** 0 east, 1 south, 2 west, 3 north (core/grid/headings.ts). */
  headings: Uint8Array;
  goals: Int32Array;
}

export interface LifelongPlanner {
  readonly name: string;
  /**
   * Writes one action per robot (core/grid/headings.ts ACTION_*) into `actions`, finishing by
   * `deadline` on the `now` clock (milliseconds). The actions must be conflict-free; a step that
   * is not is played as every robot waiting.
   */
  plan(world: LifelongWorld, actions: Uint8Array, deadline: number, now: () => number): void;
  /** Counters for the measures (searches, expansions, pushes...). */
  stats(): Record<string, number>;
}

/**
 * The League's other track: a task scheduler (Start-Kit 2024 inc/TaskScheduler.h). Each step it
 * proposes a task slot per robot; the planner sees only the goals that follow. The pool
 * (taskPool.ts) refuses a proposal that breaks its rules: one task to two robots, a task not open,
 * or a task taken from a robot that has reached its first errand.
 */
export interface LifelongScheduler {
  readonly name: string;
  /** Takes in the pool's newly freed robots and newly revealed tasks (once per update, before `schedule`). */
  observe(): void;
  /** Fills `proposed` (a slot or -1 per robot) with the robots at `locations`, finishing by `deadline` on the `now` clock. */
  schedule(proposed: Int32Array, locations: Int32Array, deadline: number, now: () => number): void;
  /** Counters for the measures (robots assigned, cells searched...). */
  stats(): Record<string, number>;
}

export type SchedulerFactory = (graph: MapGraph, pool: TaskPool) => LifelongScheduler;
