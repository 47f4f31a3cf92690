/**
 * Runs a League of Robot Runners problem step by step, as the Start-Kit's simulator does
 * (src/CompetitionSystem.cpp `simulate`, src/Simulator.cpp, src/ActionModel.cpp), on the turn
 * loop the simulator's runs share (core/simulation/turnLoop.ts): each step the scheduler proposes
 * tasks (the world's change, taskStage.ts), the planner answers one action per robot, the actions
 * are checked (a move off the map or into a wall, two robots on one cell, two robots swapping: the
 * whole step is played as waits) and played, then the proposal is applied, errands reached are
 * done and new tasks revealed, and the step is measured (measures.ts StepMeasures). The step's
 * time (scheduler and planner) is measured on the caller's clock: a step whose planning takes k
 * whole per-step limits costs k extra steps in which every robot waits, as the League's timeout
 * rule does (its late plan is then played).
 */
import type { LorrProblem } from '../../formats/lorrProblem.ts';
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD, ACTION_WAIT } from '../../grid/headings.ts';
import { MapGraph } from './mapGraph.ts';
import { TaskPool } from './taskPool.ts';
import { TaskStage } from './taskStage.ts';
import type { LifelongPlanner, LifelongWorld, SchedulerFactory } from './types.ts';
import { DefaultScheduler } from './scheduler.ts';
import { type LifelongMeasures, StepMeasures } from './measures.ts';
import { playTurns } from '../../simulation/turnLoop.ts';

export interface LifelongRunOptions {
  /** Steps to simulate. */
  steps: number;
  /** Planning time a step may take on `now`'s clock, in milliseconds (LoRR: 1000). */
  stepLimitMs: number;
  /** The clock, in milliseconds (CPU time in the benchmark; wall time by default). */
  now?: () => number;
  /** Keep every action and task event (for the LoRR output file and the plan validator). */
  record?: boolean;
  /** The task scheduler (default: the Start-Kit's greedy one, scheduler.ts). */
  scheduler?: SchedulerFactory;
  /** Called after each step; return true to stop early (cancel). */
  onStep?: (step: number, finished: number) => boolean | void;
}

export interface LifelongRecord {
  /** actions[t * robots + r]: robot r's action at step t (core/grid/headings.ts ACTION_*). */
  actions: Uint8Array;
  /** 1 where step t was a timeout (every robot waited, the planner's answer not yet in). */
  timeouts: Uint8Array;
  pool: TaskPool;
}

export interface LifelongRunResult {
  status: 'finished' | 'cancelled';
  measures: LifelongMeasures;
  record: LifelongRecord | null;
  /** Where the robots ended, and facing where. */
  locations: Int32Array;
  headings: Uint8Array;
}

export type PlannerFactory = (graph: MapGraph, robots: number) => LifelongPlanner;

/** The share of a step's limit the planner may plan until (from the step's start: the scheduler's share included). */
export const PLAN_SHARE = 0.8;

/**
 * Runs `problem` on the turn loop every run shares (core/simulation/turnLoop.ts): the tasks are
 * its change of the world (taskStage.ts), the planner plans under the step's limit, the League's
 * checks resolve the step, the actions are played and the step measured (StepMeasures).
 */
export function runLifelong(problem: LorrProblem, makePlanner: PlannerFactory, options: LifelongRunOptions): LifelongRunResult {
  const now = options.now ?? (() => performance.now());
  const robots = problem.teamSize;
  const steps = options.steps;
  const limit = options.stepLimitMs;
  const prepStart = now();
  const graph = new MapGraph(problem.grid);
  const pool = new TaskPool(problem.tasks, robots, problem.revealedTasks);
  if (options.record) pool.record();
  const locations = problem.starts.slice(0, robots);
  const headings = new Uint8Array(robots); // every robot starts facing east (Start-Kit CompetitionSystem.h)
  const goals = new Int32Array(robots).fill(-1);
  const tasks = new TaskStage(graph, pool, locations, goals, limit, now, options.scheduler ?? ((g, p) => new DefaultScheduler(g, p)));
  const planner = makePlanner(graph, robots);
  const preprocessMs = now() - prepStart;

  const actions = new Uint8Array(robots);
  const world: LifelongWorld = { step: 0, locations, headings, goals };
  const occupied = new Int32Array(graph.cells).fill(-1);
  const measures = new StepMeasures(robots, graph.cells, steps);
  const record: LifelongRecord | null = options.record ? { actions: new Uint8Array(steps * robots), timeouts: new Uint8Array(steps), pool } : null;
  let status: LifelongRunResult['status'] = 'finished';

  const played = playTurns({
    clock: now,
    world: [tasks],
    begin: () => true,
    plan(t, turnStart) {
      world.step = t;
      actions.fill(ACTION_WAIT);
      planner.plan(world, actions, turnStart + limit * PLAN_SHARE, now);
      const elapsed = now() - turnStart;
      measures.planned(elapsed);
      // Whole limits missed: that many steps of everyone waiting before the plan lands.
      return Math.floor(elapsed / limit);
    },
    lost(t) {
      measures.lost(locations);
      if (record) record.timeouts[t] = 1;
    },
    resolve() {
      // A step that breaks the League's rules is played whole as waits.
      if (validActions(graph, locations, headings, actions, occupied)) return;
      measures.plannerErrors++;
      actions.fill(ACTION_WAIT);
    },
    move(t) {
      playActions(actions, locations, headings, graph.width);
      if (record) record.actions.set(actions, t * robots);
    },
    measure(t) {
      measures.step(t, actions, locations, tasks.finished);
      if (options.onStep?.(t + 1, pool.finished) !== true) return true;
      status = 'cancelled';
      return false;
    },
  }, steps);
  const result = measures.summary(played, {
    preprocessMs, scheduleErrors: pool.scheduleErrors, errands: pool.errandsDone, stepLimitMs: limit,
    plannerStats: { ...planner.stats(), maxScheduleMs: tasks.maxScheduleMs, ...tasks.scheduler.stats() },
  });
  return { status, measures: result, record, locations, headings };
}

/** Plays one action per robot: forward one cell, turn a quarter, or wait. */
function playActions(actions: Uint8Array, locations: Int32Array, headings: Uint8Array, width: number): void {
  for (let r = 0; r < actions.length; r++) {
    const a = actions[r];
    if (a === ACTION_FORWARD) locations[r] = forwardOf(locations[r], headings[r], width);
    else if (a === ACTION_CLOCKWISE) headings[r] = (headings[r] + 1) & 3;
    else if (a === ACTION_COUNTER) headings[r] = (headings[r] + 3) & 3;
  }
}

function forwardOf(cell: number, heading: number, width: number): number {
  return heading === 0 ? cell + 1 : heading === 1 ? cell + width : heading === 2 ? cell - 1 : cell - width;
}

/** The League's checks (ActionModelWithRotate::is_valid): legal forward moves, no two robots on a cell, no swaps. */
export function validActions(graph: MapGraph, locations: Int32Array, headings: Uint8Array, actions: Uint8Array, occupied: Int32Array): boolean {
  const robots = locations.length;
  const w = graph.width;
  let ok = true;
  for (let r = 0; r < robots && ok; r++) {
    if (actions[r] !== ACTION_FORWARD) continue;
    const from = locations[r];
    const x = from % w;
    const h = headings[r];
    if ((h === 0 && x === w - 1) || (h === 2 && x === 0)) ok = false;
    const to = forwardOf(from, h, w);
    if (to < 0 || to >= graph.cells || graph.passable[to] === 0) ok = false;
  }
  if (!ok) return false;
  // Vertex conflicts: mark next cells.
  for (let r = 0; r < robots; r++) {
    const to = actions[r] === ACTION_FORWARD ? forwardOf(locations[r], headings[r], w) : locations[r];
    if (occupied[to] !== -1) ok = false;
    occupied[to] = r;
  }
  // Swaps: robot r moves onto s's cell while s moves onto r's. occupied[] holds who ends where;
  // a robot r ending on `to` while the robot that ends on r's cell started on `to`.
  if (ok) {
    for (let r = 0; r < robots && ok; r++) {
      if (actions[r] !== ACTION_FORWARD) continue;
      const s = occupied[locations[r]];
      if (s !== -1 && s !== r && actions[s] === ACTION_FORWARD && locations[s] === forwardOf(locations[r], headings[r], w)) ok = false;
    }
  }
  for (let r = 0; r < robots; r++) {
    occupied[actions[r] === ACTION_FORWARD ? forwardOf(locations[r], headings[r], w) : locations[r]] = -1;
  }
  return ok;
}
