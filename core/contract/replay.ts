/**
 * A replay: every agent's cell at every turn of a simulated run, plus the events of the run, so
 * the app can scrub through it and tests can validate it. Positions are one flat typed array
 * (`positions[t * agents + a]`) with a format version the receiver checks, like every large
 * payload that crosses the solver-process boundary (STYLE.md, "The solver process protocol").
 */
import { Grid } from '../grid/grid.ts';
import type { MapfInstance } from '../mapf/instance.ts';
import { ABSENT } from '../mapf/plan.ts';
import { type ValidationOptions, type ValidationResult, type Violation, validatePlan } from '../mapf/validator.ts';
import type { TurnEvent } from './controller.ts';
import type { AppliedMapChange } from '../mapf/mapEvents.ts';
import type { PlanWindows } from './planWindows.ts';

export const REPLAY_FORMAT = 'mapf-lab/replay';
export const REPLAY_VERSION = 1;

export interface Replay {
  format: typeof REPLAY_FORMAT;
  version: typeof REPLAY_VERSION;
  width: number;
  height: number;
  agents: number;
  /** Turns executed: positions holds turns + 1 states (t = 0 … turns); -1 (ABSENT) where a stream's unit is not on the map yet or has left. */
  turns: number;
  positions: Int32Array;
  events: TurnEvent[];
  /** Map changes in the order applied; replaying them over the initial grid gives the map at any t. */
  mapChanges: AppliedMapChange[];
  /**
   * The controller's planned windows (planWindows.ts), only when the run was asked to record them
   * (SimulationOptions.recordPlans) and the controller reserves plans (CA*, HCA*, WHCA*). Optional
   * and with its own format version, so the replay's version is unchanged and readers that do
   * not know it ignore it.
   */
  windows?: PlanWindows;
}

/** A replay's frames: what the validator and the paths read (a replay whose events travel as columns has them too). */
export type ReplayFrames = Omit<Replay, 'events' | 'windows'>;

/** Throws when a replay is not one this code can read (wrong format or a newer version). */
export function checkReplay(replay: { format?: unknown; version?: unknown; agents?: unknown; turns?: unknown; positions?: unknown }): asserts replay is ReplayFrames {
  if (replay.format !== REPLAY_FORMAT) throw new TypeError(`not a replay: format is ${String(replay.format)}, expected ${REPLAY_FORMAT}`);
  if (replay.version !== REPLAY_VERSION) throw new TypeError(`replay version ${String(replay.version)} is not supported (expected ${REPLAY_VERSION})`);
  const { agents, turns, positions } = replay as ReplayFrames;
  if (!(positions instanceof Int32Array) || positions.length !== (turns + 1) * agents) {
    throw new TypeError(`replay positions must be an Int32Array of (turns + 1) * agents = ${(turns + 1) * agents} cells`);
  }
}

/** Grows the position buffer by doubling, so a run of unknown length costs amortised O(1) a turn. */
export class ReplayRecorder {
  private buffer: Int32Array;
  private states = 0;
  readonly events: TurnEvent[] = [];
  readonly mapChanges: AppliedMapChange[] = [];

  constructor(private readonly agents: number, expectedTurns: number) {
    this.buffer = new Int32Array(Math.max(1, agents) * Math.max(2, Math.min(expectedTurns + 1, 4096)));
  }

  record(positions: Int32Array): void {
    const end = (this.states + 1) * this.agents;
    if (end > this.buffer.length) {
      const grown = new Int32Array(Math.max(end, this.buffer.length * 2));
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer.set(positions, this.states * this.agents);
    this.states++;
  }

  finish(width: number, height: number): Replay {
    return {
      format: REPLAY_FORMAT,
      version: REPLAY_VERSION,
      width,
      height,
      agents: this.agents,
      turns: this.states - 1,
      positions: this.buffer.slice(0, this.states * this.agents),
      events: this.events,
      mapChanges: this.mapChanges,
    };
  }
}

/** Agent a's cell at turn t. */
export function replayCell(replay: ReplayFrames, t: number, a: number): number {
  return replay.positions[t * replay.agents + a];
}

/** One path per agent, t = 0 … turns. */
export function replayPaths(replay: ReplayFrames): number[][] {
  const paths: number[][] = [];
  for (let a = 0; a < replay.agents; a++) {
    const path = new Array<number>(replay.turns + 1);
    for (let t = 0; t <= replay.turns; t++) path[t] = replay.positions[t * replay.agents + a];
    paths.push(path);
  }
  return paths;
}

/**
 * Validates a replay with the one plan validator. Without map changes that is one call; with
 * them, the run is cut at each change and every stretch is checked on the map in force during
 * it (a step from t to t + 1 is judged on the map of turn t), with times shifted back.
 */
export function validateReplay(instance: MapfInstance, replay: ReplayFrames, options: ValidationOptions = {}): ValidationResult {
  checkReplay(replay);
  const paths = replayPaths(replay);
  const settings: ValidationOptions = { ...options, requireGoals: options.requireGoals ?? false };
  if (replay.mapChanges.length === 0) return validatePlan(instance, paths, settings);

  const grid: Grid = instance.grid.clone();
  const cuts = [...new Set(replay.mapChanges.map((c) => c.t))].sort((x, y) => x - y);
  const violations: Violation[] = [];
  let from = 0;
  let change = 0;
  for (let k = 0; k <= cuts.length; k++) {
    const to = k < cuts.length ? cuts[k] : replay.turns;
    if (to > from || k === cuts.length) {
      const slice = paths.map((p) => p.slice(from, to + 1));
      // A stream's unit starts the stretch where it first stands in it (ABSENT: not yet on the map, or gone).
      const agents = instance.agents.map((task, a) => ({ ...task, start: slice[a].find((cell) => cell !== ABSENT) ?? ABSENT }));
      const result = validatePlan({ grid, movement: instance.movement, agents }, slice, { ...settings, requireGoals: k === cuts.length && settings.requireGoals });
      for (const v of result.violations) violations.push({ ...v, t: v.t + from, message: `${v.message} (times from t=${from})` });
    }
    while (change < replay.mapChanges.length && replay.mapChanges[change].t === to && k < cuts.length) {
      for (const cell of replay.mapChanges[change].cells) grid.setPassable(cell, replay.mapChanges[change].passable);
      change++;
    }
    from = to;
  }
  return { valid: violations.length === 0, violations };
}
