/**
 * The League of Robot Runners' tasks as a change of the world in the turn loop
 * (core/simulation/turnLoop.ts), as a stream's unit gets its next errand on arrival: at the start
 * of a step the scheduler proposes a task per robot and each robot's goal becomes its proposed
 * task's next errand; after the moves the proposal is applied, the errands reached are done, the
 * tasks finished are counted and new tasks are revealed, and the scheduler is told what changed.
 * This is the Start-Kit's order (src/CompetitionSystem.cpp `simulate`: the scheduler's proposal
 * with the plan, then the task manager's update after the move). The scheduler's time counts in
 * the step's: it may take the first 30% of the step's limit, the planner the step up to 80%.
 */
import type { TurnStage } from '../../simulation/turnLoop.ts';
import type { MapGraph } from './mapGraph.ts';
import type { TaskPool } from './taskPool.ts';
import type { LifelongScheduler, SchedulerFactory } from './types.ts';

/** The scheduler's share of a step's time limit. */
export const SCHEDULE_SHARE = 0.3;

export class TaskStage implements TurnStage {
  readonly scheduler: LifelongScheduler;
  /** Per robot: the task slot the scheduler proposes (-1: none). */
  readonly proposed: Int32Array;
  /** Tasks the last step's moves finished. */
  finished = 0;
  /** The longest the scheduler took in a step, on the run's clock. */
  maxScheduleMs = 0;

  constructor(
    graph: MapGraph,
    private readonly pool: TaskPool,
    /** The robots' cells, as the run moves them. */
    private readonly locations: Int32Array,
    /** Written each step: each robot's goal, its proposed task's next errand (-1 without a task). */
    private readonly goals: Int32Array,
    private readonly stepLimitMs: number,
    private readonly now: () => number,
    makeScheduler: SchedulerFactory,
  ) {
    this.proposed = new Int32Array(locations.length).fill(-1);
    pool.reveal(0);
    this.scheduler = makeScheduler(graph, pool);
    this.scheduler.observe();
  }

  /** The scheduler proposes, within its share of the step; the robots' goals follow the proposal. */
  change(_t: number, turnStart: number): void {
    const { scheduler, proposed, pool, goals } = this;
    scheduler.schedule(proposed, this.locations, turnStart + this.stepLimitMs * SCHEDULE_SHARE, this.now);
    this.maxScheduleMs = Math.max(this.maxScheduleMs, this.now() - turnStart);
    for (let r = 0; r < goals.length; r++) goals[r] = proposed[r] >= 0 ? pool.errand(proposed[r]) : -1;
  }

  /** After step t's moves (at time t + 1): the proposal applies, errands reached are done, new tasks are revealed. */
  moved(t: number): void {
    const { pool } = this;
    pool.applySchedule(this.proposed, t + 1);
    this.finished = pool.checkErrands(this.locations, t + 1);
    pool.reveal(t + 1);
    this.scheduler.observe();
  }
}
