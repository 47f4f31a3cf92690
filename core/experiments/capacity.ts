/**
 * The capacity of a chokepoint: a sweep over a spawner's offered rate (units per 10 turns, evenly
 * spaced), per solver, each run T turns in the simulator, that names the saturation point, the
 * highest offered rate the solver carries without its queue growing. Queueing theory's view of a
 * stream (a queue is stable while the offered load stays below the service rate; Little's law,
 * L = lambda W, ties the number in the system to the time each spends there), measured as lifelong
 * MAPF measures a planner (Li et al., AAAI 2021: throughput at steady state).
 * More on this in README.md, "capacity.ts".
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { MapfInstance } from '../mapf/instance.ts';
import type { MapEvent } from '../mapf/mapEvents.ts';
import type { MovingObstacle } from '../mapf/obstacles.ts';
import { SpawnClock, type StreamSpawner, type Streams } from '../mapf/streams.ts';
import { CONTROLLERS, findStreamController } from '../registry/registry.ts';
import { splitParams } from '../simulation/controllerSolvers.ts';
import { runController } from '../simulation/simulator.ts';
import { platoonFormula } from '../solvers/traffic/platoonController.ts';
import { PLATOON_SOLVER } from '../solvers/traffic/index.ts';
import { findLane } from '../planning/lane.ts';
import { type Clock, WALL_CLOCK } from '../util/clock.ts';
import { type TimeScale, cellsWords, rateWords, realRate, turnsWords } from './rateUnits.ts';

export { PLATOON_SOLVER };
/** One unit a turn through a lane, one way, per 10 turns. */
export const LANE_BOUND = 10;

/** Growth of the number in the system over the second half a bounded run may show: at least this many units … */
export const BOUNDED_SLACK = 3;
/** … or this share of the units offered in the second half, whichever is more. */
export const BOUNDED_SHARE = 0.05;

export interface CapacitySolver {
  /** A turn controller's name (core/registry CONTROLLERS): pibt, whca, rhcr, … */
  solver: string;
  params?: Record<string, unknown>;
  /** Shown in tables and the sentence; default from the solver and its window, e.g. 'WHCA*(16)'. */
  label?: string;
}

export interface CapacityOptions {
  /** Names of the spawners whose rate is swept (each gets the rate; their count is lifted). */
  spawners: readonly string[];
  /** Offered rates per swept spawner, units per 10 turns, ascending. */
  rates: readonly number[];
  solvers: readonly CapacitySolver[];
  /** Turns of each run. */
  turns: number;
  seed?: number;
  /** Admission share for the swept spawners (streamAdmission.ts), instead of the scenario's. */
  admitShare?: number;
  mapEvents?: readonly MapEvent[];
  obstacles?: readonly MovingObstacle[];
  clock?: Clock;
  shouldStop?: () => boolean;
  /** After each run: runs done, runs in all, the run's row. */
  onRun?: (done: number, total: number, run: CapacityRun) => void;
  /** Measure the lane's own capacity with the platoon rule (default true; skipped where the map has no lane). */
  lane?: boolean;
  /** How long a turn lasts and how wide a cell is (the scenario's `scale`): rates a minute, lanes in metres. */
  scale?: TimeScale;
}

export interface LaneCapacity {
  /** Cells of the map's longest one-cell-wide corridor, end to end, as [x, y]. */
  from: [number, number];
  to: [number, number];
  length: number;
  /** Platoon size k, and k / (L + k) per 10 turns. */
  platoon: number;
  formula: number;
  /** Best delivered by the platoon rule over the rates swept, per 10 turns (its runs are in `runs`). */
  measured: number;
  /** One unit a turn, one way, per 10 turns. */
  bound: number;
}

export interface CapacityRun {
  solver: string;
  label: string;
  /** Offered per swept spawner and in all (rate x spawners), units per 10 turns. */
  rate: number;
  offered: number;
  status: string;
  valid: boolean;
  /** Exits of the swept units per 10 turns over the second half, in all. */
  delivered: number;
  /** The same per swept spawner, in the order the spawners were named. */
  deliveredBySpawner: number[];
  /** Due to exit, over the swept units that left in the second half (null: none left). */
  timeInSystem: { mean: number; p95: number; max: number } | null;
  /** Appearance to exit, mean, same units. */
  timeOnMap: number | null;
  backlogEnd: number;
  backlogGrowth: number;
  inSystemGrowth: number;
  bounded: boolean;
  /** Milliseconds of the run on the options' clock. */
  ms: number;
  /** Why the run locked for good, in words (core/simulation/gridlock.ts; null: it kept moving). */
  gridlock: string | null;
}

export interface CapacitySolverSummary {
  solver: string;
  label: string;
  /** Highest swept rate (per spawner) at which the solver's runs stay bounded (null: none). */
  saturationRate: number | null;
  /** The same in all (rate x spawners). */
  saturationOffered: number | null;
  /** Best delivered throughput of its runs, units per 10 turns. */
  capacity: number;
  /** Its run at the saturation point (null: none). */
  atSaturation: CapacityRun | null;
  /** Its first gridlocked run (null: none): its figures are the solver's, not the level's. */
  gridlocked: CapacityRun | null;
}

export interface CapacityResult {
  spawners: readonly string[];
  turns: number;
  runs: CapacityRun[];
  solvers: CapacitySolverSummary[];
  cancelled: boolean;
  /** The lane's own capacity (null: not measured, or the map has no one-lane corridor). */
  lane?: LaneCapacity | null;
  /** The scenario's turn length and cell width the figures are also given in (absent: turns and cells only). */
  scale?: TimeScale;
}

/** A solver's short name for tables and the sentence: 'WHCA*(16)', 'PIBT', 'RHCR'. */
export function capacityLabel(entry: CapacitySolver): string {
  if (entry.label) return entry.label;
  const names: Record<string, string> = { lra: 'LRA*', ca: 'CA*', hca: 'HCA*', whca: 'WHCA*', pibt: 'PIBT', rhcr: 'RHCR' };
  const name = names[entry.solver] ?? entry.solver;
  const window = entry.params?.window ?? (entry.solver === 'whca' ? 16 : undefined);
  return window === undefined ? name : `${name}(${String(window)})`;
}

/** The streams of one run: the swept spawners at `rate`, evenly spaced, with no count limit. */
export function sweptStreams(streams: Streams, spawners: readonly string[], rate: number, admitShare?: number): Streams {
  return {
    ...streams,
    spawners: streams.spawners.map((s): StreamSpawner => (spawners.includes(s.name)
      ? { ...s, schedule: { kind: 'rate', rate, random: false }, count: Infinity, ...(admitShare !== undefined ? { admitShare } : {}) }
      : s)),
  };
}

/** Checks the options against the streams; throws naming what is wrong. */
export function checkCapacity(streams: Streams, options: Pick<CapacityOptions, 'spawners' | 'rates' | 'solvers' | 'turns'>): void {
  if (options.spawners.length === 0) throw new RangeError('name at least one spawner to sweep');
  for (const name of options.spawners) {
    const spawner = streams.spawners.find((s) => s.name === name);
    if (!spawner) throw new RangeError(`no spawner '${name}'; the scenario's spawners: ${streams.spawners.map((s) => `'${s.name}'`).join(', ') || 'none'}`);
    const last = spawner.errands?.kind === 'list' && !spawner.errands.repeat ? spawner.errands.goals[spawner.errands.goals.length - 1] : spawner.errands ? undefined : spawner.goal;
    if (last?.kind !== 'exit') throw new RangeError(`spawner '${name}': its units never leave by an exit, so no throughput is delivered to measure (send them to an exit, as the last of their goals)`);
  }
  if (options.rates.length === 0) throw new RangeError('give at least one rate');
  options.rates.forEach((r, k) => {
    if (!(r > 0) || r > 10_000) throw new RangeError(`rate ${k + 1} (${r}) must be above 0 and at most 10,000 units per 10 turns`);
    if (k > 0 && r <= options.rates[k - 1]) throw new RangeError(`rates must rise: rate ${k + 1} (${r}) is not above rate ${k} (${options.rates[k - 1]})`);
  });
  if (!Number.isInteger(options.turns) || options.turns < 20) throw new RangeError(`turns must be a whole number of at least 20 (the second half is the steady state), got ${options.turns}`);
  if (options.solvers.length === 0) throw new RangeError('give at least one solver');
  for (const s of options.solvers) {
    if (!CONTROLLERS.some((c) => c.name === s.solver)) throw new RangeError(`solver '${s.solver}' does not take a stream; those that do: ${CONTROLLERS.map((c) => c.name).join(', ')}`);
  }
}

/** Runs the sweep: every solver at every rate. Throws for bad options (checkCapacity). */
export function sweepCapacity(instance: MapfInstance, streams: Streams, options: CapacityOptions): CapacityResult {
  checkCapacity(streams, options);
  const clock = options.clock ?? WALL_CLOCK;
  const runs: CapacityRun[] = [];
  const platoon = options.lane === false ? null : platoonEntry(instance.grid, instance.movement);
  const entries = platoon === null ? options.solvers : [...options.solvers, platoon];
  const total = entries.length * options.rates.length;
  let cancelled = false;
  for (const entry of entries) {
    const spec = findStreamController(entry.solver)!;
    const split = splitParams(entry.params ?? {});
    for (const rate of options.rates) {
      if (options.shouldStop?.()) {
        cancelled = true;
        break;
      }
      const runStreams = sweptStreams(streams, options.spawners, rate, options.admitShare);
      const started = clock();
      const result = runController(instance, spec.factory, { seed: options.seed ?? 1, params: split.controller }, {
        turnLimit: options.turns, shouldStop: options.shouldStop, mapEvents: options.mapEvents, obstacles: options.obstacles,
        streams: runStreams, streamSeed: options.seed ?? 1, clock: options.clock,
      });
      if (result.status === 'cancelled') {
        cancelled = true;
        break;
      }
      const gridlock = result.gridlock ? (result.message ?? 'gridlock') : null;
      const row = capacityRun(entry, rate, options, runStreams, result.streams!, result.run.turns, result.status, result.validation?.valid ?? true, clock() - started, gridlock);
      runs.push(row);
      options.onRun?.(runs.length, total, row);
    }
    if (cancelled) break;
  }
  const lane = platoon === null ? null : laneCapacity(instance.grid, runs);
  return { spawners: options.spawners, turns: options.turns, runs, solvers: summarize(options.solvers, runs), cancelled, lane, ...(options.scale ? { scale: options.scale } : {}) };
}

/** The traffic rule's entry for a sweep on `grid` (null: no one-lane corridor, or not 4-connected). */
export function platoonEntry(grid: Grid, movement: Movement): CapacitySolver | null {
  const lane = movement.connectivity === 4 ? findLane(grid) : null;
  return lane === null ? null : { solver: PLATOON_SOLVER, label: `platoons of ${lane.cells.length}` };
}

/** The lane's capacity from the traffic rule's runs among `runs` (null: the map has no lane). */
export function laneCapacity(grid: Grid, runs: readonly CapacityRun[]): LaneCapacity | null {
  const found = findLane(grid);
  if (found === null) return null;
  const k = found.cells.length;
  const first = found.cells[0];
  const last = found.cells[found.cells.length - 1];
  const own = runs.filter((r) => r.solver === PLATOON_SOLVER);
  return {
    from: [grid.x(first), grid.y(first)], to: [grid.x(last), grid.y(last)], length: k, platoon: k,
    formula: 10 * platoonFormula(k, k), measured: own.reduce((best, r) => Math.max(best, r.valid ? r.delivered : 0), 0), bound: LANE_BOUND,
  };
}

/**
 * One run's row from its stream measures, as a sweep in core makes it and as the app makes it
 * from a solver process's answer (the same figures).
 */
export function capacityRun(entry: CapacitySolver, rate: number, options: Pick<CapacityOptions, 'spawners' | 'turns'>, runStreams: Streams, measures: StreamFigures, ran: number, status: string, valid: boolean, ms: number, gridlock: string | null = null): CapacityRun {
  const figures = measureRun(runStreams, options.spawners, measures, ran, options.turns);
  return {
    solver: entry.solver, label: capacityLabel(entry), rate, offered: rate * options.spawners.length, status, valid, ...figures,
    bounded: figures.bounded && valid && ran >= options.turns && gridlock === null, ms, gridlock,
  };
}

type RunFigures = Pick<CapacityRun, 'delivered' | 'deliveredBySpawner' | 'timeInSystem' | 'timeOnMap' | 'backlogEnd' | 'backlogGrowth' | 'inSystemGrowth' | 'bounded'>;

export interface StreamFigures {
  spawnerOf?: readonly number[];
  appearTurn: readonly number[];
  leaveTurn: readonly number[];
  spawners: readonly { name: string; backlog: readonly number[] }[];
}

/** One run's figures over its second half (see the file's comment). */
export function measureRun(streams: Streams, swept: readonly string[], measures: StreamFigures, ran: number, turns: number): RunFigures {
  const half = Math.floor(turns / 2);
  const end = Math.max(0, ran - 1);
  const sweptIndex = streams.spawners.map((s) => swept.includes(s.name));
  const leftBySpawner = swept.map(() => 0);
  // Each swept spawner's due turns, from its own clock (its backlog is first in, first out, so
  // its k-th placed unit is its k-th due).
  const dueTurns = streams.spawners.map((s, i) => {
    if (!sweptIndex[i]) return [];
    const clock = new SpawnClock(s);
    const due: number[] = [];
    for (let t = 0; t < turns; t++) for (let k = clock.due(t); k > 0; k--) due.push(t);
    return due;
  });
  const placedOf = streams.spawners.map(() => 0);
  const spawnerOf = measures.spawnerOf ?? [];
  const times: number[] = [];
  let onMapSum = 0;
  let left = 0;
  let onMapMid = 0;
  let onMapEnd = 0;
  for (let a = 0; a < measures.appearTurn.length; a++) {
    const s = spawnerOf[a] ?? -1;
    if (s < 0 || !sweptIndex[s]) continue;
    const due = dueTurns[s][placedOf[s]++] ?? measures.appearTurn[a];
    const appear = measures.appearTurn[a];
    const leave = measures.leaveTurn[a];
    if (appear <= half && (leave < 0 || leave > half)) onMapMid++;
    if (appear <= end && (leave < 0 || leave > end)) onMapEnd++;
    if (leave >= half) {
      left++;
      leftBySpawner[swept.indexOf(streams.spawners[s].name)]++;
      times.push(leave - due);
      onMapSum += leave - appear;
    }
  }
  times.sort((x, y) => x - y);
  const backlogAt = (t: number) => measures.spawners.reduce((sum, sp, i) => sum + (sweptIndex[i] ? sp.backlog[Math.min(t, sp.backlog.length - 1)] ?? 0 : 0), 0);
  const backlogEnd = backlogAt(end);
  const backlogGrowth = backlogEnd - backlogAt(half);
  const inSystemGrowth = backlogGrowth + onMapEnd - onMapMid;
  const offeredSecondHalf = dueTurns.reduce((sum, due) => sum + due.filter((t) => t >= half).length, 0);
  const window = Math.max(1, turns - half);
  return {
    delivered: (left * 10) / window,
    deliveredBySpawner: leftBySpawner.map((n) => (n * 10) / window),
    timeInSystem: times.length === 0 ? null : { mean: times.reduce((s, v) => s + v, 0) / times.length, p95: times[Math.min(times.length - 1, Math.ceil(0.95 * times.length) - 1)], max: times[times.length - 1] },
    timeOnMap: left === 0 ? null : onMapSum / left,
    backlogEnd,
    backlogGrowth,
    inSystemGrowth,
    bounded: inSystemGrowth <= Math.max(BOUNDED_SLACK, BOUNDED_SHARE * offeredSecondHalf),
  };
}

/** Each solver's saturation point and capacity (see the file's comment). */
export function summarize(solvers: readonly CapacitySolver[], runs: readonly CapacityRun[]): CapacitySolverSummary[] {
  return solvers.map((entry) => {
    const own = runs.filter((r) => r.solver === entry.solver && r.label === capacityLabel(entry)).sort((a, b) => a.rate - b.rate);
    let atSaturation: CapacityRun | null = null;
    for (const run of own) {
      if (!run.bounded) break;
      atSaturation = run;
    }
    return {
      solver: entry.solver,
      label: capacityLabel(entry),
      saturationRate: atSaturation?.rate ?? null,
      saturationOffered: atSaturation?.offered ?? null,
      capacity: own.reduce((best, r) => Math.max(best, r.valid ? r.delivered : 0), 0),
      atSaturation,
      gridlocked: own.find((r) => r.gridlock !== null) ?? null,
    };
  });
}

/**
 * The sweep in words, best solver first: "the bridge carries at most 9.5 units per 10 turns in
 * all (57 a minute, …), 4.8 per spawner with WHCA*(16), 7.0 … with PIBT; at 8 per 10 turns in
 * all, 4 per spawner, units spend 14 turns (7 s) in the system on average" (the wait: time in
 * system, due to exit, at the best solver's saturation point). Rates are per spawner and in all,
 * and a minute and a second where the scale gives a turn's length (rateUnits.ts).
 */
export function capacitySentence(result: CapacityResult, place = 'the chokepoint'): string {
  if (result.solvers.length === 0 || result.runs.length === 0) return `${place}: no capacity measured`;
  const n = result.spawners.length;
  const scale = result.scale;
  // A solver whose units locked is left out of "carries at most": its figure says how the solver
  // failed, not what the level carries.
  const locked = result.solvers.filter((s) => s.gridlocked !== null);
  const ranked = result.solvers.filter((s) => s.gridlocked === null).sort((a, b) => b.capacity - a.capacity);
  const lockedWords = locked.map((s) => `${s.label} left out: ${s.gridlocked!.gridlock} at ${rateWords(s.gridlocked!.offered, n, scale)} offered`).join('; ');
  if (ranked.length === 0) return `${place}: no capacity measured without a gridlock (${lockedWords})${laneWords(result, undefined)}`;
  const carries = ranked.map((s, k) => {
    const words = rateWords(s.capacity, n, scale, 1);
    return `${k === 0 ? words.replace(' per 10 turns', ' units per 10 turns') : words} with ${s.label}`;
  }).join('; ');
  const best = ranked.find((s) => s.atSaturation?.timeInSystem) ?? null;
  const wait = best?.atSaturation?.timeInSystem
    ? `; at ${rateWords(best.saturationOffered!, n, scale)} offered, units spend ${turnsWords(best.atSaturation.timeInSystem.mean, scale)} in the system on average (${best.label}'s saturation point; above it the queue grows)`
    : '; at every rate swept the queue grows';
  return `${place} carries at most ${carries}${wait}${locked.length > 0 ? `; ${lockedWords}` : ''}${laneWords(result, ranked[0])}`;
}

/** "; the lane itself (12 cells, one lane) carries 4.9 per 10 turns with platoons of 12 taking turns each way (...), at most 10 one way: PIBT reaches 49% of it" */
function laneWords(result: CapacityResult, best: CapacitySolverSummary | undefined): string {
  const lane = result.lane;
  if (!lane) return '';
  const scale = result.scale;
  const reach = best === undefined || lane.measured <= 0 ? '' : `: ${best.label} reaches ${Math.round((100 * best.capacity) / lane.measured)}% of it`;
  return `; the lane itself (${cellsWords(lane.length, scale)}, one lane) carries ${lane.measured.toFixed(1)} per 10 turns${realRate(lane.measured, scale)} in all with platoons of ${lane.platoon} taking turns each way (${lane.formula.toFixed(1)} by k/(L+k)), at most ${lane.bound}${realRate(lane.bound, scale, false)} one way at one unit a turn${reach}`;
}
