/**
 * The turn simulator: runs any TurnController turn by turn and measures it the way Silver's
 * experiment does (Silver 2005, "Experimental Results"): an agent succeeds if it is on its
 * destination when the run ends, within the turn limit (100 there), and never collided.
 * More on this in README.md, "simulator.ts".
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { AgentTask } from '../mapf/instance.ts';
import { checkInstance } from '../mapf/instance.ts';
import { type ConflictRules, DEFAULT_RULES } from '../mapf/validator.ts';
import type { ControllerFactory, ControllerOptions, TurnController, WorldView } from '../contract/controller.ts';
import { type MapEvent, checkMapEvents } from '../mapf/mapEvents.ts';
import { lowerBounds, summarizeRun } from './metrics.ts';
import { type Collision, MoveResolver } from './moveResolver.ts';
import { replayPaths, validateReplay } from '../contract/replay.ts';
import { PlanWindowRecorder } from '../contract/planWindows.ts';
import type { MovingObstacle } from '../mapf/obstacles.ts';
import { type Clock, Deadline, WALL_CLOCK } from '../util/clock.ts';
import type { ObstacleRepair } from '../contract/obstacleRepair.ts';
import { TurnRecord } from './turnRecord.ts';
import { RunUnits } from './runUnits.ts';
import { StreamStage } from './streamStage.ts';
import { type Streams, hasStreams } from '../mapf/streams.ts';
import { ABSENT } from '../mapf/plan.ts';
import { RebuildController } from './rebuildController.ts';
import { DoorStage, ObstacleStage, type WorldStage } from './worldStages.ts';
import type { SimulationResult, SimulationStatus } from './simulationResult.ts';
import { type TurnLoop, playTurns } from './turnLoop.ts';
import { GridlockWatch, gridlockWords } from './gridlock.ts';
import { arrivalTurns } from '../planning/progressWatch.ts';

export const DEFAULT_TURN_LIMIT = 100;

export interface SimulationOptions {
  /** Turns the run may take (default 100, Silver's limit). */
  turnLimit?: number;
  /**
   * Budget on `clock` for the whole run: the lower bounds when the simulator computes them (a
   * search per unit: 1,000 units on den520d take seconds), init and all turns. Checked between units there, between turns and, through
   * WorldView.interrupted, by the controller between agents in init and in each turn; a turn cut
   * short is not played. The overrun is at most one agent's search (one turn for a controller
   * that does not ask).
   */
  timeLimitMs?: number;
  /** Polled as the time limit is; true stops the run with 'cancelled'. */
  shouldStop?: () => boolean;
  mapEvents?: readonly MapEvent[];
  rules?: ConflictRules;
  /** Precomputed no-other-agents bounds (an experiment shares them between solvers); computed if absent. */
  lowerBounds?: Float64Array;
  /** Initial planning time measured outside (an offline solver's solve time); replaces init's. */
  initMs?: number;
  /** Expansions done outside (an offline solver's search), added to the controller's. */
  initExpanded?: number;
  /** Run the plan validator on the replay at the end (default true). */
  validate?: boolean;
  /**
   * The run's clock (core/util/clock.ts, default the wall clock): the time limit is counted on
   * it and the init and turn times are measured on it. A run on the 'cpu' clock (the solving
   * thread's CPU time) or a benchmark on a shared machine passes a CPU-time clock so that other
   * processes neither use up the limit nor inflate the figures.
   */
  clock?: Clock;
  /**
   * Record every plan the controller adopts (its windows and reserved cells) into replay.windows,
   * for the replay player's overlay. Off by default: experiments do not pay for it.
   */
  recordPlans?: boolean;
  /** Moving obstacles: the controller must take them (TurnController.setObstacleRepair). */
  obstacles?: readonly MovingObstacle[];
  /** How the controller repairs its plans among them (default: recalc when blocked and when a plan's cell closes). */
  obstacleRepair?: ObstacleRepair;
  /**
   * Streams: spawners, exits and errands (core/mapf/streams.ts). The run then ends at the turn
   * limit or when nothing more will come or move; units that are not on the map are ABSENT in the
   * replay. The controller must take them (TurnController.unitsChanged; runController rebuilds one that does not).
   */
  streams?: Streams;
  /** Seed of the draws placed units make from regions and task lists (default 1). */
  streamSeed?: number;
}

export interface SimulationWorld {
  grid: Grid;
  movement: Movement;
  agents: readonly AgentTask[];
}

/** Builds the controller on a private copy of the grid when map events will edit it, then simulates. */
export function runController(instance: SimulationWorld, factory: ControllerFactory, controllerOptions: ControllerOptions, options: SimulationOptions = {}): SimulationResult {
  const world = options.mapEvents && options.mapEvents.length > 0 ? { ...instance, grid: instance.grid.clone() } : instance;
  // The factory sees the map without obstacles; the simulator gives init and step the live map.
  let controller = factory(world, controllerOptions);
  // In a stream, a controller that does not take changing units is built again at each change.
  // Among moving obstacles too: the obstacle repair keeps per-unit state of its own (Patel's
  // counts) that does not follow units coming and going, so the controller is rebuilt there.
  const amongObstacles = options.obstacles !== undefined && options.obstacles.length > 0;
  if (hasStreams(options.streams) && (!controller.unitsChanged || amongObstacles)) controller = new RebuildController(world, factory, controllerOptions);
  return simulate(world, controller, options, instance.grid);
}

/**
 * Runs `controller` on `world`. `initialGrid` is the map before any event (for validation);
 * it defaults to a copy of world.grid taken before the run starts.
 *
 * A turn is the same short sequence for every solver and every kind of change (turnLoop.ts, the
 * loop the League of Robot Runners' robots run in too): the world changes (worldStages.ts: doors,
 * obstacles; streamStage.ts: arrivals and departures), the controller plans, the moves are
 * resolved (the stages' refusals, then the move resolver), the moves are made and recorded
 * (turnRecord.ts).
 */
export function simulate(world: SimulationWorld, controller: TurnController, options: SimulationOptions = {}, initialGrid?: Grid): SimulationResult {
  const { grid, movement, agents } = world;
  checkInstance({ grid, movement, agents: agents as AgentTask[] });
  const mapEvents = options.mapEvents ?? [];
  checkMapEvents(grid, mapEvents);
  const turnLimit = options.turnLimit ?? DEFAULT_TURN_LIMIT;
  if (!Number.isInteger(turnLimit) || turnLimit < 0) throw new RangeError(`turn limit must be a whole number >= 0, got ${turnLimit}`);
  const before = initialGrid ?? (mapEvents.length > 0 ? grid.clone() : grid);
  const rules = options.rules ?? DEFAULT_RULES;
  const clock = options.clock ?? WALL_CLOCK;

  const streaming = hasStreams(options.streams);
  const units = new RunUnits(agents, grid.cells, streaming);
  const record = new TurnRecord(units.agents, grid.cells, turnLimit, streaming);
  // The limit bounds the run as its caller waits for it, the lower bounds too when they are
  // computed here (they are measurement, but 1,000 units on den520d took seconds past a limit);
  // an experiment computes them once per instance, outside its runs, and passes them in.
  const deadline = new Deadline(clock, options.timeLimitMs);
  let setupStop: 'cancelled' | 'timeout' | null = null;
  record.metrics.lowerBound.set(options.lowerBounds ?? lowerBounds(grid, movement, agents, () => {
    setupStop = options.shouldStop?.() ? 'cancelled' : deadline.passed() ? 'timeout' : null;
    return setupStop !== null;
  }));
  /** Why the run must stop now, if it must: cancelled, or past its time limit. */
  const stopReason = (): 'cancelled' | 'timeout' | null => (options.shouldStop?.() ? 'cancelled' : deadline.passed() ? 'timeout' : null);
  const stopMessage = (reason: 'cancelled' | 'timeout', when: string): string =>
    reason === 'cancelled' ? `cancelled ${when}` : `${deadline.words()} reached ${when}`;
  let status: SimulationStatus | undefined;
  let message: string | undefined;

  const view = { t: 0, grid, movement, agents: units.agents, positions: units.positions } as { -readonly [K in keyof WorldView]: WorldView[K] } & { t: number };
  const run = {
    grid, controller, record, view,
    get agents() { return units.agents; },
    get positions() { return units.positions; },
    get next() { return units.next; },
    get occupancy() { return units.occupancy; },
  };
  const obstacles = options.obstacles && options.obstacles.length > 0 ? new ObstacleStage(run, options.obstacles, options.obstacleRepair) : null;
  const stream = streaming ? new StreamStage({ units, record, controller, view, live: () => view.grid, setPositions: (p) => (view.positions = p) }, options.streams!, options.streamSeed ?? 1) : null;
  if (stream) view.exits = stream.exitView;
  // Doors first (a door does not close on an obstacle), then obstacles step on the map as it is, then units come and go.
  const stages: WorldStage[] = [new DoorStage(run, mapEvents, obstacles), ...(obstacles ? [obstacles] : []), ...(stream ? [stream] : [])];
  view.interrupted = (): boolean => stopReason() !== null;
  if (obstacles) {
    view.grid = obstacles.motion.live;
    view.staticGrid = grid;
    view.obstacles = obstacles.motion;
  }
  record.start(units.positions);

  // Attached before init, which plans CA* and HCA* whole and WHCA*'s first windows.
  const planRecorder = options.recordPlans && controller.recordPlans && !streaming ? new PlanWindowRecorder(agents.length, controller.window ?? 0) : null;
  if (planRecorder) controller.recordPlans!(planRecorder);

  const initStart = clock();
  if (setupStop !== null) {
    // Stopped measuring the lower bounds: no plan was made, no turn is played.
    status = setupStop;
    message = stopMessage(setupStop, 'while measuring the lower bounds');
  } else {
    controller.init(view);
  }
  const initMs = options.initMs ?? clock() - initStart;
  let reservationsMax = controller.counters().reservations;
  const afterInit = status === undefined ? stopReason() : null;
  if (afterInit !== null) {
    // The controller may have stopped part-way through its plans: no turn is played.
    status = afterInit;
    message = stopMessage(afterInit, 'during initial planning');
  }

  const resolver = new MoveResolver(grid.cells);
  const gridlockWatch = new GridlockWatch(grid, movement, streaming ? arrivalTurns(grid.width, grid.height) : 0);
  const turnMs: number[] = [];
  const turns: TurnLoop = {
    clock,
    world: stages,
    begin(t) {
      // A batch ends when every unit is home; a stream when nothing more will come or move.
      if (stream ? t > 0 && stream.done() : allAtGoal(units.positions, agents)) return false;
      const waiting = stopReason();
      if (waiting !== null) {
        status = waiting;
        message = stopMessage(waiting, `at turn ${t}`);
        return false;
      }
      view.t = t;
      return true;
    },
    plan(t, turnStart) {
      units.next.set(units.positions);
      controller.step(view, units.next, record.emit);
      // The turn's time: the world's changes and the controller's plan.
      turnMs.push(clock() - turnStart);
      const during = stopReason();
      if (during !== null) {
        // The controller may have left agents unplanned this turn: it is not played.
        status = during;
        message = stopMessage(during, `during turn ${t}`);
        return -1;
      }
      reservationsMax = Math.max(reservationsMax, controller.counters().reservations);
      return 0;
    },
    resolve(t) {
      resolver.resolve(grid, movement, rules, t, units.positions, units.next, record.reportCollision);
    },
    move(t) {
      record.moves(t, units.positions, units.next);
      units.makeMoves();
    },
    measure(t) {
      record.state(t, units.positions);
      gridlockWatch.observe(t + 1, units.positions, units.agents);
      return true;
    },
  };
  const t = status === undefined ? playTurns(turns, turnLimit) : 0;
  view.t = t;

  const n = units.count;
  const positions = units.positions;
  const { metrics, collisions } = record;
  const replay = record.finish(grid.width, grid.height);
  for (let a = 0; a < n; a++) metrics.success[a] = (positions[a] === units.agents[a].goal || (stream !== null && positions[a] === ABSENT)) && metrics.collisions[a] === 0 ? 1 : 0;
  const counters = controller.counters();
  if (planRecorder) {
    controller.recordPlans!(null);
    replay.windows = planRecorder.finish();
  }
  const turnArray = Float64Array.from(turnMs);
  const runMetrics = summarizeRun(metrics, t, turnArray, initMs, counters.expanded + (options.initExpanded ?? 0), reservationsMax, collisions.length);
  runMetrics.overrides = record.overrides;
  const gridlock = status === undefined || status === 'failed' ? gridlockWatch.report(t, positions, units.agents) : null;
  if (status === undefined) {
    // A stream has no end state to reach: it solved when it ran without a collision (its measures
    // say how well) and its units kept moving.
    if (gridlock === null && (stream ? collisions.length === 0 : runMetrics.successes === n)) status = 'solved';
    else {
      status = 'failed';
      const why = stream && collisions.length === 0 ? null : failure(n, runMetrics.successes, t, n - countAtGoal(positions, units.agents), collisions);
      message = [gridlock === null ? null : gridlockWords(gridlock, grid), why].filter((part) => part !== null).join('; ');
    }
  }
  const paths = replayPaths(replay);
  const validation = options.validate === false ? undefined : validateReplay({ grid: before, movement, agents: units.agents }, replay, { rules });
  const result: SimulationResult = { status, message, paths, agents: metrics, run: runMetrics, turnMs: turnArray, collisions, replay, validation };
  if (stream) result.units = units.agents;
  if (gridlock !== null) result.gridlock = gridlock;
  for (const stage of stages) stage.finish?.(result);
  return result;
}

/** Why a run that ended without every unit home failed, in one line. */
function failure(n: number, successes: number, turns: number, away: number, collisions: readonly Collision[]): string {
  const parts = [`${n - successes} of ${n} agents failed after ${turns} turns`];
  if (away > 0) parts.push(`${away} not on their goal`);
  if (collisions.length > 0) parts.push(`${collisions.length} collisions (first: ${collisions[0].rule} of unit ${collisions[0].agents.map((a) => a + 1).join(' and ')} at t=${collisions[0].t})`);
  return parts.join('; ');
}

function allAtGoal(positions: Int32Array, agents: readonly AgentTask[]): boolean {
  for (let a = 0; a < agents.length; a++) if (positions[a] !== agents[a].goal) return false;
  return true;
}

function countAtGoal(positions: Int32Array, agents: readonly AgentTask[]): number {
  let count = 0;
  for (let a = 0; a < agents.length; a++) if (positions[a] === agents[a].goal) count++;
  return count;
}
