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
