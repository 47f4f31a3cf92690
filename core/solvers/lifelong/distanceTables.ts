/**
 * Distance-to-goal tables, one breadth-first search per goal, resumable: a table grows only as far
 * as the cells asked about (Start-Kit 2024 default_planner/heuristics.cpp `get_heuristic`, which
 * keeps each goal's open list and expands it until the asked cell is reached). Goals the
 * scheduler hands out are mostly near the robot, so most tables stay small. The Start-Kit keeps a
 * table per goal for the whole run (four bytes per cell, never freed); at 10,000 robots on
 * warehouse_large that is thousands of tables, so here a table is two bytes per free cell plus its
 * open list, in a least-recently-used cache bounded in bytes.
 */
import { FAR, type MapGraph } from './mapGraph.ts';

export const DEFAULT_TABLE_BYTES = 384 * 1024 * 1024;

/** One goal's distances, filled lazily. */
export class LazyTable {
  goal = -1;
  /** Distance by free-cell number; FAR = not reached yet (or, once `done`, unreachable). */
  readonly dist: Uint16Array;
  private readonly queue: Int32Array;
  private head = 0;
  private tail = 0;
  private readonly graph: MapGraph;

  constructor(graph: MapGraph) {
    this.graph = graph;
    this.dist = new Uint16Array(graph.freeCells.length);
    this.queue = new Int32Array(graph.freeCells.length);
  }

  reset(goal: number): void {
    this.goal = goal;
    this.dist.fill(FAR);
    this.head = 0;
    this.tail = 0;
    this.dist[this.graph.freeIndex[goal]] = 0;
    this.queue[this.tail++] = goal;
  }

  /** Distance from `cell` to the goal, expanding the search as far as needed (FAR when unreachable). */
  get(cell: number): number {
    const fi = this.graph.freeIndex[cell];
    const known = this.dist[fi];
    return known !== FAR ? known : this.expandTo(fi);
  }

  private expandTo(target: number): number {
    const { dist, queue, graph } = this;
    const { start, neighbours, freeIndex } = graph;
    while (this.head < this.tail) {
      const c = queue[this.head++];
      const d = dist[freeIndex[c]] + 1;
      if (d >= FAR) continue;
      for (let k = start[c], end = start[c + 1]; k < end; k++) {
        const n = neighbours[k];
        const fi = freeIndex[n];
        if (dist[fi] !== FAR) continue;
        dist[fi] = d;
        queue[this.tail++] = n;
      }
      if (dist[target] !== FAR) return dist[target];
    }
    return FAR;
  }

  /** Cells reached so far. */
  get reached(): number {
    return this.tail;
  }
}

export class DistanceTables {
  private readonly graph: MapGraph;
  /** Tables kept at most. */
  readonly capacity: number;
  /** Goal cell -> table, in least- to most-recently-used order (Map keeps insertion order). */
  private readonly tables = new Map<number, LazyTable>();
  /** Tables started (a new goal, or one dropped and asked for again). */
  built = 0;

  constructor(graph: MapGraph, budgetBytes = DEFAULT_TABLE_BYTES) {
    this.graph = graph;
    this.capacity = Math.max(4, Math.floor(budgetBytes / (6 * Math.max(1, graph.freeCells.length))));
  }

  /** The table of `goal`, started if missing. */
  table(goal: number): LazyTable {
    const found = this.tables.get(goal);
    if (found !== undefined) {
      this.tables.delete(goal);
      this.tables.set(goal, found);
      return found;
    }
    let table: LazyTable;
    if (this.tables.size >= this.capacity) {
      const oldest = this.tables.keys().next().value as number;
      table = this.tables.get(oldest)!;
      this.tables.delete(oldest);
    } else {
      table = new LazyTable(this.graph);
    }
    table.reset(goal);
    this.built++;
    this.tables.set(goal, table);
    return table;
  }

  /** The table of `goal` if kept, else null. */
  cached(goal: number): LazyTable | null {
    return this.tables.get(goal) ?? null;
  }

  /** Distance from `cell` to `goal` (FAR when unreachable). */
  distance(cell: number, goal: number): number {
    return this.table(goal).get(cell);
  }
}

export { FAR };
