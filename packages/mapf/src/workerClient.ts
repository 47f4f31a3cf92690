/**
 * A planner in a Web Worker, driven from the game's main thread: unit changes are queued at
 * once (ids are given out here, as the worker's planner gives them), and `step()` posts them with
 * the turn's step and resolves with its result, so planning never takes the main thread's frame.
 */
import type { Cell, GridMap } from './cells.ts';
import { MapfInputError } from './errors.ts';
import type { StepResult } from './planner.ts';
import type { FromWorker, ToWorker, UnitCommand } from './workerProtocol.ts';

/** The part of a Worker the client uses. */
export interface WorkerLike {
  /** Sends a message to the worker. */
  postMessage(message: unknown): void;
  /** Receives the worker's messages. */
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** How connectPlanner sets the worker's planner up: as createPlanner's options, the kind by name. */
export interface WorkerPlannerOptions {
  /** The kind's name ('pibt', 'whca', 'rhcr'): one the worker's servePlanner was given. */
  kind: string;
  /** As PlannerOptions.seed. */
  seed?: number;
  /** As PlannerOptions.params. */
  params?: Record<string, unknown>;
  /** As PlannerOptions.stepBudgetMs. */
  stepBudgetMs?: number;
}

/** A planner running in a worker: the Planner's calls, step() answered asynchronously. */
export class WorkerPlanner {
  private commands: UnitCommand[] = [];
  private units = 0;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (result: StepResult) => void; reject: (error: Error) => void }>();

  /** @internal Use connectPlanner. */
  constructor(
    private readonly worker: WorkerLike,
    private readonly map: GridMap,
  ) {
    worker.addEventListener('message', (event) => {
      const message = event.data as FromWorker;
      if (message.type === 'created') return;
      const pending = this.waiting.get(message.id);
      if (pending === undefined) return;
      this.waiting.delete(message.id);
      if (message.type === 'stepped') pending.resolve(message.result);
      else pending.reject(message.input ? new MapfInputError(message.message) : new Error(message.message));
    });
  }

  /** Queues a unit on `start` heading for `goal`; returns its id (1, 2, 3, ... in the order added). */
  addUnit(start: Cell, goal: Cell): number {
    // Walls and the map's edge are refused here, at once; a start another unit holds, in the worker.
    this.map.indexOf(start, `unit ${this.units + 1}'s start`);
    this.map.indexOf(goal, `unit ${this.units + 1}'s goal`);
    const id = ++this.units;
    this.commands.push({ op: 'add', id, start: { x: start.x, y: start.y }, goal: { x: goal.x, y: goal.y } });
    return id;
  }

  /** Queues the removal of unit `id`. */
  removeUnit(id: number): void {
    this.commands.push({ op: 'remove', id });
  }

  /** Queues a new goal for unit `id`. */
  setGoal(id: number, goal: Cell): void {
    this.map.indexOf(goal, `unit ${id}'s goal`);
    this.commands.push({ op: 'goal', id, goal: { x: goal.x, y: goal.y } });
  }

  /** Sends the queued changes and plans one turn in the worker; rejects with MapfInputError for bad changes. */
  step(): Promise<StepResult> {
    const id = this.next++;
    const message: ToWorker = { type: 'step', id, commands: this.commands };
    this.commands = [];
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage(message);
    });
  }
}

/**
 * Sets up a planner on `map` in `worker`, a Web Worker whose script called servePlanner; resolves
 * once the worker has it.
 */
export function connectPlanner(worker: WorkerLike, map: GridMap, options: WorkerPlannerOptions): Promise<WorkerPlanner> {
  const grid = map.grid;
  return new Promise((resolve, reject) => {
    const planner = new WorkerPlanner(worker, map);
    const listener = (event: { data: unknown }): void => {
      const message = event.data as FromWorker;
      if (message.type === 'created') resolve(planner);
      else if (message.type === 'failed' && message.id === 0) reject(message.input ? new MapfInputError(message.message) : new Error(message.message));
    };
    worker.addEventListener('message', listener);
    const create: ToWorker = { type: 'create', width: grid.width, height: grid.height, passable: grid.passable.slice(), kind: options.kind, seed: options.seed, params: options.params, stepBudgetMs: options.stepBudgetMs };
    worker.postMessage(create);
  });
}
