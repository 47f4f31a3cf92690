/**
 * Any turn controller in a stream: when units appear, leave or get a new goal, the controller is
 * built again over the units on the map, each starting where it stands and heading for its goal
 * now, and plans them all (its `init`, timed as part of that turn). Between changes it runs as
 * built. Units plan when they appear or get a goal, as the issue asks; the others plan again with
 * them, which costs more than a controller that takes the changes itself (TurnController.unitsChanged).
 * The rebuilt controller's clock starts at 0 on the turn it was built (its plans are timed from
 * its init); its events are shifted back to the run's turns and units.
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { AgentTask } from '../mapf/instance.ts';
import { ABSENT } from '../mapf/plan.ts';
import type { ControllerCounters, ControllerFactory, ControllerOptions, TurnController, TurnEvent, WorldView } from '../contract/controller.ts';
import type { ObstacleMoves, ObstacleRepair } from '../contract/obstacleRepair.ts';

export class RebuildController implements TurnController {
  private inner: TurnController | null = null;
  /** The run's index of each of the inner controller's units. */
  private ids: number[] = [];
  private innerOf = new Int32Array(0);
  private dirty = true;
  private positions = new Int32Array(0);
  private next = new Int32Array(0);
  private view: WorldView & { t: number } = null as unknown as WorldView & { t: number };
  private retiredExpanded = 0;
  /** The turn the controller was built: its clock starts there (plans are timed from its init). */
  private builtAt = 0;
  private repair: ObstacleRepair | null = null;
  /** Times the controller was built (the first included). */
  rebuilds = 0;

  constructor(
    private readonly world: { grid: Grid; movement: Movement },
    private readonly factory: ControllerFactory,
    private readonly options: ControllerOptions,
  ) {}

  init(view: WorldView): void {
    this.build(view);
  }

  unitsChanged(): void {
    this.dirty = true;
  }

  step(view: WorldView, next: Int32Array, emit: (event: TurnEvent) => void): void {
    if (this.dirty) this.build(view);
    if (this.inner === null) return;
    const { ids, positions } = this;
    for (let k = 0; k < ids.length; k++) positions[k] = view.positions[ids[k]];
    this.next.set(positions);
    this.view.t = view.t - this.builtAt;
    this.inner.step(this.view, this.next, (event) => emit(this.outer(event)));
    for (let k = 0; k < ids.length; k++) next[ids[k]] = this.next[k];
  }

  mapChanged(view: WorldView, cells: readonly number[]): void {
    if (!this.dirty) this.inner?.mapChanged?.(this.view, cells);
  }

  setObstacleRepair(repair: ObstacleRepair): void {
    this.repair = repair;
  }

  obstaclesMoved(_view: WorldView, moves: ObstacleMoves): void {
    if (this.dirty || this.inner === null) return;
    this.inner.obstaclesMoved?.(this.view, { ...moves, heldBy: moves.heldBy.map((a) => this.innerOf[a] ?? -1) });
  }

  counters(): ControllerCounters {
    const c = this.inner?.counters() ?? { expanded: 0, reservations: 0 };
    return { expanded: this.retiredExpanded + c.expanded, reservations: c.reservations };
  }

  /** A new controller over the units on the map, starting where they stand; its init plans them. */
  private build(view: WorldView): void {
    this.dirty = false;
    if (this.inner !== null) this.retiredExpanded += this.inner.counters().expanded;
    this.inner = null;
    const ids: number[] = [];
    for (let a = 0; a < view.positions.length; a++) if (view.positions[a] !== ABSENT) ids.push(a);
    this.ids = ids;
    this.innerOf = new Int32Array(view.positions.length).fill(-1);
    ids.forEach((a, k) => (this.innerOf[a] = k));
    if (ids.length === 0) return;
    const agents: AgentTask[] = ids.map((a) => ({ ...view.agents[a], start: view.positions[a] }));
    this.positions = Int32Array.from(agents, (a) => a.start);
    this.next = new Int32Array(ids.length);
    this.builtAt = view.t;
    this.inner = this.factory({ grid: this.world.grid, movement: this.world.movement, agents }, this.options);
    this.rebuilds++;
    if (this.repair !== null) this.inner.setObstacleRepair?.(this.repair);
    this.view = { t: 0, grid: view.grid, staticGrid: view.staticGrid, obstacles: view.obstacles, movement: view.movement, agents, positions: this.positions, interrupted: view.interrupted };
    this.inner.init(this.view);
  }

  private outer(event: TurnEvent): TurnEvent {
    const map = (k: number) => (k >= 0 && k < this.ids.length ? this.ids[k] : k);
    return { ...event, t: event.t + this.builtAt, agent: map(event.agent), others: event.others?.map(map) };
  }
}
