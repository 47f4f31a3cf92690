/**
 * Moving obstacles as the turn simulator moves them (Patel,
 * "Dealing with moving obstacles"): each follows its timetable (core/mapf/obstacles.ts),
 * and one whose next footprint a unit stands on waits and falls behind (right of way: obstacles
 * wait, as a closing door does). The live map is the map with the cells obstacles hold closed:
 * what units know `now`. Doors edit the map underneath; `syncCells` carries them into the live map.
 */
import { Grid } from '../grid/grid.ts';
import { type MovingObstacle, ObstacleError, type ObstacleTimetable, cellAfterSteps, obstacleTimetable } from '../mapf/obstacles.ts';
import type { ObstacleMoves } from '../contract/obstacleRepair.ts';
import { footprintCells } from '../grid/footprint.ts';

export class ObstacleMotion {
  /** The map with the cells obstacles hold closed. */
  readonly live: Grid;
  /** Each obstacle's anchor at every turn so far, as it moved (delays included). */
  readonly paths: number[][];
  /** Steps put off because a unit stood in the way. */
  waits = 0;
  readonly timetables: ObstacleTimetable[];
  /** Each obstacle's anchor now, and the steps of its timetable it has made (updated in place). */
  readonly at: number[];
  readonly stepsDone: number[];
  private readonly sizes: number[];
  /** Obstacles holding each cell (they may overlap one another). */
  private readonly held: Uint16Array;

  /** `unitCells`: the cells units cover at turn 0 (an obstacle may not start on one). */
  constructor(
    private readonly grid: Grid,
    obstacles: readonly MovingObstacle[],
    unitCells: (cell: number) => number,
  ) {
    this.live = grid.clone();
    this.timetables = obstacles.map((o) => obstacleTimetable(grid, o));
    this.sizes = obstacles.map((o) => o.size ?? 1);
    this.at = this.timetables.map((t) => cellAfterSteps(t, 0));
    this.stepsDone = obstacles.map(() => 0);
    this.paths = this.at.map((cell) => [cell]);
    this.held = new Uint16Array(grid.cells);
    this.at.forEach((anchor, i) => {
      for (const cell of this.cover(i, anchor)) {
        const unit = unitCells(cell);
        if (unit >= 0) throw new ObstacleError(obstacles[i].id, 0, `it starts on the start (${grid.x(cell)}, ${grid.y(cell)}) of unit ${unit + 1}`);
        this.hold(cell, 1, null);
      }
    });
  }

  /** Whether an obstacle holds `cell` now. */
  holds(cell: number): boolean {
    return this.held[cell] > 0;
  }

  /**
   * Moves every obstacle to its place at turn t + 1 (due on its timetable), unless a unit covers
   * a cell of its next footprint (`unitCells(cell) >= 0`): then it waits. Returns what changed.
   */
  step(t: number, unitCells: (cell: number) => number): ObstacleMoves {
    const moves = { closed: [] as number[], opened: [] as number[], from: [] as number[], to: [] as number[], heldCells: [] as number[], heldBy: [] as number[] };
    const changed = { closed: moves.closed, opened: moves.opened };
    for (let i = 0; i < this.timetables.length; i++) {
      if (this.stepsDone[i] < this.due(i, t + 1)) {
        const next = cellAfterSteps(this.timetables[i], this.stepsDone[i] + 1);
        const footprint = this.cover(i, next);
        const held = footprint.filter((cell) => unitCells(cell) >= 0);
        if (held.length > 0) {
          this.waits++;
          for (const cell of held) {
            moves.heldCells.push(cell);
            moves.heldBy.push(unitCells(cell));
          }
        } else {
          for (const cell of this.cover(i, this.at[i])) this.hold(cell, -1, changed);
          for (const cell of footprint) this.hold(cell, 1, changed);
          moves.from.push(this.at[i]);
          moves.to.push(next);
          this.at[i] = next;
          this.stepsDone[i]++;
        }
      }
      this.paths[i].push(this.at[i]);
    }
    // A cell left and taken again in one turn did not change.
    const net = (list: number[], open: 0 | 1) => list.filter((cell, k) => this.live.passable[cell] === open && list.indexOf(cell) === k);
    moves.closed = net(moves.closed, 0);
    moves.opened = net(moves.opened, 1);
    return moves;
  }

  /** After doors changed `cells` of the map: the live map follows, except where an obstacle stands. */
  syncCells(cells: readonly number[]): void {
    for (const cell of cells) this.live.setPassable(cell, this.grid.passable[cell] === 1 && this.held[cell] === 0);
  }

  /** Each obstacle's footprint size. */
  get footprintSizes(): readonly number[] {
    return this.sizes;
  }

  /** Steps obstacle i is due to have made by turn t. */
  due(i: number, t: number): number {
    const { speed = 1, startTurn = 0 } = this.timetables[i].obstacle;
    return t <= startTurn ? 0 : Math.floor((t - startTurn) / speed);
  }

  private cover(i: number, anchor: number): number[] {
    const size = this.sizes[i];
    const out = new Int32Array(size * size);
    footprintCells(anchor, size, this.grid.width, out);
    return Array.from(out);
  }

  private hold(cell: number, delta: number, changed: { closed: number[]; opened: number[] } | null): void {
    this.held[cell] += delta;
    const free = this.held[cell] === 0 && this.grid.passable[cell] === 1;
    if (changed !== null && (this.live.passable[cell] === 1) !== free) (free ? changed.opened : changed.closed).push(cell);
    this.live.setPassable(cell, free);
  }
}
