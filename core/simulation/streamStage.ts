/**
 * Streams as a change of the world (worldStages.ts), at the start of each turn after doors and
 * obstacles: units on their exit leave; units on a goal with errands get the next one; spawners
 * place the units due on free cells of their areas (none free, or the area holding its spawner's
 * admitted share of units, half by default: the backlog grows; streamAdmission.ts); the controller
 * is told (TurnController.unitsChanged). Lifelong MAPF's setting (Li et al., AAAI 2021: a new goal
 * on arrival, throughput the measure) with a game's spawners and exits.
 *
 * It records the stream's measures as it goes (streamMeasures.ts): goals reached and exits per
 * turn, units on the map, each spawner's backlog, each unit's appearance and departure.
 */
import type { Grid } from '../grid/grid.ts';
import { ABSENT } from '../mapf/plan.ts';
import { DEFAULT_ADMIT_SHARE, SpawnClock, type StreamErrands, type StreamTarget, type Streams } from '../mapf/streams.ts';
import type { StreamExitView, TurnController, WorldView } from '../contract/controller.ts';
import { Random } from '../util/random.ts';
import type { TurnRecord } from './turnRecord.ts';
import type { RunUnits } from './runUnits.ts';
import { StreamLog } from './streamMeasures.ts';
import { StreamAdmission } from './streamAdmission.ts';
import type { SimulationResult } from './simulationResult.ts';
import type { WorldStage } from './worldStages.ts';

/** What the stage reads of the run. */
export interface StreamRun {
  readonly units: RunUnits;
  readonly record: TurnRecord;
  readonly controller: TurnController;
  /** The live map (obstacles' cells closed). */
  readonly live: () => Grid;
  readonly view: WorldView;
  /** The view's positions follow the units' as they grow. */
  setPositions(positions: Int32Array): void;
}

interface Errand {
  plan: StreamErrands;
  next: number;
  /** The spawner's (or the scenario's) draws for regions and task lists. */
  random: Random;
}

export class StreamStage implements WorldStage {
  readonly log: StreamLog;
  private readonly clocks: SpawnClock[];
  private readonly backlog: number[];
  /** Per unit: its errands (null: none), whether it is heading for an exit (the exit's index, else -1). */
  private readonly errands: (Errand | null)[] = [];
  private readonly exitOf: number[] = [];
  private readonly random: Random;
  /**
   * During a turn's spawns, per exit, the exit cells units on the map are heading for (built at
   * the first unit heading there): gathering them for each unit that appeared scanned every unit
   * (the wave on Berlin_1_256, 200 units appearing among 1,000: 3 ms of a turn). Null otherwise.
   */
  private taken: (Set<number> | undefined)[] | null = null;
  /** Units on the map that have goals still to reach (not resting on a final goal). */
  private busy = 0;
  /** Holds spawned units back while their area holds the spawner's admitted share of units (streamAdmission.ts). */
  private readonly admission = new StreamAdmission();
  /** Per cell, the exit it belongs to (-1: none; the first, where exits overlap). */
  private readonly exitCell: Int32Array;
  /** What the controller sees of the exits (WorldView.exits). */
  readonly exitView: StreamExitView;

  constructor(
    private readonly run: StreamRun,
    private readonly streams: Streams,
    seed: number,
  ) {
    const { units } = run;
    if (streams.spawners.some((s) => s.size !== 1)) throw new RangeError(`spawner '${streams.spawners.find((s) => s.size !== 1)!.name}': spawned units are one cell (larger spawned units are not supported yet)`);
    this.random = new Random(seed);
    this.clocks = streams.spawners.map((s) => new SpawnClock(s));
    this.backlog = streams.spawners.map(() => 0);
    this.log = new StreamLog(streams.spawners.map((s) => s.name));
    this.exitCell = new Int32Array(units.occupancy.length).fill(-1);
    streams.exits.forEach((exit, e) => exit.cells.forEach((cell) => this.exitCell[cell] < 0 && (this.exitCell[cell] = e)));
    this.exitView = { of: (a) => this.exitOf[a] ?? -1, cells: streams.exits.map((e) => e.cells) };
    for (let a = 0; a < units.count; a++) {
      const placed = streams.placed[a];
      this.errands.push(placed?.errands ? { plan: placed.errands, next: 0, random: this.random } : null);
      this.exitOf.push(-1);
      this.log.appear(a, 0);
    }
  }

  /** Whether nothing more will happen: every spawner has sent its count and no unit has a goal left to reach. */
  done(): boolean {
    return this.busy === 0 && this.backlog.every((b) => b === 0) && this.streams.spawners.every((s, i) => this.clocks[i].sent >= s.count);
  }

  change(t: number): void {
    const { units, record } = this.run;
    const { positions, agents } = units;
    const left: number[] = [];
    const newGoal: number[] = [];
    const vacated = new Set<number>();
    let reached = 0;
    // Arrivals: a unit on its goal reached it; on any cell of its exit it leaves, with errands it takes the next goal.
    for (let a = 0; a < positions.length; a++) {
      const cell = positions[a];
      if (cell === ABSENT || !this.heading(a)) continue;
      const exit = this.exitOf[a];
      if (cell !== agents[a].goal && (exit < 0 || this.exitCell[cell] !== exit)) continue;
      reached++;
      if (exit >= 0) {
        // It stood on the exit at t (the replay shows it there); the cell is free from t + 1. Its
        // goal becomes the exit cell it took (the validator checks it arrived there).
        agents[a].goal = cell;
        vacated.add(cell);
        units.remove(a);
        left.push(a);
        this.log.leave(a, t);
        continue;
      }
      const errand = this.errands[a];
      const target = errand ? this.nextErrand(errand) : null;
      if (target === null) {
        this.log.rests(a);
        continue;
      }
      this.assign(a, target, cell);
      if (agents[a].goal !== cell) newGoal.push(a);
    }
    // Spawns: the units due join the backlog; each takes the first free cell of the area.
    const appeared: number[] = [];
    const live = this.run.live();
    this.admission.count(this.run.view.staticGrid ?? this.run.view.grid, units.positions, (a) => units.agents[a].goal);
    // While units appear nothing else changes goals: the exit cells taken are gathered once.
    this.taken = [];
    this.streams.spawners.forEach((spawner, s) => {
      this.backlog[s] += this.clocks[s].due(t);
      for (let k = 0; k < spawner.cells.length && this.backlog[s] > 0; k++) {
        const cell = spawner.cells[k];
        if (units.occupancy[cell] >= 0 || live.passable[cell] === 0 || vacated.has(cell)) continue;
        if (!this.admission.admits(cell, spawner.admitShare ?? DEFAULT_ADMIT_SHARE)) break;
        this.admission.appeared(cell);
        const a = units.add({ start: cell, goal: cell, size: 1, speed: spawner.speed, priority: spawner.priority });
        this.backlog[s]--;
        this.clocks[s].sent++;
        record.appeared(a, cell);
        this.errands.push(spawner.errands ? { plan: spawner.errands, next: 0, random: new Random(spawner.seed * 7919 + a) } : null);
        this.exitOf.push(-1);
        this.log.appear(a, t, s);
        this.assign(a, spawner.goal, cell);
        appeared.push(a);
      }
    });
    this.taken = null;
    if (appeared.length > 0) this.run.setPositions(units.positions);
    this.log.turn(t, reached, left.length, this.onMap(), this.backlog);
    if (appeared.length + left.length + newGoal.length > 0) this.run.controller.unitsChanged?.(this.run.view, { appeared, left, newGoal });
  }

  finish(result: SimulationResult): void {
    result.streams = this.log.summary(result.run.turns);
  }

  /** Whether unit a is still heading somewhere (not resting on a final goal). */
  private heading(a: number): boolean {
    return this.log.isBusy(a);
  }

  private onMap(): number {
    let count = 0;
    for (const cell of this.run.units.positions) if (cell !== ABSENT) count++;
    this.busy = 0;
    for (let a = 0; a < this.run.units.count; a++) if (this.run.units.positions[a] !== ABSENT && this.log.isBusy(a)) this.busy++;
    return count;
  }

  /** The next goal of an errand list (null: none left), or one drawn from its task list. */
  private nextErrand(errand: Errand): StreamTarget | null {
    const { plan } = errand;
    if (plan.kind === 'tasks') return plan.goals[errand.random.int(plan.goals.length)];
    if (errand.next >= plan.goals.length) {
      if (!plan.repeat) return null;
      errand.next = 0;
    }
    return plan.goals[errand.next++];
  }

  /** The exit cells units on the map other than unit a are heading for, of exit `exit`. */
  private takenCells(a: number, exit: number): Set<number> {
    const held = this.taken?.[exit];
    if (held !== undefined) return held;
    const { positions, agents } = this.run.units;
    const taken = new Set<number>();
    for (let b = 0; b < positions.length; b++) if (b !== a && positions[b] !== ABSENT && this.exitOf[b] === exit) taken.add(agents[b].goal);
    if (this.taken !== null) this.taken[exit] = taken;
    return taken;
  }

  /** Unit a (on `from`) heads for `target`: a cell, a drawn cell of a region, or the nearest cell of an exit. */
  private assign(a: number, target: StreamTarget, from: number): void {
    const agents = this.run.units.agents;
    const width = this.run.live().width;
    this.exitOf[a] = -1;
    if (target.kind === 'cell') agents[a].goal = target.cell;
    else if (target.kind === 'region') agents[a].goal = target.cells[(this.errands[a]?.random ?? this.random).int(target.cells.length)];
    else {
      this.exitOf[a] = target.exit;
      // The nearest exit cell no other unit on the map is heading for (planners that keep a unit's
      // goal reserved would otherwise queue every unit for one cell), else the nearest.
      const cells = this.streams.exits[target.exit].cells;
      const taken = this.takenCells(a, target.exit);
      const open = cells.filter((c) => !taken.has(c));
      agents[a].goal = nearest(open.length > 0 ? open : cells, from, width);
      if (this.taken !== null) taken.add(agents[a].goal);
    }
    this.log.heads(a);
  }
}

/** The cell of `cells` nearest `from` in moves along rows and columns (the first of equals). */
function nearest(cells: readonly number[], from: number, width: number): number {
  let best = cells[0];
  let bestDistance = Infinity;
  const fx = from % width;
  const fy = (from - fx) / width;
  for (const cell of cells) {
    const x = cell % width;
    const d = Math.abs(x - fx) + Math.abs((cell - x) / width - fy);
    if (d < bestDistance) {
      best = cell;
      bestDistance = d;
    }
  }
  return best;
}
