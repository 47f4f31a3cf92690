/**
 * The turn loop's first stage (turnLoop.ts): the world changes before the controller plans. Each
 * kind of change is one stage with the same four moments in a turn, so a new kind of change is one
 * new stage:
 *
 * - `change(t)`: at the start of turn t, before the controller plans (a door opens, an obstacle
 *   steps), telling the controller what changed;
 * - `refuse(t)`: after the controller chose its moves and before the move resolver, refusing the
 *   moves this change forbids (recorded as collisions);
 * - `moved()`: after the moves are made (the stage follows the units' new cells);
 * - `finish(result)`: at the end, adding the stage's checks and records to the result.
 *
 * Doors are timed map events (core/mapf/mapEvents.ts); moving obstacles step on their timetables
 * and wait for a unit in their way (obstacleMotion.ts; Patel's article).
 */
import type { Grid } from '../grid/grid.ts';
import type { AgentTask } from '../mapf/instance.ts';
import { type MapEvent, MapEventQueue } from '../mapf/mapEvents.ts';
import { type MovingObstacle, obstacleViolations } from '../mapf/obstacles.ts';
import type { TurnController, WorldView } from '../contract/controller.ts';
import { DEFAULT_OBSTACLE_REPAIR, type ObstacleRepair } from '../contract/obstacleRepair.ts';
import type { Collision } from './moveResolver.ts';
import { ObstacleMotion } from './obstacleMotion.ts';
import type { TurnRecord } from './turnRecord.ts';
import type { SimulationResult } from './simulationResult.ts';
import type { TurnStage } from './turnLoop.ts';

/** What every stage may read and touch of a run. */
export interface RunState {
  readonly grid: Grid;
  readonly agents: readonly AgentTask[];
  readonly controller: TurnController;
  readonly view: WorldView;
  /** Each unit's cell now (at the turn's start; after `moved`, the new cells). */
  readonly positions: Int32Array;
  /** The moves the controller chose (refuse() may set a unit's back to its cell). */
  readonly next: Int32Array;
  /** The unit on each cell (its anchor), -1 when none. */
  readonly occupancy: Int32Array;
  readonly record: TurnRecord;
}

/** A change of the world in the simulator: the turn loop's stage (turnLoop.ts) with the simulator's result to add to. */
export interface WorldStage extends TurnStage {
  finish?(result: SimulationResult): void;
  /** Whether the stage holds `cell` closed to a change of the map (an obstacle stands there). */
  holds?(cell: number): boolean;
}

/** Doors: timed map events fire when due, unless a unit or an obstacle stands on a cell they would close. */
export class DoorStage implements WorldStage {
  private readonly queue: MapEventQueue;

  constructor(
    private readonly run: RunState,
    events: readonly MapEvent[],
    /** Obstacles, when the run has them: a door does not close on one, and their live map follows the doors. */
    private readonly obstacles: ObstacleStage | null,
  ) {
    this.queue = new MapEventQueue(events);
  }

  change(t: number): void {
    if (this.queue.size === 0) return;
    const { run, obstacles } = this;
    const changes = this.queue.applyDue(run.grid, t, (cell) => run.occupancy[cell] >= 0 || (obstacles !== null && obstacles.holds(cell)));
    if (changes.length === 0) return;
    const changed: number[] = [];
    for (const change of changes) {
      run.record.recorder.mapChanges.push(change);
      changed.push(...change.cells);
      for (const cell of change.cells) run.record.events.push({ kind: 'map-change', t, agent: -1, cell, detail: change.passable ? 'opened' : 'closed' });
    }
    obstacles?.motion.syncCells(changed);
    run.controller.mapChanged?.(run.view, changed);
  }
}

/**
 * Moving obstacles: they step at the start of each turn (one waits while a unit covers its next
 * cell), the controller, told what moved, plans on the live map where the cells they hold are
 * closed, a unit moving onto one is refused (a collision), and the validator checks the units
 * against the obstacles' executed cells.
 */
export class ObstacleStage implements WorldStage {
  readonly motion: ObstacleMotion;
  /** The unit whose footprint covers each cell (right of way), -1 when none. */
  private readonly covered: Int32Array;
  /** Cells marked in `covered`, to clear them (a unit that left the map included). */
  private marked: number[] = [];

  constructor(
    private readonly run: RunState,
    obstacles: readonly MovingObstacle[],
    repair: ObstacleRepair | undefined,
  ) {
    const { controller, agents, grid } = run;
    if (!controller.setObstacleRepair || !controller.obstaclesMoved) throw new Error('this solver does not take moving obstacles');
    if (agents.some((a) => (a.speed ?? 1) !== 1)) throw new RangeError('units among moving obstacles move at speed 1 (an obstacle could step into the cell a slow unit is moving into)');
    this.covered = new Int32Array(grid.cells).fill(-1);
    this.cover();
    this.motion = new ObstacleMotion(grid, obstacles, (cell) => this.covered[cell]);
    controller.setObstacleRepair(repair ?? DEFAULT_OBSTACLE_REPAIR);
  }

  holds(cell: number): boolean {
    return this.motion.holds(cell);
  }

  change(t: number): void {
    const moves = this.motion.step(t, (cell) => this.covered[cell]);
    if (moves.from.length > 0 || moves.heldBy.length > 0) this.run.controller.obstaclesMoved!(this.run.view, moves);
  }

  /** A move onto a cell an obstacle holds is refused (the unit stays: obstacles never step onto a unit) and recorded. */
  refuse(t: number): void {
    const { positions, next, record } = this.run;
    const width = this.run.grid.width;
    for (let a = 0; a < next.length; a++) {
      if (next[a] === positions[a]) continue;
      const size = this.run.agents[a].size ?? 1;
      let held = -1;
      for (let dy = 0; dy < size && held < 0; dy++) for (let dx = 0; dx < size; dx++) if (this.motion.holds(next[a] + dy * width + dx)) held = next[a] + dy * width + dx;
      if (held < 0) continue;
      const collision: Collision = { rule: 'obstacle', agents: [a], t, cell: held };
      record.reportCollision(collision);
      next[a] = positions[a];
    }
    for (const cell of this.marked) this.covered[cell] = -1;
    this.marked = [];
  }

  moved(): void {
    this.cover();
  }

  finish(result: SimulationResult): void {
    const { motion } = this;
    const grid = this.run.grid;
    const sizes = this.run.agents.map((a) => a.size ?? 1);
    const validation = result.validation;
    if (validation) {
      for (const v of obstacleViolations(result.paths, motion.paths, motion.footprintSizes, grid.width, sizes)) {
        validation.valid = false;
        validation.violations.push({ rule: 'obstacle', agents: [v.unit], t: v.t, cell: v.cell, message: `unit ${v.unit + 1} ${v.kind === 'swap' ? 'swaps with' : 'is on'} obstacle ${v.obstacle + 1} at (${grid.x(v.cell)}, ${grid.y(v.cell)}), t=${v.t}` });
      }
    }
    result.obstaclePaths = motion.paths;
    result.obstacleWaits = motion.waits;
    result.obstacleSizes = motion.footprintSizes;
    result.counts = this.run.controller.obstacleCounts?.();
  }

  /** Marks every unit's footprint with its index (units not on the map have none). */
  private cover(): void {
    const { positions, agents } = this.run;
    const w = this.run.grid.width;
    for (let a = 0; a < positions.length; a++) {
      if (positions[a] < 0) continue;
      const size = agents[a].size ?? 1;
      for (let dy = 0; dy < size; dy++) {
        for (let dx = 0; dx < size; dx++) {
          const cell = positions[a] + dy * w + dx;
          this.covered[cell] = a;
          this.marked.push(cell);
        }
      }
    }
  }
}
