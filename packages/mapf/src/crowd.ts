/**
 * A per-frame crowd: units as discs with continuous positions (the engine crowd models of the lab,
 * core/solvers/crowd/), added, removed and sent elsewhere by the game, each step() a turn of the
 * lab's fixed time steps. The lab's models are set up over a fixed set of units; when the units
 * change, the model is set up again over those now on the map, each resuming where it stands at
 * the speed it had (CrowdResume), its path (ORCA) or its goal's field (flow field) kept, so a crowd
 * whose units are all added before its first step moves exactly as the lab's run of the same units.
 */
import type { CrowdRun } from '../../../core/solvers/crowd/crowdWorld.ts';
import { footprintCell } from '../../../core/solvers/crowd/crowdWorld.ts';
import { readCrowdParams } from '../../../core/solvers/crowd/params.ts';
import { components } from '../../../core/mapf/reachability.ts';
import { FOUR_CONNECTED, type Movement, OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import type { Cell, GridMap } from './cells.ts';
import type { CrowdModel, CrowdShared } from './crowdModels.ts';
import { MapfInputError } from './errors.ts';

/** How createCrowd sets a crowd up. */
export interface CrowdOptions {
  /** The model: `orca`, `flowField` or `detour` (import the one you use). */
  model: CrowdModel;
  /**
   * The model's params (the lab's docs/solvers.md): the shared radius (cells, default 0.3),
   * maxSpeed (cells a turn, default 1), acceleration, stepsPerTurn (default 4), and its own.
   */
  params?: Record<string, unknown>;
  /**
   * The grid moves the units' paths are planned in, as a MAPF Lab scenario's `connectivity`
   * (ORCA's paths follow them; the other models steer freely): 8 (default) lets a path run
   * diagonally, never past a wall's corner; 4 plans along rows and columns.
   */
  connectivity?: 4 | 8;
}

/** Where a unit stands after a step. */
export interface UnitPosition {
  /** The unit's id, as addUnit returned it. */
  id: number;
  /** Its centre, in cells from the map's left edge: the unit stands in column Math.floor(x). */
  x: number;
  /** Its centre, in cells from the map's top edge: the unit stands in row Math.floor(y). */
  y: number;
  /** Whether its centre is in its goal cell. */
  atGoal: boolean;
}

/** What one step() of a crowd did. */
export interface CrowdStepResult {
  /** The turn just played, from 0. */
  turn: number;
  /** Every unit on the map, in the order they were added. */
  units: UnitPosition[];
  /** Milliseconds the step took, setting the model up again after changes included. */
  planMs: number;
}

/** One unit as the game knows it; its continuous state between set-ups. */
interface CrowdUnit {
  id: number;
  goal: number;
  /** The cell the model plans from: the last free cell its centre was in. */
  cell: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  removed: boolean;
  /** Its index in the model's world, -1 before its first set-up. */
  slot: number;
  /** Its goal changed since the last set-up (a path kept from it would lead elsewhere). */
  newGoal: boolean;
}

/**
 * Makes a crowd on `map` (units are added afterwards with addUnit). Asynchronous because Detour's
 * WebAssembly loads before its first use (once per page or process); the other models are ready
 * at once. Call dispose() when the crowd is no longer needed.
 */
export async function createCrowd(map: GridMap, options: CrowdOptions): Promise<Crowd> {
  const crowd = new Crowd(map, options);
  await options.model.prepare?.();
  return crowd;
}

/** Units as discs that keep coming and going, moved one turn at a time. Make one with createCrowd. */
export class Crowd {
  private readonly map: GridMap;
  private readonly model: CrowdModel;
  private readonly params: Record<string, unknown>;
  private readonly stepsPerTurn: number;
  private readonly movement: Movement;
  private readonly shared: CrowdShared = {};
  /** By id - 1; removed units stay, marked. */
  private readonly units: CrowdUnit[] = [];
  /** The units in the model's world, in its order. */
  private inWorld: CrowdUnit[] = [];
  private run: CrowdRun | undefined;
  private changed = false;
  private turn = 0;
  /** Which cells reach which: a unit's goal must lie in its start's component. */
  private labels: Int32Array | undefined;

  /** @internal Use createCrowd. */
  constructor(map: GridMap, options: CrowdOptions) {
    const model = options?.model;
    if (model?.setUp === undefined) throw new MapfInputError('createCrowd: options.model must be one of the exported crowd models (orca, flowField, detour)');
    this.map = map;
    this.model = model;
    this.params = options.params ?? {};
    const connectivity = options.connectivity ?? 8;
    if (connectivity !== 4 && connectivity !== 8) throw new MapfInputError(`createCrowd: connectivity must be 4 or 8, got ${JSON.stringify(connectivity)}`);
    this.movement = connectivity === 4 ? FOUR_CONNECTED : OCTILE_NO_CUT;
    try {
      this.stepsPerTurn = readCrowdParams(model.name, model.params, this.params).settings.stepsPerTurn;
    } catch (error) {
      throw new MapfInputError((error as Error).message);
    }
  }

  /** Units on the map now. */
  get size(): number {
    let count = 0;
    for (const unit of this.units) if (!unit.removed) count++;
    return count;
  }

  /**
   * Puts a unit at the centre of `start` heading for `goal`; returns its id (1, 2, 3, ... in the
   * order added). It moves from the next step() on. Throws when a cell is a wall or off the map,
   * when another unit stands in `start`, or when no way leads from `start` to `goal`.
   */
  addUnit(start: Cell, goal: Cell): number {
    const id = this.units.length + 1;
    const from = this.map.indexOf(start, `unit ${id}'s start`);
    const to = this.map.indexOf(goal, `unit ${id}'s goal`);
    const holder = this.units.find((u) => !u.removed && footprintCell(this.map.grid, u.x, u.y, 1) === from);
    if (holder !== undefined) throw new MapfInputError(`unit ${id}'s start (${start.x}, ${start.y}) is taken by unit ${holder.id}`);
    this.checkReach(id, from, to);
    const grid = this.map.grid;
    this.units.push({ id, goal: to, cell: from, x: grid.x(from) + 0.5, y: grid.y(from) + 0.5, vx: 0, vy: 0, removed: false, slot: -1, newGoal: false });
    this.changed = true;
    return id;
  }

  /** Takes unit `id` off the map (it is in nobody's way from the next step on). */
  removeUnit(id: number): void {
    this.unit(id, 'removeUnit').removed = true;
    this.changed = true;
  }

  /** Sends unit `id` to a new goal from the next step() on. Throws when no way leads there. */
  setGoal(id: number, goal: Cell): void {
    const unit = this.unit(id, 'setGoal');
    const to = this.map.indexOf(goal, `unit ${id}'s goal`);
    this.checkReach(id, unit.cell, to);
    unit.goal = to;
    unit.newGoal = true;
    this.changed = true;
  }

  /** Where unit `id`'s centre is now, in cells (continuous), as the last step() left it. */
  position(id: number): UnitPosition {
    return this.positionOf(this.unit(id, 'position'));
  }

  /** Moves every unit by one turn (the model's stepsPerTurn time steps) and says where each is. */
  step(): CrowdStepResult {
    const started = performance.now();
    if (this.changed) this.setUp();
    const run = this.run;
    if (run !== undefined) {
      const { world } = run;
      const dt = 1 / this.stepsPerTurn;
      for (let s = 0; s < this.stepsPerTurn; s++) run.step(world, dt);
      const grid = this.map.grid;
      for (let a = 0; a < world.n; a++) {
        const unit = this.inWorld[a];
        unit.x = world.x[a];
        unit.y = world.y[a];
        unit.vx = world.vx[a];
        unit.vy = world.vy[a];
        const cell = world.cellOf(a);
        if (grid.isFree(cell)) unit.cell = cell;
      }
    }
    const planMs = performance.now() - started;
    const units = this.inWorld.map((u) => this.positionOf(u));
    return { turn: this.turn++, units, planMs };
  }

  /** Frees what the model holds outside JavaScript's heap (Detour's WebAssembly memory). */
  dispose(): void {
    this.run?.dispose?.();
    this.run = undefined;
    this.shared.dispose?.();
    this.inWorld = [];
  }

  /** The model set up again over the units on the map, each resuming where it stands. */
  private setUp(): void {
    const live = this.units.filter((u) => !u.removed);
    let run: CrowdRun | undefined;
    if (live.length > 0) {
      const instance = { grid: this.map.grid, movement: this.movement, agents: live.map((u) => ({ start: u.cell, goal: u.goal })) };
      const resume = {
        x: Float64Array.from(live, (u) => u.x),
        y: Float64Array.from(live, (u) => u.y),
        vx: Float64Array.from(live, (u) => u.vx),
        vy: Float64Array.from(live, (u) => u.vy),
        // A* + ORCA's paths of units that keep their goals, so only new ones are searched.
        paths: live.map((u) => (u.slot >= 0 && !u.newGoal ? this.run?.pathOf?.(u.slot) : undefined)),
      };
      const made = this.model.setUp(instance, this.params, resume, this.shared);
      // The lab's messages number units in its instance; the game knows them by id.
      if ('status' in made) throw new MapfInputError(`${this.model.name}: ${(made.message ?? made.status).replace(/unit (\d+)/g, (_, k: string) => `unit ${live[Number(k) - 1]?.id ?? k}`)}`);
      run = made;
    }
    this.run?.dispose?.();
    this.run = run;
    for (const unit of this.inWorld) unit.slot = -1;
    live.forEach((unit, a) => {
      unit.slot = a;
      unit.newGoal = false;
    });
    this.inWorld = live;
    this.changed = false;
  }

  private positionOf(unit: CrowdUnit): UnitPosition {
    return { id: unit.id, x: unit.x, y: unit.y, atGoal: footprintCell(this.map.grid, unit.x, unit.y, 1) === unit.goal };
  }

  private checkReach(id: number, from: number, to: number): void {
    // Without cutting corners, 4 and 8 neighbours join the same cells.
    this.labels ??= components(this.map.grid, this.movement, 1, null);
    if (this.labels[from] !== this.labels[to]) {
      const grid = this.map.grid;
      throw new MapfInputError(`unit ${id} cannot reach its goal (${grid.x(to)}, ${grid.y(to)}) from (${grid.x(from)}, ${grid.y(from)}): walls part them`);
    }
  }

  private unit(id: number, what: string): CrowdUnit {
    const unit = Number.isInteger(id) ? this.units[id - 1] : undefined;
    if (unit === undefined) throw new MapfInputError(`${what}: there is no unit ${id}`);
    if (unit.removed) throw new MapfInputError(`${what}: unit ${id} was removed`);
    return unit;
  }
}
