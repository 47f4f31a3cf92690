/**
 * The contract between the turn simulator and the solvers it runs (Silver, "Cooperative
 * Pathfinding", AIIDE 2005: units move one turn at a time and planners may replan between turns).
 *
 * The simulator owns the world: positions, the clock, the map and its timed events. Each turn it
 * asks the controller for every agent's next cell, executes the moves, and records collisions,
 * waits, cycles and events. Offline solvers (CA*, HCA*, the optimal solvers) plan everything in
 * `init` and replay their plan from `step`; online solvers (LRA*, WHCA*) plan in `step`.
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { AgentTask } from '../mapf/instance.ts';
import type { PlanSink } from './planWindows.ts';
import type { ObstacleCounts, ObstacleMoves, ObstacleRepair, ObstacleView } from './obstacleRepair.ts';

/** What a controller may read of the world at the start of turn `t`. */
export interface WorldView {
  /** The current turn: positions are those at time t; step() returns positions for t + 1. */
  readonly t: number;
  /** Live grid: timed map events edit it (and bump grid.version) between turns. */
  readonly grid: Grid;
  readonly movement: Movement;
  readonly agents: readonly AgentTask[];
  /** Each agent's cell at time t. Read-only for controllers. */
  readonly positions: Int32Array;
  /**
   * True once the run's time limit has passed or it was cancelled (the simulator's). A
   * controller asks between agents, in init and in step, and returns at once when it is true,
   * leaving the agents it has not planned to wait: the run then ends with 'timeout' or
   * 'cancelled', so the overrun is at most one agent's search. Absent: never interrupted.
   */
  readonly interrupted?: () => boolean;
  /**
   * Among moving obstacles, the map without them (timed events applied): `grid` is then the live
   * map, with the cells obstacles hold closed. Heuristics read this one, so they stay admissible
   * (an obstacle only ever blocks) and need no restart each time an obstacle steps. Absent: `grid`.
   */
  readonly staticGrid?: Grid;
  /** Among moving obstacles, where they stand and their timetables. */
  readonly obstacles?: ObstacleView;
  /**
   * In a stream: which exit each unit is heading for. A unit leaves on arriving at any cell of its
   * exit (its goal is the nearest one free when it was sent), so a controller may lead it to
   * whichever is nearest: PIBT keeps one distance table per exit instead of one per unit.
   */
  readonly exits?: StreamExitView;
}

export interface StreamExitView {
  /** The exit unit a is heading for (its index), -1 when its goal is one cell. */
  of(a: number): number;
  /** Each exit's cells. */
  readonly cells: readonly (readonly number[])[];
}

/** For a WorldView without `interrupted`. */
export const NEVER_INTERRUPTED = (): boolean => false;

export type TurnEventKind = 'replan' | 'wait' | 'arrival' | 'collision' | 'priority-override' | 'promotion' | 'map-change';

export interface TurnEvent {
  kind: TurnEventKind;
  t: number;
  agent: number;
  /** Other agents involved (the overridden unit, the one collided with …). */
  others?: number[];
  cell?: number;
  detail?: string;
}

/**
 * A stream's changes at the start of a turn, by unit index: units that appeared (world.agents
 * grew; they stand on their start), left the map (their position is ABSENT, -1) or got a new goal
 * (world.agents[a].goal, an errand).
 */
export interface UnitChanges {
  appeared: readonly number[];
  left: readonly number[];
  newGoal: readonly number[];
}

/** Counters a controller keeps; the simulator reads them after each turn. */
export interface ControllerCounters {
  /** Search nodes expanded so far, all searches included. */
  expanded: number;
  /** Current number of entries in the reservation table (0 if it has none). */
  reservations: number;
}

export interface TurnController {
  /** Plans before turn 0. Its duration is the run's "initial planning time". */
  init(world: WorldView): void;
  /**
   * Chooses every agent's cell at time t + 1 (its current cell to wait) and writes them into
   * `next`. Its duration is that turn's time. Events (replans, overrides …) go to `emit`.
   */
  step(world: WorldView, next: Int32Array, emit: (event: TurnEvent) => void): void;
  /** Told after timed map events changed `cells` (now in world.grid), before the next step. */
  mapChanged?(world: WorldView, cells: readonly number[]): void;
  counters(): ControllerCounters;
  /**
   * Optional: report every plan the controller adopts to `sink` (null stops). The simulator calls
   * it before init when a run records its plan windows; controllers without plans to show (LRA*'s
   * paths are not reservations) leave it out and the run has no windows.
   */
  recordPlans?(sink: PlanSink | null): void;
  /** The planning window w to record with the windows (0: plans run to the goal). */
  readonly window?: number;
  /**
   * Among moving obstacles: the rule that repairs plans, set before init. A controller
   * without these three does not take obstacles.
   */
  setObstacleRepair?(repair: ObstacleRepair): void;
  /** Obstacles stepped (before step(t)); world.grid already holds their cells at t + 1. */
  obstaclesMoved?(world: WorldView, moves: ObstacleMoves): void;
  /** Patel's per-unit measures among obstacles. */
  obstacleCounts?(): ObstacleCounts;
  /**
   * Streams: told before step(t) of the units that appeared, left or got a new goal (they plan
   * then). world.agents and world.positions have grown to the new units. A controller without it
   * is run in a stream by rebuilding it over the units on the map at each change
   * (core/simulation/rebuildController.ts).
   */
  unitsChanged?(world: WorldView, changes: UnitChanges): void;
}

/** Options every controller factory takes; solver-specific ones go in `params`. */
export interface ControllerOptions {
  seed: number;
  params: Record<string, unknown>;
}

export type ControllerFactory = (instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions) => TurnController;

/**
 * `factory`'s controllers, each turn's search work (its `expanded` counter across the step)
 * appended to `work`: the busiest turn in expansions does not move with the machine's load, as
 * its time does (bench:obstacles' "work from 10", the turn budget's tests).
 */
export function recordingTurnWork(factory: ControllerFactory, work: number[]): ControllerFactory {
  return (instance, options) => {
    const controller = factory(instance, options);
    const step = controller.step.bind(controller);
    controller.step = (view, next, emit) => {
      const before = controller.counters().expanded;
      step(view, next, emit);
      work.push(controller.counters().expanded - before);
    };
    return controller;
  };
}
