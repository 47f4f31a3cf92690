/**
 * Runs a League of Robot Runners problem step by step, as the Start-Kit's simulator does
 * (src/CompetitionSystem.cpp `simulate`, src/Simulator.cpp, src/ActionModel.cpp): each step the
 * scheduler proposes tasks, the planner answers one action per robot, the actions are checked
 * (a move off the map or into a wall, two robots on one cell, two robots swapping: the whole step
 * is played as waits) and played, then the proposal is applied, errands reached are done and new
 * tasks revealed. The step's time is measured on the caller's clock: a step whose planning takes
 * k whole per-step limits costs k extra steps in which every robot waits, as the League's timeout
 * rule does (its late plan is then played).
 */
import type { LorrProblem } from '../../formats/lorrProblem.ts';
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD, ACTION_WAIT } from '../../grid/headings.ts';
import { MapGraph } from './mapGraph.ts';
import { DefaultScheduler } from './scheduler.ts';
import { TaskPool } from './taskPool.ts';
import type { LifelongPlanner, LifelongWorld } from './types.ts';
import { type LifelongMeasures, summarise } from './measures.ts';

export interface LifelongRunOptions {
  /** Steps to simulate. */
  steps: number;
  /** Planning time a step may take on `now`'s clock, in milliseconds (LoRR: 1000). */
  stepLimitMs: number;
  /** The clock, in milliseconds (CPU time in the benchmark; wall time by default). */
  now?: () => number;
  /** Keep every action and task event (for the LoRR output file and the plan validator). */
  record?: boolean;
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

export function runLifelong(problem: LorrProblem, makePlanner: PlannerFactory, options: LifelongRunOptions): LifelongRunResult {
  const now = options.now ?? (() => performance.now());
  const robots = problem.teamSize;
  const steps = options.steps;
  const limit = options.stepLimitMs;
  const prepStart = now();
  const graph = new MapGraph(problem.grid);
  const pool = new TaskPool(problem.tasks, robots, problem.revealedTasks);
  if (options.record) pool.record();
  pool.reveal(0);
  const scheduler = new DefaultScheduler(graph, pool);
  scheduler.observe();
  const planner = makePlanner(graph, robots);
  const preprocessMs = now() - prepStart;

  const locations = problem.starts.slice(0, robots);
  const headings = new Uint8Array(robots); // every robot starts facing east (Start-Kit CompetitionSystem.h)
  const goals = new Int32Array(robots).fill(-1);
  const proposed = new Int32Array(robots).fill(-1);
  const actions = new Uint8Array(robots);
  const world: LifelongWorld = { step: 0, locations, headings, goals };
  const occupied = new Int32Array(graph.cells).fill(-1);

  const finishedPerStep = new Int32Array(steps);
  const planMs: number[] = [];
  const waitHeat = new Int32Array(graph.cells);
  const record: LifelongRecord | null = options.record ? { actions: new Uint8Array(steps * robots), timeouts: new Uint8Array(steps), pool } : null;
  let waits = 0;
  let forwards = 0;
  let turns = 0;
  let timeouts = 0;
  let plannerErrors = 0;
  let maxScheduleMs = 0;
  let status: LifelongRunResult['status'] = 'finished';

  let t = 0;
  while (t < steps) {
    const start = now();
    scheduler.locations = locations;
    scheduler.schedule(proposed, start + limit * 0.3, now);
    maxScheduleMs = Math.max(maxScheduleMs, now() - start);
    for (let r = 0; r < robots; r++) goals[r] = proposed[r] >= 0 ? pool.errand(proposed[r]) : -1;
    world.step = t;
    actions.fill(ACTION_WAIT);
    planner.plan(world, actions, start + limit * 0.8, now);
    const elapsed = now() - start;
    planMs.push(elapsed);
    // Whole limits missed: that many steps of everyone waiting before the plan lands.
    const missed = Math.floor(elapsed / limit);
    for (let k = 0; k < missed && t < steps; k++, t++) {
      timeouts++;
      waits += robots;
      for (let r = 0; r < robots; r++) waitHeat[locations[r]]++;
      if (record) record.timeouts[t] = 1;
    }
    if (t >= steps) break;
    if (!validActions(graph, locations, headings, actions, occupied)) {
      plannerErrors++;
      actions.fill(ACTION_WAIT);
    }
    for (let r = 0; r < robots; r++) {
      const a = actions[r];
      if (a === ACTION_FORWARD) {
        locations[r] = forwardOf(locations[r], headings[r], graph.width);
        forwards++;
      } else if (a === ACTION_CLOCKWISE) {
        headings[r] = (headings[r] + 1) & 3;
        turns++;
      } else if (a === ACTION_COUNTER) {
        headings[r] = (headings[r] + 3) & 3;
        turns++;
      } else {
        waits++;
        waitHeat[locations[r]]++;
      }
    }
    if (record) record.actions.set(actions, t * robots);
    t++;
    pool.applySchedule(proposed, t);
    finishedPerStep[t - 1] = pool.checkErrands(locations, t);
    pool.reveal(t);
    scheduler.observe();
    if (options.onStep?.(t, pool.finished) === true) {
      status = 'cancelled';
      break;
    }
  }
  const measures = summarise({
    robots, steps: t, finishedPerStep: finishedPerStep.subarray(0, t), planMs, preprocessMs, waits, forwards, turns, timeouts, plannerErrors,
    scheduleErrors: pool.scheduleErrors, errands: pool.errandsDone, waitHeat, stepLimitMs: limit,
    plannerStats: { ...planner.stats(), maxScheduleMs, scheduledRobots: scheduler.assigned, schedulerCellsSearched: scheduler.visited },
  });
  return { status, measures, record, locations, headings };
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
