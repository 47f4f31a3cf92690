/**
 * The turn simulator: runs any TurnController turn by turn and measures it the way Silver's
 * experiment does (seed 001, "Experimental Results"): an agent succeeds if it is on its
 * destination when the run ends, within the turn limit (100 there), and never collided.
 *
 * Each turn: apply the map events due, ask the controller for every agent's next cell (timed:
 * that is the turn's time), refuse and record illegal moves and collisions (MoveResolver, the
 * validator's rules), then update waits, cycles, arrivals and the replay. The run ends when every
 * agent stands on its goal, at the turn limit, at the time limit or when cancelled.
 *
 * The simulator edits `world.grid` when map events fire; callers that must keep their grid give
 * it a clone (runController does).
 *
 * Among moving obstacles (issue 12, seed 004) obstacles step at the start of each turn (after the
 * map events; one waits while a unit covers its next cell) and the controller, told what moved,
 * plans on the live map where the cells they hold are closed (obstacleMotion.ts). A unit moving
 * onto an obstacle is refused and recorded as a collision; the validator checks the units against
 * the obstacles' executed cells.
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { AgentTask } from '../mapf/instance.ts';
import { checkInstance } from '../mapf/instance.ts';
import { type ConflictRules, type ValidationResult, DEFAULT_RULES } from '../mapf/validator.ts';
import type { ControllerFactory, ControllerOptions, TurnController, TurnEvent, WorldView } from '../solvers/controller.ts';
import { type MapEvent, MapEventQueue, checkMapEvents } from '../mapf/mapEvents.ts';
import { type AgentMetrics, type RunMetrics, lowerBounds, newAgentMetrics, summarizeRun } from './metrics.ts';
import { type Collision, MoveResolver } from './moveResolver.ts';
import { type Replay, ReplayRecorder, replayPaths, validateReplay } from '../solvers/replay.ts';
import { PlanWindowRecorder } from '../solvers/planWindows.ts';
import { type MovingObstacle, obstacleViolations } from '../mapf/obstacles.ts';
import { DEFAULT_OBSTACLE_REPAIR, type ObstacleCounts, type ObstacleRepair } from '../solvers/obstacleRepair.ts';
import { ObstacleMotion } from './obstacleMotion.ts';
import { type Clock, Deadline, WALL_CLOCK } from '../util/clock.ts';

export const DEFAULT_TURN_LIMIT = 100;

export type SimulationStatus = 'solved' | 'failed' | 'timeout' | 'cancelled';

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
}

export interface SimulationResult {
  status: SimulationStatus;
  /** Why the run did not solve, in one line. */
  message?: string;
  /** Each agent's cells at t = 0 … turns. */
  paths: number[][];
  agents: AgentMetrics;
  run: RunMetrics;
  /** Time of every turn, in ms. */
  turnMs: Float64Array;
  collisions: Collision[];
  replay: Replay;
  /** The validator's verdict on the replay (collisions were refused, so it should be valid). */
  validation?: ValidationResult;
  /** Among moving obstacles: each one's anchor per turn as it moved, and the steps they put off for units. */
  obstaclePaths?: number[][];
  obstacleWaits?: number;
  obstacleSizes?: readonly number[];
  /** Seed 004's per-unit measures the controller kept among obstacles. */
  counts?: ObstacleCounts;
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
  return simulate(world, factory(world, controllerOptions), options, instance.grid);
}

/**
 * Runs `controller` on `world`. `initialGrid` is the map before any event (for validation);
 * it defaults to a copy of world.grid taken before the run starts.
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

  const n = agents.length;
  const cells = grid.cells;
  const metrics = newAgentMetrics(n);
  // The limit bounds the run as its caller waits for it, the lower bounds too when they are
  // computed here (they are measurement, but 1,000 units on den520d took seconds past a limit);
  // an experiment computes them once per instance, outside its runs, and passes them in.
  const deadline = new Deadline(clock, options.timeLimitMs);
  let setupStop: 'cancelled' | 'timeout' | null = null;
  metrics.lowerBound.set(options.lowerBounds ?? lowerBounds(grid, movement, agents, () => {
    setupStop = options.shouldStop?.() ? 'cancelled' : deadline.passed() ? 'timeout' : null;
    return setupStop !== null;
  }));
  const positions = new Int32Array(n);
  const next = new Int32Array(n);
  for (let a = 0; a < n; a++) positions[a] = agents[a].start;
  const recorder = new ReplayRecorder(n, turnLimit);
  const events = recorder.events;
  const collisions: Collision[] = [];
  const resolver = new MoveResolver(cells);
  const queue = new MapEventQueue(mapEvents);
  const occupancy = new Int32Array(cells).fill(-1);
  for (let a = 0; a < n; a++) occupancy[positions[a]] = a;
  // Cells each agent has stood on, keyed agent * cells + cell: a revisit is a cycle (seed 001).
  const visited = new Set<number>();
  for (let a = 0; a < n; a++) visited.add(a * cells + positions[a]);
  // Turn at which the controller itself reported a wait for the agent, so we do not log it twice.
  const waitReported = new Int32Array(n).fill(-1);
  const turnMs: number[] = [];
  let reservationsMax = 0;
  let overrides = 0;
  let status: SimulationStatus | undefined;
  let message: string | undefined;

  /** Why the run must stop now, if it must: cancelled, or past its time limit. */
  const stopReason = (): 'cancelled' | 'timeout' | null => (options.shouldStop?.() ? 'cancelled' : deadline.passed() ? 'timeout' : null);
  const interrupted = (): boolean => stopReason() !== null;
  const stopMessage = (reason: 'cancelled' | 'timeout', when: string): string =>
    reason === 'cancelled' ? `cancelled ${when}` : `${deadline.words()} reached ${when}`;
  // Moving obstacles: the cells each unit's footprint covers (right of way), and the live map.
  const sizes = agents.map((a) => a.size ?? 1);
  const covered = new Int32Array(options.obstacles && options.obstacles.length > 0 ? cells : 0).fill(-1);
  const cover = (a: number, value: number) => {
    const w = grid.width;
    for (let dy = 0; dy < sizes[a]; dy++) for (let dx = 0; dx < sizes[a]; dx++) covered[positions[a] + dy * w + dx] = value;
  };
  let motion: ObstacleMotion | null = null;
  if (covered.length > 0) {
    if (!controller.setObstacleRepair || !controller.obstaclesMoved) throw new Error('this solver does not take moving obstacles');
    if (agents.some((a) => (a.speed ?? 1) !== 1)) throw new RangeError('units among moving obstacles move at speed 1 (an obstacle could step into the cell a slow unit is moving into)');
    for (let a = 0; a < n; a++) cover(a, a);
    motion = new ObstacleMotion(grid, options.obstacles!, (cell) => covered[cell]);
    controller.setObstacleRepair(options.obstacleRepair ?? DEFAULT_OBSTACLE_REPAIR);
  }
  const view = { t: 0, grid: motion ? motion.live : grid, staticGrid: motion ? grid : undefined, movement, agents, positions, interrupted } as WorldView & { t: number };
  const emit = (event: TurnEvent): void => {
    events.push(event);
    if (event.kind === 'priority-override') overrides++;
    if (event.agent >= 0 && event.agent < n) {
      if (event.kind === 'replan') metrics.replans[event.agent]++;
      else if (event.kind === 'wait') waitReported[event.agent] = event.t;
    }
  };
  const reportCollision = (collision: Collision): void => {
    collisions.push(collision);
    for (const a of collision.agents) metrics.collisions[a]++;
    const [agent, ...others] = collision.agents;
    events.push({ kind: 'collision', t: collision.t, agent, others, cell: collision.cell, detail: collision.rule });
  };

  recorder.record(positions);
  for (let a = 0; a < n; a++) {
    if (positions[a] === agents[a].goal) {
      metrics.pathLength[a] = 0;
      events.push({ kind: 'arrival', t: 0, agent: a, cell: positions[a] });
    }
  }

  // Attached before init, which plans CA* and HCA* whole and WHCA*'s first windows.
  const planRecorder = options.recordPlans && controller.recordPlans ? new PlanWindowRecorder(n, controller.window ?? 0) : null;
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
  reservationsMax = controller.counters().reservations;
  const afterInit = status === undefined ? stopReason() : null;
  if (afterInit !== null) {
    // The controller may have stopped part-way through its plans: no turn is played.
    status = afterInit;
    message = stopMessage(afterInit, 'during initial planning');
  }

  let t = 0;
  for (; status === undefined && t < turnLimit; t++) {
    if (allAtGoal(positions, agents)) break;
    const before = stopReason();
    if (before !== null) {
      status = before;
      message = stopMessage(before, `at turn ${t}`);
      break;
    }
    view.t = t;
    const turnStart = clock();
    if (queue.size > 0) {
      const changes = queue.applyDue(grid, t, (cell) => occupancy[cell] >= 0 || (motion !== null && motion.holds(cell)));
      if (changes.length > 0) {
        const changed: number[] = [];
        for (const change of changes) {
          recorder.mapChanges.push(change);
          changed.push(...change.cells);
          for (const cell of change.cells) events.push({ kind: 'map-change', t, agent: -1, cell, detail: change.passable ? 'opened' : 'closed' });
        }
        motion?.syncCells(changed);
        controller.mapChanged?.(view, changed);
      }
    }
    if (motion !== null) {
      const moves = motion.step(t, (cell) => covered[cell]);
      if (moves.from.length > 0 || moves.heldBy.length > 0) controller.obstaclesMoved!(view, moves);
    }
    next.set(positions);
    controller.step(view, next, emit);
    turnMs.push(clock() - turnStart);
    const during = stopReason();
    if (during !== null) {
      // The controller may have left agents unplanned this turn: it is not played.
      status = during;
      message = stopMessage(during, `during turn ${t}`);
      break;
    }
    const reservations = controller.counters().reservations;
    if (reservations > reservationsMax) reservationsMax = reservations;

    if (motion !== null) refuseObstacleMoves(motion, grid.width, sizes, t, positions, next, reportCollision);
    resolver.resolve(grid, movement, rules, t, positions, next, reportCollision);
    if (motion !== null) for (let a = 0; a < n; a++) cover(a, -1);

    for (let a = 0; a < n; a++) {
      const from = positions[a];
      const to = next[a];
      if (to === from) {
        if (from !== agents[a].goal) {
          metrics.waits[a]++;
          if (waitReported[a] !== t) events.push({ kind: 'wait', t, agent: a, cell: from });
        }
        continue;
      }
      occupancy[from] = -1;
      const key = a * cells + to;
      if (visited.has(key)) metrics.cycles[a]++;
      else visited.add(key);
    }
    for (let a = 0; a < n; a++) {
      positions[a] = next[a];
      occupancy[next[a]] = a;
      if (motion !== null) cover(a, a);
      if (metrics.pathLength[a] < 0 && next[a] === agents[a].goal) {
        metrics.pathLength[a] = t + 1;
        events.push({ kind: 'arrival', t: t + 1, agent: a, cell: next[a] });
      }
    }
    recorder.record(positions);
  }
  view.t = t;

  for (let a = 0; a < n; a++) metrics.success[a] = positions[a] === agents[a].goal && metrics.collisions[a] === 0 ? 1 : 0;
  const counters = controller.counters();
  const replay = recorder.finish(grid.width, grid.height);
  if (planRecorder) {
    controller.recordPlans!(null);
    replay.windows = planRecorder.finish();
  }
  const turnArray = Float64Array.from(turnMs);
  const run = summarizeRun(metrics, t, turnArray, initMs, counters.expanded + (options.initExpanded ?? 0), reservationsMax, collisions.length);
  run.overrides = overrides;
  if (status === undefined) {
    if (run.successes === n) status = 'solved';
    else {
      status = 'failed';
      const parts = [`${n - run.successes} of ${n} agents failed after ${t} turns`];
      const away = n - countAtGoal(positions, agents);
      if (away > 0) parts.push(`${away} not on their goal`);
      if (collisions.length > 0) parts.push(`${collisions.length} collisions (first: ${collisions[0].rule} of unit ${collisions[0].agents.map((a) => a + 1).join(' and ')} at t=${collisions[0].t})`);
      message = parts.join('; ');
    }
  }
  const paths = replayPaths(replay);
  const validation = options.validate === false ? undefined : validateReplay({ grid: before, movement, agents: agents as AgentTask[] }, replay, { rules });
  if (validation && motion !== null) {
    for (const v of obstacleViolations(paths, motion.paths, motion.footprintSizes, grid.width, sizes)) {
      validation.valid = false;
      validation.violations.push({ rule: 'obstacle', agents: [v.unit], t: v.t, cell: v.cell, message: `unit ${v.unit + 1} ${v.kind === 'swap' ? 'swaps with' : 'is on'} obstacle ${v.obstacle + 1} at (${grid.x(v.cell)}, ${grid.y(v.cell)}), t=${v.t}` });
    }
  }
  const result: SimulationResult = { status, message, paths, agents: metrics, run, turnMs: turnArray, collisions, replay, validation };
  if (motion !== null) {
    result.obstaclePaths = motion.paths;
    result.obstacleWaits = motion.waits;
    result.obstacleSizes = motion.footprintSizes;
    result.counts = controller.obstacleCounts?.();
  }
  return result;
}

/** A move onto a cell an obstacle holds is refused (the unit stays: obstacles never step onto a unit) and recorded. */
function refuseObstacleMoves(motion: ObstacleMotion, width: number, sizes: readonly number[], t: number, positions: Int32Array, next: Int32Array, report: (collision: Collision) => void): void {
  for (let a = 0; a < next.length; a++) {
    if (next[a] === positions[a]) continue;
    let held = -1;
    for (let dy = 0; dy < sizes[a] && held < 0; dy++) for (let dx = 0; dx < sizes[a]; dx++) if (motion.holds(next[a] + dy * width + dx)) held = next[a] + dy * width + dx;
    if (held < 0) continue;
    report({ rule: 'obstacle', agents: [a], t, cell: held });
    next[a] = positions[a];
  }
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
