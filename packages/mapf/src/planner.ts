/**
 * A per-frame planner for units that come and go: the game adds and removes units and changes
 * their goals, then each step() gives every unit's next cell. It runs a lab turn controller the
 * way the lab's simulator runs a stream (core/simulation/simulator.ts and streamStage.ts): the
 * changes told first (TurnController.unitsChanged), then the controller's step, then the moves
 * that break a rule refused (core/simulation/moveResolver.ts), so the same inputs and seed give
 * the same moves as the lab.
 */
import type { StreamExitView, TurnController, TurnEvent, WorldView } from '../../../core/contract/controller.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import { DEFAULT_RULES } from '../../../core/mapf/validator.ts';
import { MoveResolver } from '../../../core/simulation/moveResolver.ts';
import { RebuildController } from '../../../core/simulation/rebuildController.ts';
import { RunUnits } from '../../../core/simulation/runUnits.ts';
import type { Cell, GridMap } from './cells.ts';
import { MapfInputError } from './errors.ts';
import type { PlannerKind } from './plannerKinds.ts';

/** How createPlanner sets a planner up. */
export interface PlannerOptions {
  /** The algorithm: `pibt`, `whca` or `rhcr` (import the one you use). */
  kind: PlannerKind;
  /** Seed of every random choice: the same seed and the same calls, the same moves. Default 0. */
  seed?: number;
  /** The algorithm's own parameters (the lab's docs/solvers.md), e.g. { window: 8 } for whca. */
  params?: Record<string, unknown>;
  /**
   * Milliseconds one step() may plan for. WHCA* leaves the units it has not planned when the
   * time is up waiting this turn; RHCR's LaCAM stops and PIBT plans the window; PIBT's step is one
   * pass and is not cut short. `overBudget` says when a step took longer. Default: no limit.
   */
  stepBudgetMs?: number;
}

/** One unit's move in a step. */
export interface UnitMove {
  /** The unit's id, as addUnit returned it. */
  id: number;
  /** Its cell after the step. */
  x: number;
  /** Its cell after the step. */
  y: number;
  /** Whether it stands on its goal after the step. */
  atGoal: boolean;
}

/** What one step() did. */
export interface StepResult {
  /** The turn just played, from 0. */
  turn: number;
  /** Every unit on the map, in the order they were added. */
  moves: UnitMove[];
  /** Milliseconds the planner took. */
  planMs: number;
  /** Whether the step took longer than stepBudgetMs. */
  overBudget: boolean;
  /** Moves the rules refused (two units on a cell, a swap): 0 for a sound planner. */
  refused: number;
}

/** Makes a per-frame planner on `map` (units are added afterwards with addUnit). */
export function createPlanner(map: GridMap, options: PlannerOptions): Planner {
  return new Planner(map, options);
}

/** Units that keep coming and going, planned one turn at a time. Make one with createPlanner. */
export class Planner {
  private readonly map: GridMap;
  private readonly units: RunUnits;
  private readonly view: { -readonly [K in keyof WorldView]: WorldView[K] };
  private readonly controller: TurnController;
  private readonly resolver: MoveResolver;
  private readonly budgetMs: number;
  private appeared: number[] = [];
  private left: number[] = [];
  private newGoal: number[] = [];
  private deadline = Infinity;
  private turn = 0;

  /** @internal Use createPlanner. */
  constructor(map: GridMap, options: PlannerOptions) {
    if (options?.kind?.factory === undefined) throw new MapfInputError('createPlanner: options.kind must be one of the exported planners (pibt, whca, rhcr)');
    this.map = map;
    this.budgetMs = options.stepBudgetMs ?? Infinity;
    if (!(this.budgetMs > 0)) throw new MapfInputError(`createPlanner: stepBudgetMs must be more than 0, got ${options.stepBudgetMs}`);
    const grid = map.grid;
    this.units = new RunUnits([], grid.cells, true);
    // The controller is made over no units, as the lab's stream makes it; units arrive by unitsChanged.
    const world = { grid, movement: FOUR_CONNECTED, agents: [] };
    const controllerOptions = { seed: options.seed ?? 0, params: options.params ?? {} };
    let controller: TurnController;
    try {
      controller = options.kind.factory(world, controllerOptions);
    } catch (error) {
      throw new MapfInputError(`${options.kind.name}: ${(error as Error).message}`);
    }
    // As the simulator does: a controller that cannot take changing units is rebuilt at each change.
    this.controller = controller.unitsChanged ? controller : new RebuildController(world, options.kind.factory, controllerOptions);
    this.view = {
      t: 0, grid, movement: FOUR_CONNECTED, agents: this.units.agents, positions: this.units.positions,
      interrupted: () => performance.now() > this.deadline,
      // A stream without exits (the controllers tell a stream from a batch by it: RHCR's lane rule).
      exits: NO_EXITS,
    };
    this.resolver = new MoveResolver(grid.cells);
    this.controller.init(this.view);
  }

  /** Units on the map now. */
  get size(): number {
    let count = 0;
    for (const cell of this.units.positions) if (cell !== ABSENT) count++;
    return count;
  }

  /**
   * Puts a unit on `start` heading for `goal`; returns its id (1, 2, 3, ... in the order added).
   * It moves from the next step() on. Throws when `start` is a wall or taken by another unit.
   */
  addUnit(start: Cell, goal: Cell): number {
    const what = `unit ${this.units.count + 1}`;
    const from = this.map.indexOf(start, `${what}'s start`);
    const to = this.map.indexOf(goal, `${what}'s goal`);
    const holder = this.units.occupancy[from];
    if (holder >= 0) throw new MapfInputError(`${what}'s start (${start.x}, ${start.y}) is taken by unit ${holder + 1}`);
    const a = this.units.add({ start: from, goal: to, size: 1, speed: 1, priority: 0 });
    this.view.positions = this.units.positions;
    this.appeared.push(a);
    return a + 1;
  }

  /** Takes unit `id` off the map (it is in nobody's way from the next step on). */
  removeUnit(id: number): void {
    const a = this.indexOf(id, 'removeUnit');
    this.units.remove(a);
    this.left.push(a);
  }

  /** Sends unit `id` to a new goal from the next step() on. */
  setGoal(id: number, goal: Cell): void {
    const a = this.indexOf(id, 'setGoal');
    this.units.agents[a].goal = this.map.indexOf(goal, `unit ${id}'s goal`);
    this.newGoal.push(a);
  }

  /** Where unit `id` stands now. */
  position(id: number): Cell {
    return this.map.cellAt(this.units.positions[this.indexOf(id, 'position')]);
  }

  /** Plans one turn: every unit's next cell. The units are then there (the game animates the move). */
  step(): StepResult {
    const { units, view, controller } = this;
    const t = this.turn;
    view.t = t;
    const started = performance.now();
    this.deadline = started + this.budgetMs;
    if (this.appeared.length + this.left.length + this.newGoal.length > 0) {
      const changes = { appeared: this.appeared, left: this.left, newGoal: this.newGoal };
      this.appeared = [];
      this.left = [];
      this.newGoal = [];
      controller.unitsChanged?.(view, changes);
    }
    units.next.set(units.positions);
    controller.step(view, units.next, ignoreEvent);
    const planMs = performance.now() - started;
    const overBudget = planMs > this.budgetMs;
    this.deadline = Infinity;
    let refused = 0;
    this.resolver.resolve(view.grid, FOUR_CONNECTED, DEFAULT_RULES, t, units.positions, units.next, () => refused++);
    units.makeMoves();
    this.turn++;
    const moves: UnitMove[] = [];
    for (let a = 0; a < units.count; a++) {
      const cell = units.positions[a];
      if (cell === ABSENT) continue;
      moves.push({ id: a + 1, x: view.grid.x(cell), y: view.grid.y(cell), atGoal: cell === units.agents[a].goal });
    }
    return { turn: t, moves, planMs, overBudget, refused };
  }

  private indexOf(id: number, what: string): number {
    const a = id - 1;
    if (!Number.isInteger(id) || a < 0 || a >= this.units.count) throw new MapfInputError(`${what}: there is no unit ${id}`);
    if (this.units.positions[a] === ABSENT) throw new MapfInputError(`${what}: unit ${id} was removed`);
    return a;
  }
}

function ignoreEvent(_event: TurnEvent): void {}

const NO_EXITS: StreamExitView = { of: () => -1, cells: [] };
