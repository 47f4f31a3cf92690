/**
 * Streams: units that keep coming (the scenario's spawners, exits and errands, version 4), in
 * cells of the grid. A spawner sends units into its area on a schedule; a unit sent to an exit
 * leaves the map on arriving; a unit with errands gets its next goal on each arrival. Lifelong
 * MAPF in the field's terms (Li et al., AAAI 2021: a new goal on arrival, throughput the measure).
 *
 * The schedule says how many units are due by each turn; the simulator's stream stage
 * (core/simulation/streamStage.ts) places them on free cells, and what it cannot place waits in the
 * spawner's backlog.
 */
import { Random } from '../util/random.ts';

/**
 * The share of an area's free cells units may hold before a spawner holds its units back
 * (core/simulation/streamAdmission.ts says why half keeps two banks joined by a chokepoint from
 * gridlocking). 1 turns the cap off: a unit then waits only for a free cell.
 */
export const DEFAULT_ADMIT_SHARE = 0.5;

/** Turns a stream runs when neither the request nor the scenario gives a limit: the same in the app, the CLI and the solver process. */
export const DEFAULT_STREAM_TURNS = 1000;

/** Where a unit goes: a cell, any cell of an area (drawn by the seed), or an exit (its nearest cell; the unit then leaves). */
export type StreamTarget =
  | { kind: 'cell'; cell: number }
  | { kind: 'region'; cells: readonly number[] }
  | { kind: 'exit'; exit: number };

/** Goals after the first: in order (round and round when `repeat`), or drawn from a task list. */
export type StreamErrands =
  | { kind: 'list'; goals: readonly StreamTarget[]; repeat: boolean }
  | { kind: 'tasks'; goals: readonly StreamTarget[] };

export type SpawnSchedule =
  | { kind: 'every'; every: number }
  /** Units per 10 turns; random: Poisson arrivals drawn from the spawner's seed. */
  | { kind: 'rate'; rate: number; random: boolean }
  | { kind: 'waves'; waves: readonly { turn: number; count: number }[] };

export interface StreamSpawner {
  name: string;
  /** The area's free cells, in the order a unit is placed on them (the first free one). */
  cells: readonly number[];
  startTurn: number;
  schedule: SpawnSchedule;
  /** Most units it sends (Infinity: no limit). */
  count: number;
  seed: number;
  goal: StreamTarget;
  errands?: StreamErrands;
  size: number;
  speed: number;
  priority: number;
  /** The share of its spawn cells' connected area (and bank, beside a one-lane bridge) units may hold before it holds units back (absent: DEFAULT_ADMIT_SHARE). */
  admitShare?: number;
}

export interface StreamExit {
  name: string;
  cells: readonly number[];
}

export interface Streams {
  spawners: readonly StreamSpawner[];
  exits: readonly StreamExit[];
  /** The first goal and errands of each placed unit, by its index (absent: a fixed goal, as in a batch). */
  placed: readonly ({ goal?: StreamTarget; errands?: StreamErrands } | undefined)[];
}

/** Whether `streams` changes the set of units or their goals during a run. */
export function hasStreams(streams: Streams | undefined): boolean {
  return streams !== undefined && (streams.spawners.length > 0 || streams.placed.some((p) => p !== undefined && (p.errands !== undefined || p.goal?.kind === 'exit')));
}

/** Units a spawner has made due by turn t (inclusive), before its count caps them. */
export class SpawnClock {
  private readonly random: Random;
  /** Poisson arrivals: the turn of the next one (fractional), drawn as exponential gaps. */
  private nextArrival: number;
  private dueSoFar = 0;
  /** Units the simulator has placed (the rest of those due wait in the backlog). */
  sent = 0;

  constructor(private readonly spawner: StreamSpawner) {
    this.random = new Random(spawner.seed);
    this.nextArrival = spawner.startTurn;
    if (spawner.schedule.kind === 'rate' && spawner.schedule.random) this.nextArrival += this.gap(spawner.schedule.rate);
  }

  /** Units newly due at turn t (called once per turn, t = 0, 1, 2, …). */
  due(t: number): number {
    const { spawner } = this;
    const { schedule, startTurn } = spawner;
    let total: number;
    if (t < startTurn) total = 0;
    else if (schedule.kind === 'every') total = Math.floor((t - startTurn) / schedule.every) + 1;
    else if (schedule.kind === 'waves') total = schedule.waves.reduce((sum, w) => sum + (w.turn <= t ? w.count : 0), 0);
    else if (!schedule.random) total = Math.floor(((t - startTurn) * schedule.rate) / 10 + 1e-9) + 1;
    else {
      total = this.dueSoFar;
      while (this.nextArrival <= t + 1e-9) {
        total++;
        this.nextArrival += this.gap(schedule.rate);
      }
    }
    total = Math.min(total, spawner.count);
    const fresh = Math.max(0, total - this.dueSoFar);
    this.dueSoFar = Math.max(this.dueSoFar, total);
    return fresh;
  }

  /** An exponential gap between Poisson arrivals at `rate` per 10 turns. */
  private gap(rate: number): number {
    return (-Math.log(1 - this.random.next()) * 10) / rate;
  }
}
