/**
 * Where WPPL's distances to a goal come from. WPPL reads an all-pairs table built offline
 * (DiligentPanda/MAPF-LRR2023, src/util/HeuristicTable.cpp: gigabytes on the large maps). Here a
 * goal's breadth-first table (distanceTables.ts) when the team's goals fit the table cache; past
 * that (warehouse_large with 5,000 robots: the cache holds about 1,700 tables, and building one
 * per robot per PIBT step rebuilt 129,264 tables in 28 steps, each step over its limit) a goal's
 * table if it is kept, else the Manhattan distance, and at most BUILDS_A_WINDOW new tables a
 * window, so the goals asked about first (the robots PIBT serves first) gain tables over time.
 * Or, given guide paths (guidePaths.ts, as EPIBT uses them past the cache; wppl's `distances:
 * 'guides'`), a robot's distance to its goal is its guide path's cost: the cells left along a
 * traffic-flow-aware path, which steers opposing streams apart. With LNS it measured no better
 * than tables and Manhattan (docs/lorr.md, WPPL), so it is not the default.
 */
import type { DistanceTables, LazyTable } from '../distanceTables.ts';
import type { MapGraph } from '../mapGraph.ts';
import type { CellDistance } from '../epibt/headingDistance.ts';
import type { GuidePaths } from '../guidePaths.ts';
import { UNREACHED } from '../pathDistance.ts';

const BUILDS_A_WINDOW = 32;

export class GoalDistances {
  private readonly graph: MapGraph;
  private readonly tables: DistanceTables;
  /** Whether goals' tables are built (the team's goals fit the cache). */
  readonly build: boolean;
  private table: LazyTable | null = null;
  private goal = -1;
  private builds = 0;
  /** Robots' guide paths, or null: distances from tables (and Manhattan) alone. */
  guides: GuidePaths | null = null;
  /** The robot whose guide path gives the distances `select`ed, or -1. */
  private guided = -1;
  /** The distance to the goal last `select`ed. */
  readonly distance: CellDistance = (cell: number): number => {
    if (this.guided >= 0) {
      const c = this.guides!.cost(this.guided, cell);
      if (c !== UNREACHED) return c;
    }
    return this.table !== null ? this.table.get(cell) : this.graph.manhattan(cell, this.goal);
  };

  constructor(graph: MapGraph, tables: DistanceTables, robots: number) {
    this.graph = graph;
    this.tables = tables;
    this.build = robots <= tables.capacity / 2;
  }

  /** A new window: its budget of tables to build. */
  beginWindow(): void {
    this.builds = 0;
  }

  /**
   * No more tables this window: from here on a goal's distances stay the ones its robot's cost
   * was counted with (a table built in the middle of LNS would make old and new costs differ).
   */
  freeze(): void {
    this.builds = BUILDS_A_WINDOW;
  }

  /** Points `distance` at `goal` (robot's guide path to it when there is one) and returns it. */
  select(goal: number, robot = -1): CellDistance {
    this.goal = goal;
    this.guided = this.guideOf(robot, goal);
    this.table = this.guided >= 0 ? this.tables.cached(goal) : this.tableOf(goal);
    return this.distance;
  }

  /** The distance from `cell` to `goal` (along robot's guide path to it when there is one). */
  between(cell: number, goal: number, robot = -1): number {
    if (this.guideOf(robot, goal) >= 0) {
      const c = this.guides!.cost(robot, cell);
      if (c !== UNREACHED) return c;
      const kept = this.tables.cached(goal);
      return kept !== null ? kept.get(cell) : this.graph.manhattan(cell, goal);
    }
    const table = this.tableOf(goal);
    return table !== null ? table.get(cell) : this.graph.manhattan(cell, goal);
  }

  private guideOf(robot: number, goal: number): number {
    return robot >= 0 && this.guides !== null && this.guides.goalOf(robot) === goal ? robot : -1;
  }

  private tableOf(goal: number): LazyTable | null {
    if (this.build) return this.tables.table(goal);
    const kept = this.tables.cached(goal);
    if (kept !== null || this.builds >= BUILDS_A_WINDOW) return kept;
    this.builds++;
    return this.tables.table(goal);
  }
}
