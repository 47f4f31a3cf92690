/**
 * Distance-to-goal tables, one breadth-first search per goal, kept in a least-recently-used cache
 * bounded in bytes. The Start-Kit's default planner keeps one table per goal for the whole run
 * (default_planner/heuristics.cpp, `global_heuristictable`, four bytes per cell, never freed);
 * at 10,000 robots on warehouse_large that is thousands of tables, so here a table is two bytes
 * per free cell and the least recently used one is dropped when the budget is reached.
 */
import { FAR, type MapGraph } from './mapGraph.ts';

export const DEFAULT_TABLE_BYTES = 384 * 1024 * 1024;

export class DistanceTables {
  private readonly graph: MapGraph;
  private readonly capacity: number;
  /** Goal cell -> table, in least- to most-recently-used order (Map keeps insertion order). */
  private readonly tables = new Map<number, Uint16Array>();
  /** Searches run (each one a table built). */
  built = 0;

  constructor(graph: MapGraph, budgetBytes = DEFAULT_TABLE_BYTES) {
    this.graph = graph;
    this.capacity = Math.max(4, Math.floor(budgetBytes / (2 * Math.max(1, graph.freeCells.length))));
  }

  /** The table of `goal`, built if missing (a breadth-first search over the map). */
  table(goal: number): Uint16Array {
    const found = this.tables.get(goal);
    if (found !== undefined) {
      this.tables.delete(goal);
      this.tables.set(goal, found);
      return found;
    }
    let table: Uint16Array;
    if (this.tables.size >= this.capacity) {
      const oldest = this.tables.keys().next().value as number;
      table = this.tables.get(oldest)!;
      this.tables.delete(oldest);
    } else {
      table = new Uint16Array(this.graph.freeCells.length);
    }
    this.graph.distancesFrom(goal, table);
    this.built++;
    this.tables.set(goal, table);
    return table;
  }

  /** The table of `goal` if cached, else null (no search). */
  cached(goal: number): Uint16Array | null {
    return this.tables.get(goal) ?? null;
  }

  /** Distance from `cell` to `goal` (FAR when unreachable), building the goal's table if missing. */
  distance(cell: number, goal: number): number {
    return this.table(goal)[this.graph.freeIndex[cell]];
  }
}

export { FAR };
