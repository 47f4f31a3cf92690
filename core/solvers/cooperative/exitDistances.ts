/**
 * HCA*'s and WHCA*'s abstract distance for a unit heading for a stream's exit: the distance to the
 * exit's nearest cell, one table per exit shared by every unit heading there (Silver 2005,
 * "Hierarchical Cooperative A*": the abstract distance ignores the other units, so it depends on
 * the goal alone, and a unit leaves on any cell of its exit, so the exit is its goal).
 *
 * Each unit's own Reverse Resumable A* towards its exit cell cost a search across the map as it
 * appeared: on Berlin_1_256 with 760 units appearing at once, 5.5 million RRA* expansions (2 s)
 * on turn 0 and 600,000 (266 ms) on turn 1, against 12,000 space-time expansions. A breadth-first
 * table per exit (LazyDistanceTable, filled as far as the queries need) is filled once per map.
 *
 * Only for units of one cell on a 4-connected map (the tables' moves); others keep their RRA*.
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import { FAR, type LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import type { StreamExitView } from '../../contract/controller.ts';
import type { AbstractDistance } from './spaceTimeAStar.ts';

/** One exit's table as an AbstractDistance: every answer exact (the table's search resumes as needed). */
class ExitDistance implements AbstractDistance {
  constructor(public table: LazyDistanceTable) {}

  distance(cell: number): number {
    const d = this.table.get(cell);
    return d >= FAR ? Infinity : d;
  }

  distanceWithin(cell: number, _budget: number): number {
    return this.distance(cell);
  }

  closedDistance(cell: number): number {
    return this.distance(cell);
  }

  get totalExpanded(): number {
    return this.table.discovered;
  }
}

export class ExitDistances {
  private readonly tables: GoalDistances | null;
  private readonly byExit: ExitDistance[] = [];
  /** Cells the tables of earlier map versions discovered (totalExpanded). */
  private dropped = 0;

  constructor(
    grid: Grid,
    movement: Movement,
    private readonly exits: StreamExitView,
  ) {
    this.tables = movement.connectivity === 4 ? new GoalDistances(grid) : null;
  }

  /** The abstract distance of a unit of `size` heading for exit `exit`, or null when it keeps its own RRA*. */
  forExit(exit: number, size: number): AbstractDistance | null {
    if (this.tables === null || size !== 1 || exit < 0) return null;
    const table = this.tables.areaTable(exit, this.exits.cells[exit]);
    let entry = this.byExit[exit];
    if (entry === undefined) entry = this.byExit[exit] = new ExitDistance(table);
    else if (entry.table !== table) {
      // The map changed (a door): GoalDistances built the table again.
      this.dropped += entry.table.discovered;
      entry.table = table;
    }
    return entry;
  }

  /** Cells the exits' tables discovered, over the run. */
  totalExpanded(): number {
    let total = this.dropped;
    for (const entry of this.byExit) if (entry !== undefined) total += entry.table.discovered;
    return total;
  }
}
