/**
 * The continuous simulator the engine crowd models share: units as discs with real positions and
 * velocities, a fixed time step (stepsPerTurn steps a turn), and the record of a run: positions at
 * every turn (the CrowdTrack), the cell per turn as the grid plan, arrivals, step times. A model
 * is a function that advances every unit by one step; this loop calls it, records, and ends the run
 * when every unit is on its goal or stuck, at the turn limit, on timeout or cancel.
 */
import type { Grid } from '../../grid/grid.ts';
import type { MapfInstance } from '../../mapf/instance.ts';
import { CROWD_TRACK_FORMAT, CROWD_TRACK_VERSION, type CrowdTrack, crowdSolved, crowdStatusText, measureCrowd } from '../../contract/crowdTrack.ts';
import type { SolveOptions, SolveResult, SolveStatus } from '../../contract/types.ts';
import type { Deadline } from '../../util/clock.ts';
import type { CrowdSettings } from './params.ts';
import { OverlapMeter } from './overlapMeter.ts';

/**
 * Units' continuous state to start a world from, one entry a unit, instead of their start cells'
 * centres at rest: a per-frame crowd whose units changed sets its model up again where they stand.
 */
export interface CrowdResume {
  x: Float64Array;
  y: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  /** Each unit's path as the model followed it (A* + ORCA), kept instead of planned again; undefined: plan it. */
  paths?: readonly (FollowedPath | undefined)[];
}

/** A unit's path of waypoint cells, the one it heads for (`next`), and its length in cells. */
export interface FollowedPath {
  cells: number[];
  next: number;
  length: number;
}

export class CrowdWorld {
  readonly n: number;
  readonly grid: Grid;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  /** Goal cell centres. */
  readonly gx: Float64Array;
  readonly gy: Float64Array;
  readonly goal: Int32Array;
  /**
   * Each unit's own body and pace from the scenario: its footprint's side (its disc's radius is
   * the model's radius times it, centred on the footprint), its maximum speed (the model's over
   * the unit's turns per move), and its priority (models with a notion of it let higher yield less).
   */
  readonly size: Int32Array;
  readonly radius: Float64Array;
  readonly maxSpeed: Float64Array;
  readonly priority: Int32Array;
  /** The largest and smallest disc radius. */
  readonly largestRadius: number;
  readonly smallestRadius: number;

  constructor(instance: MapfInstance, readonly settings: CrowdSettings, resume?: CrowdResume) {
    const { grid, agents } = instance;
    this.grid = grid;
    this.n = agents.length;
    this.size = new Int32Array(this.n);
    this.radius = new Float64Array(this.n);
    this.maxSpeed = new Float64Array(this.n);
    this.priority = new Int32Array(this.n);
    this.x = new Float64Array(this.n);
    this.y = new Float64Array(this.n);
    this.vx = new Float64Array(this.n);
    this.vy = new Float64Array(this.n);
    this.gx = new Float64Array(this.n);
    this.gy = new Float64Array(this.n);
    this.goal = new Int32Array(this.n);
    let largest = 0;
    let smallest = Infinity;
    for (let a = 0; a < this.n; a++) {
      const { start, goal, size = 1, speed = 1, priority = 0 } = agents[a];
      const half = size / 2;
      this.size[a] = size;
      this.radius[a] = settings.radius * size;
      this.maxSpeed[a] = settings.maxSpeed / speed;
      this.priority[a] = priority;
      largest = Math.max(largest, this.radius[a]);
      smallest = Math.min(smallest, this.radius[a]);
      this.x[a] = grid.x(start) + half;
      this.y[a] = grid.y(start) + half;
      this.gx[a] = grid.x(goal) + half;
      this.gy[a] = grid.y(goal) + half;
      this.goal[a] = goal;
    }
    if (resume !== undefined) {
      this.x.set(resume.x);
      this.y.set(resume.y);
      this.vx.set(resume.vx);
      this.vy.set(resume.vy);
    }
    this.largestRadius = this.n > 0 ? largest : settings.radius;
    this.smallestRadius = this.n > 0 ? smallest : settings.radius;
  }

  /** The cell of unit a's footprint's top-left corner (its only cell for a unit of size 1). */
  cellOf(a: number): number {
    return footprintCell(this.grid, this.x[a], this.y[a], this.size[a]);
  }

  /**
   * Turns (vx, vy) toward the wanted velocity by at most acceleration * dt, for models whose units
   * have inertia (ORCA's own velocities are taken as they are: its guarantee needs them).
   */
  accelerate(a: number, wantX: number, wantY: number, dt: number): void {
    const dx = wantX - this.vx[a];
    const dy = wantY - this.vy[a];
    const most = this.settings.acceleration * dt;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len <= most) {
      this.vx[a] = wantX;
      this.vy[a] = wantY;
    } else {
      this.vx[a] += (dx / len) * most;
      this.vy[a] += (dy / len) * most;
    }
  }

  /**
   * The velocity toward the goal once a unit is in its goal cell: straight to the centre, slowing
   * down over the last half cell (an "arrive" behaviour), so units settle instead of orbiting.
   */
  arriveVelocity(a: number, out: Float64Array): void {
    const dx = this.gx[a] - this.x[a];
    const dy = this.gy[a] - this.y[a];
    const d = Math.sqrt(dx * dx + dy * dy);
    const speed = Math.min(this.maxSpeed[a], d * 2);
    out[0] = d > 1e-9 ? (dx / d) * speed : 0;
    out[1] = d > 1e-9 ? (dy / d) * speed : 0;
  }
}

/** The top-left cell of a footprint of side `size` centred at (x, y), clamped to the map. */
export function footprintCell(grid: Grid, x: number, y: number, size: number): number {
  const w = grid.width;
  const cx = Math.min(w - 1, Math.max(0, Math.floor(x - size / 2 + 0.5)));
  const cy = Math.min(grid.height - 1, Math.max(0, Math.floor(y - size / 2 + 0.5)));
  return cy * w + cx;
}

/** Advances every unit by one step of dt turns. */
export type CrowdStep = (world: CrowdWorld, dt: number) => void;

export interface CrowdRun {
  solver: string;
  options: SolveOptions;
  world: CrowdWorld;
  turnLimit: number;
  step: CrowdStep;
  /** Time already spent setting up (paths, fields, navmesh), ms. */
  setupMs: number;
  expanded: number;
  /**
   * The run's time limit, started when solve() began, on the run's clock (options.clock: the
   * solving thread's CPU time or the wall): the limit, elapsedMs and the step times are read on it.
   */
  deadline: Deadline;
  /** Frees what the model holds outside JavaScript's heap (Detour's WebAssembly memory). */
  dispose?: () => void;
  /** Unit a's path as the model follows it now (A* + ORCA), for a set-up that resumes it (CrowdResume.paths). */
  pathOf?: (a: number) => FollowedPath;
}

/** Runs `run.step` turn by turn and packages the record as a SolveResult with its track; disposes of the run. */
export function runCrowd(run: CrowdRun): SolveResult {
  try {
    return playCrowd(run);
  } finally {
    run.dispose?.();
  }
}

function playCrowd(run: CrowdRun): SolveResult {
  const { world, turnLimit, options } = run;
  const { n, settings } = world;
  const steps = settings.stepsPerTurn;
  const dt = 1 / steps;
  let positions = new Float32Array(Math.max(1, n) * 2 * Math.min(turnLimit + 1, 1024));
  const record = (t: number): void => {
    const end = (t + 1) * n * 2;
    if (end > positions.length) {
      const grown = new Float32Array(Math.max(end, positions.length * 2));
      grown.set(positions);
      positions = grown;
    }
    const base = t * n * 2;
    for (let a = 0; a < n; a++) {
      positions[base + a * 2] = world.x[a];
      positions[base + a * 2 + 1] = world.y[a];
    }
  };
  record(0);
  // Stuck bookkeeping: where each unit stood when it last moved a cell's distance, and when.
  const anchorX = Float64Array.from(world.x);
  const anchorY = Float64Array.from(world.y);
  const anchorTurn = new Int32Array(n);
  // Home: on its goal and slower than a tenth of its own maximum speed.
  const overlaps = new OverlapMeter(world);
  let stepMsSum = 0;
  let stepMsMax = 0;
  let stepCount = 0;
  let status: SolveStatus | undefined;
  let turns = 0;
  const { deadline } = run;
  const clock = deadline.clock;
  outer: for (let t = 1; t <= turnLimit; t++) {
    for (let s = 0; s < steps; s++) {
      if (options.shouldStop?.()) {
        status = 'cancelled';
        break outer;
      }
      // One reading both times the step and looks at the limit (a CPU clock costs a system call).
      const before = clock();
      if (before > deadline.at) {
        status = 'timeout';
        break outer;
      }
      run.step(world, dt);
      const ms = clock() - before;
      stepMsSum += ms;
      stepCount++;
      if (ms > stepMsMax) stepMsMax = ms;
      overlaps.step(world);
    }
    overlaps.endTurn();
    record(t);
    turns = t;
    let settled = true;
    for (let a = 0; a < n; a++) {
      if (Math.hypot(world.x[a] - anchorX[a], world.y[a] - anchorY[a]) >= 1) {
        anchorX[a] = world.x[a];
        anchorY[a] = world.y[a];
        anchorTurn[a] = t;
      }
      const home = world.cellOf(a) === world.goal[a] && Math.hypot(world.vx[a], world.vy[a]) < 0.1 * world.maxSpeed[a];
      if (!home && t - anchorTurn[a] < settings.stuckTurns) settled = false;
    }
    if (settled) break;
    if (t % 16 === 0) options.onProgress?.({ fraction: t / turnLimit, message: `turn ${t}` });
  }
  const track = finishTrack(world, positions.slice(0, (turns + 1) * n * 2), turns, overlaps);
  const paths = cellPaths(world, track);
  const measures = measureCrowd(track);
  const solved = crowdSolved(measures);
  const text = crowdStatusText(measures);
  const finalStatus: SolveStatus = status ?? (solved ? 'solved' : 'failed');
  const message = status === 'cancelled' ? `cancelled at turn ${turns}: ${text}` : status === 'timeout' ? `${deadline.words()} reached at turn ${turns}: ${text}` : solved ? undefined : text;
  return {
    solver: run.solver,
    status: finalStatus,
    paths,
    ...(message ? { message } : {}),
    crowd: track,
    stats: {
      expanded: run.expanded,
      generated: 0,
      elapsedMs: deadline.elapsedMs(),
      setupMs: run.setupMs,
      turns,
      steps: stepCount,
      stepMsMean: stepCount > 0 ? stepMsSum / stepCount : 0,
      stepMsMax,
      arrived: measures.arrived,
      lastArrival: measures.lastArrival,
      waits: measures.waits,
      stuck: measures.stuck,
      overlaps: measures.overlaps,
      deepestOverlapPct: Math.round(measures.deepestOverlap * 1000) / 10,
      reversals: measures.reversals,
      maxReversals: measures.maxReversals,
    },
  };
}

function finishTrack(world: CrowdWorld, positions: Float32Array, turns: number, overlaps: OverlapMeter): CrowdTrack {
  const { n, grid, settings } = world;
  // A unit arrived at the turn from which its cell stayed its goal to the end.
  const arrivals = new Int32Array(n).fill(-1);
  for (let a = 0; a < n; a++) {
    let t = turns;
    while (t >= 0 && cellAtTurn(grid, positions, n, a, t, world.size[a]) === world.goal[a]) t--;
    if (t < turns) arrivals[a] = t + 1;
  }
  return {
    format: CROWD_TRACK_FORMAT,
    version: CROWD_TRACK_VERSION,
    width: grid.width,
    height: grid.height,
    agents: n,
    turns,
    radius: settings.radius,
    maxSpeed: settings.maxSpeed,
    positions,
    arrivals,
    stuckTurns: settings.stuckTurns,
    stepOverlaps: overlaps.total,
    stepDeepest: overlaps.deepest,
    ...(world.size.some((size) => size !== 1) ? { sizes: Int32Array.from(world.size) } : {}),
  };
}

function cellAtTurn(grid: Grid, positions: Float32Array, n: number, a: number, t: number, size: number): number {
  const i = (t * n + a) * 2;
  return footprintCell(grid, positions[i], positions[i + 1], size);
}

/** Each unit's cell per turn, ending at its arrival (a path's end holds its last cell). */
function cellPaths(world: CrowdWorld, track: CrowdTrack): number[][] {
  const paths: number[][] = [];
  for (let a = 0; a < world.n; a++) {
    const end = track.arrivals[a] >= 0 ? track.arrivals[a] : track.turns;
    const path: number[] = [];
    for (let t = 0; t <= end; t++) path.push(cellAtTurn(world.grid, track.positions, world.n, a, t, world.size[a]));
    paths.push(path);
  }
  return paths;
}

/**
 * The result of a run that ended in set-up: a unit whose goal cannot be reached ('unsolvable',
 * naming it), or set-up cut short by the time limit or a cancel.
 */
export function setupEnded(solver: string, instance: MapfInstance, options: SolveOptions, deadline: Deadline, unreachable: number, expanded: number, phase = 'planning paths'): SolveResult {
  const stats = { expanded, generated: 0, elapsedMs: deadline.elapsedMs() };
  if (unreachable >= 0) {
    const { grid, agents } = instance;
    const { start, goal } = agents[unreachable];
    return { solver, status: 'unsolvable', paths: [], stats, message: `unit ${unreachable + 1} cannot reach its goal (${grid.x(goal)}, ${grid.y(goal)}) from (${grid.x(start)}, ${grid.y(start)})` };
  }
  const cancelled = options.shouldStop?.() ?? false;
  return { solver, status: cancelled ? 'cancelled' : 'timeout', paths: [], stats, message: cancelled ? `cancelled while ${phase}` : `${deadline.words()} reached while ${phase}` };
}
