/**
 * PIBT as a turn controller (Okumura et al., IJCAI 2019 / AIJ 2022): PIBT plans one timestep at a
 * time, which is exactly a turn of the simulator, so it runs online: every turn it takes the
 * units where they stand, and timed map events simply change the grid its next step reads (its
 * distance tables belong to a version of the grid and are rebuilt, lazily, after a change).
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import type { ControllerCounters, ControllerOptions, TurnController, TurnEvent, WorldView } from '../../contract/controller.ts';
import { Pibt } from '../../planning/pibt.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { checkPibtUnits, readNoParams } from './units.ts';

/**
 * Cells the distance searches may discover in one turn of a stream, about 9 ms here (760 tables
 * of Berlin_1_256, 65,000 cells each, took 1.1 s: 22 ns a cell). It must exceed what a turn's new
 * units need in steady state (4 a turn across Berlin: 260,000), or their tables never catch up:
 * at 200,000 the units led by bounds made 642 exits in 400 turns against 798 without a budget.
 */
const STREAM_DISCOVERIES_PER_TURN = 400_000;

export class PibtController implements TurnController {
  private readonly agents: readonly AgentTask[];
  private readonly seed: number;
  private pibt: Pibt | null = null;
  /**
   * In a stream: the run's index of each of the Pibt's units (those on the map), rebuilt when units
   * come, go or get a goal; each keeps its priority (turns away from its goal) across the change,
   * which PIBT's guarantee that every unit reaches its goal rests on. Null: a batch.
   */
  private ids: number[] | null = null;
  private distances: GoalDistances | null = null;
  private dirty = false;
  /** The occupancy buffers every rebuilt Pibt reuses (PibtOptions.buffers). */
  private buffers: { now: Int32Array; next: Int32Array } | null = null;
  private from = new Int32Array(0);
  private to = new Int32Array(0);
  /**
   * Streams: each unit's priority (PIBT's turns away from its goal) by its index in the run,
   * written when the Pibt is rebuilt and read back for the units still on the map (a Map of every
   * unit's priority, made each turn, was most of the rebuild's work besides the tables).
   */
  private elapsedOf = new Float64Array(0);
  /** Streams: each exit's table for the grid version `exitVersion` (a unit heading there reads it). */
  private exitTables: (LazyDistanceTable | undefined)[] = [];
  private exitVersion = -1;

  constructor(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions) {
    readNoParams('pibt', options.params);
    checkPibtUnits('pibt', instance.movement, instance.agents);
    this.agents = instance.agents;
    this.seed = options.seed;
  }

  init(world: WorldView): void {
    // Setting up runs every unit's distance table out to its start: the time limit bounds it.
    this.pibt = new Pibt(world.grid, world.positions, this.agents.map((a) => a.goal), this.seed, undefined, { shouldStop: () => world.interrupted?.() === true });
  }

  /** Streams: the units on the map plan again as one PIBT, keeping their priorities; the new ones start at 0. */
  unitsChanged(): void {
    this.dirty = true;
  }

  step(world: WorldView, next: Int32Array, _emit: (event: TurnEvent) => void): void {
    // In a stream the distance searches of a turn share a budget: when hundreds of units appear
    // at once their tables fill over the next turns, the units meanwhile led by a lower bound.
    if (this.distances !== null) this.distances.budget.left = STREAM_DISCOVERIES_PER_TURN;
    if (this.dirty) this.rebuild(world);
    const ids = this.ids;
    if (ids === null) {
      this.pibt!.step(world.positions, next);
      return;
    }
    if (ids.length === 0) return;
    for (let k = 0; k < ids.length; k++) this.from[k] = world.positions[ids[k]];
    this.pibt!.step(this.from, this.to);
    for (let k = 0; k < ids.length; k++) next[ids[k]] = this.to[k];
  }

  private rebuild(world: WorldView): void {
    this.dirty = false;
    const calls = this.pibt?.calls ?? 0;
    const previous = this.pibt;
    if (previous !== null) {
      if (this.elapsedOf.length < world.agents.length) {
        const grown = new Float64Array(Math.max(world.agents.length, 2 * this.elapsedOf.length));
        grown.set(this.elapsedOf);
        this.elapsedOf = grown;
      }
      // A batch's Pibt (set up in init) has every unit, in the run's order.
      const before = this.ids;
      for (let k = 0; k < previous.n; k++) this.elapsedOf[before === null ? k : before[k]] = previous.elapsed[k];
    }
    const ids: number[] = [];
    for (let a = 0; a < world.positions.length; a++) if (world.positions[a] >= 0) ids.push(a);
    this.ids = ids;
    this.from = Int32Array.from(ids, (a) => world.positions[a]);
    this.to = new Int32Array(ids.length);
    // One distance cache for the run: a goal's table is filled once, whoever heads there.
    this.distances ??= new GoalDistances(world.grid);
    this.distances.budget.left = STREAM_DISCOVERIES_PER_TURN;
    // A unit heading for an exit follows the distances to the exit's nearest cell (it leaves on any):
    // one table per exit, filled once, instead of one per unit (Berlin_1_256's 1,000 units would
    // otherwise fill about as many tables of 65,000 cells as they appear). Held here by exit, so
    // a rebuild asks the cache (a Map lookup and an LRU touch) once per exit, not once per unit.
    const exits = world.exits;
    const distances = this.distances;
    if (this.exitVersion !== world.grid.version) {
      this.exitTables = [];
      this.exitVersion = world.grid.version;
    }
    const tables = this.exitTables;
    const areaTable = exits ? (k: number) => {
      const e = exits.of(ids[k]);
      return e < 0 ? null : (tables[e] ??= distances.areaTable(e, exits.cells[e]));
    } : undefined;
    if (this.buffers?.now.length !== world.grid.cells) this.buffers = { now: new Int32Array(world.grid.cells), next: new Int32Array(world.grid.cells) };
    const pibt = (this.pibt = new Pibt(world.grid, this.from, ids.map((a) => world.agents[a].goal), this.seed + world.t, this.distances, { areaTable, buffers: this.buffers }));
    pibt.calls = calls;
    // Units new to the map start at 0 (elapsedOf is zero past the units seen so far).
    for (let k = 0; k < ids.length; k++) pibt.elapsed[k] = ids[k] < this.elapsedOf.length ? this.elapsedOf[ids[k]] : 0;
  }

  counters(): ControllerCounters {
    // A PIBT call decides one unit's cell: the closest thing it has to a node expanded.
    return { expanded: this.pibt?.calls ?? 0, reservations: 0 };
  }
}

export function createPibtController(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions): PibtController {
  return new PibtController(instance, options);
}
