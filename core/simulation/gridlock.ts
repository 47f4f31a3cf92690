/**
 * Gridlock: units that stop making progress for good. A run is gridlocked when, at its end, no
 * unit on the map has come nearer its goal than ever before (or reached it) for GRIDLOCK_TURNS
 * turns while some are still away from it (progressWatch.ts's measure: no distance table per unit
 * and turn). Such a run is never
 * "solved": its status says where it locked and who, e.g. "gridlock from turn 41: units 3 and 17
 * head-on at (12, 9); 36 of 40 units stuck" (units numbered from 1, cells as the app prints them).
 * In a stream, units that keep coming make progress walking up to a lock, so there a run is also
 * gridlocked when no unit has reached its goal or left by an exit for arrivalTurns turns (a
 * crossing's time twice over) while units are on the map: a one-lane bridge held head-on by PIBT
 * with a unit every 15 turns from each bank saw no unit leave in 400 turns and was called solved.
 * A head-on pair is two neighbouring stuck units each of which stands on the other's way (the
 * other's cell is nearer its goal than its own): a wait-for cycle of two, a one-lane bridge's lock.
 */
import type { Grid } from '../grid/grid.ts';
import { type Movement, gridDistance } from '../grid/movement.ts';
import type { AgentTask } from '../mapf/instance.ts';
import { ABSENT } from '../mapf/plan.ts';
import { GoalDistances } from '../search/goalDistances.ts';
import { FAR } from '../search/lazyDistanceTable.ts';
import { ProgressWatch } from '../planning/progressWatch.ts';

/** Turns without progress that make a gridlock: longer than any planner's own stall remedy waits. */
export const GRIDLOCK_TURNS = 50;

/** Stuck units searched for a head-on pair. */
const PAIR_SEARCH = 200;

export interface Gridlock {
  /** The first turn of the last stretch without progress. */
  from: number;
  /** Units away from their goals at the end (run indices). */
  stuck: number[];
  /** Units on the map at the end. */
  onMap: number;
  /** A head-on pair among the stuck units and the first one's cell (null: none found). */
  headOn: { units: [number, number]; cell: number } | null;
  /**
   * Stuck units (of the first PAIR_SEARCH) that cannot reach their goals at all on the map as it
   * stands at the end (a door closed the way, say): no solver could move them, so when every stuck
   * unit is one, the words say the way is shut rather than that the units locked each other.
   */
  shutOff: number;
}

export class GridlockWatch {
  private readonly watch: ProgressWatch;
  private looked = false;

  /** `arrivalTurns`: turns without an arrival that also make a gridlock (streams; 0: none). */
  constructor(private readonly grid: Grid, private readonly movement: Movement, arrivalTurns = 0) {
    this.watch = new ProgressWatch(GRIDLOCK_TURNS, true, arrivalTurns);
  }

  /** Takes the units' cells after turn t. */
  observe(t: number, positions: Int32Array, agents: readonly AgentTask[]): void {
    this.looked = true;
    const { grid, movement } = this;
    this.watch.observe(t, positions, (a) => agents[a].goal, (a, cell) => gridDistance(grid, movement, agents[a].goal, cell));
  }

  /** The gridlock at turn t, or null when units still made progress in the last GRIDLOCK_TURNS turns. */
  report(t: number, positions: Int32Array, agents: readonly AgentTask[]): Gridlock | null {
    const from = this.watch.stallFrom(t);
    if (from < 0 || !this.looked) return null;
    const stuck: number[] = [];
    let onMap = 0;
    for (let a = 0; a < positions.length; a++) {
      if (positions[a] === ABSENT) continue;
      onMap++;
      if (positions[a] !== agents[a].goal) stuck.push(a);
    }
    if (stuck.length === 0) return null;
    const grid = this.grid;
    // True distances here (a run's report, once): the pair must each stand on the other's way.
    const distances = new GoalDistances(grid);
    const look = stuck.slice(0, PAIR_SEARCH);
    const tables = new Map(look.map((a) => [a, distances.table(agents[a].goal)]));
    const nearer = (a: number, cell: number) => tables.get(a)!.get(cell) < tables.get(a)!.get(positions[a]);
    // The closest pair of stuck units facing each other (each stands on the other's way), among
    // the first PAIR_SEARCH of them: a pair search over every stuck unit of a large crowd costs
    // more than a run's report is worth.
    let headOn: Gridlock['headOn'] = null;
    let closest = Infinity;
    for (let i = 0; i < look.length; i++) {
      for (let j = i + 1; j < look.length; j++) {
        const a = look[i];
        const b = look[j];
        const apart = Math.abs(grid.x(positions[a]) - grid.x(positions[b])) + Math.abs(grid.y(positions[a]) - grid.y(positions[b]));
        if (apart >= closest || !nearer(a, positions[b]) || !nearer(b, positions[a])) continue;
        closest = apart;
        headOn = { units: [a, b], cell: positions[a] };
      }
    }
    let shutOff = 0;
    for (const a of look) if (tables.get(a)!.get(positions[a]) >= FAR) shutOff++;
    // Without arrivals for long (a stream), the lock began when its head-on pair last got nearer.
    const start = headOn !== null && from === this.watch.lastArrivalTurn() ? Math.max(from, this.watch.lastBest(headOn.units[0]), this.watch.lastBest(headOn.units[1])) : from;
    return { from: start, stuck, onMap, headOn, shutOff };
  }
}

/**
 * "gridlock from turn 41: units 3 and 17 head-on at (12, 9); 36 of 40 units stuck" (`where`: "at
 * bridge "); when no stuck unit can reach its goal on the map as it stands, "no way through from
 * turn 41: 10 of 12 units cannot reach their goals on the map as it stands (a closed door or wall)".
 */
export function gridlockWords(gridlock: Gridlock, grid: Grid, where = ''): string {
  const { stuck, onMap, shutOff } = gridlock;
  if (shutOff > 0 && shutOff === stuck.length) {
    return `no way through ${where}from turn ${gridlock.from}: ${stuck.length} of ${onMap} units cannot reach their goals on the map as it stands (a closed door or wall)`;
  }
  const shut = shutOff > 0 ? `; ${shutOff} of them cannot reach their goals on the map as it stands` : '';
  const pair = gridlock.headOn === null ? '' : `: units ${gridlock.headOn.units[0] + 1} and ${gridlock.headOn.units[1] + 1} head-on at (${grid.x(gridlock.headOn.cell)}, ${grid.y(gridlock.headOn.cell)})`;
  return `gridlock ${where}from turn ${gridlock.from}${pair}; ${stuck.length} of ${onMap} units stuck${shut}`;
}

/**
 * The lock's words at the start of a run's message (gridlockWords: a gridlock, or no way through),
 * up to the stuck units' count; null when the message says neither. For hosts that have only the
 * message (the app's Compare and Capacity panels).
 */
export function lockWords(message: string | undefined): string | null {
  return message?.match(/^(gridlock [^;]*;[^;]* units stuck|no way through [^;]*)/)?.[0] ?? null;
}

/**
 * The turn a run's lock began and its words, from the message (lockWords), for a mark on the
 * replay's timeline; null when the message tells of no lock.
 */
export function lockStart(message: string | undefined): { t: number; words: string } | null {
  const words = lockWords(message);
  const t = words === null ? undefined : /\bfrom turn (\d+)/.exec(words)?.[1];
  return words === null || t === undefined ? null : { t: Number(t), words };
}

/** The name of the first measured region (a rectangle of cells) holding the head-on pair's cell, or null. */
export function gridlockRegion(gridlock: Gridlock, grid: Grid, regions: readonly { name: string; from: readonly number[]; to: readonly number[] }[]): string | null {
  if (gridlock.headOn === null) return null;
  const x = grid.x(gridlock.headOn.cell);
  const y = grid.y(gridlock.headOn.cell);
  const inside = (v: number, a: number, b: number) => v >= Math.min(a, b) && v <= Math.max(a, b);
  return regions.find((r) => inside(x, r.from[0], r.to[0]) && inside(y, r.from[1], r.to[1]))?.name ?? null;
}

/**
 * A run's message with its lock placed by the scenario's measured regions ("gridlock at bridge
 * from turn 41: …"), and the region's name (null: no region holds the head-on pair, or no lock).
 */
export function placeGridlock(message: string | undefined, gridlock: Gridlock | undefined, grid: Grid, regions: readonly { name: string; from: readonly number[]; to: readonly number[] }[]): { message: string | undefined; region: string | null } {
  const region = gridlock ? gridlockRegion(gridlock, grid, regions) : null;
  if (region === null || message === undefined) return { message, region };
  return { message: message.replace(/^(gridlock|no way through) /, `$1 at ${region} `), region };
}

/**
 * A message's lock placed by measured regions from its words alone (the head-on pair's cell, as
 * printed), for hosts that have the message and not the lock (the app): "gridlock from turn 41:
 * units 3 and 17 head-on at (12, 9); …" on a region named bridge becomes "gridlock at bridge from
 * turn 41: …". Unchanged when no region holds the cell or the words name a place already.
 */
export function placeLockWords(message: string | undefined, regions: readonly { name: string; from: readonly number[]; to: readonly number[] }[]): string | undefined {
  const found = message === undefined ? null : /^gridlock from turn \d+: units \d+ and \d+ head-on at \((\d+), (\d+)\)/.exec(message);
  if (!found) return message;
  const x = Number(found[1]);
  const y = Number(found[2]);
  const inside = (v: number, a: number, b: number) => v >= Math.min(a, b) && v <= Math.max(a, b);
  const region = regions.find((r) => inside(x, r.from[0], r.to[0]) && inside(y, r.from[1], r.to[1]));
  return region === undefined ? message : message!.replace(/^gridlock /, `gridlock at ${region.name} `);
}

/** The lock for --json: units numbered from 1, cells as [x, y]. */
export function gridlockJson(gridlock: Gridlock, grid: Grid, region: string | null): Record<string, unknown> {
  const xy = (cell: number): [number, number] => [grid.x(cell), grid.y(cell)];
  return {
    from: gridlock.from, region, stuck: gridlock.stuck.map((a) => a + 1), onMap: gridlock.onMap, shutOff: gridlock.shutOff,
    headOn: gridlock.headOn === null ? null : { units: gridlock.headOn.units.map((a) => a + 1), cell: xy(gridlock.headOn.cell) },
  };
}
