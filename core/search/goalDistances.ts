/**
 * The distance tables of one solver: one LazyDistanceTable per goal (or per exit area) for the
 * grid's current version, their distances carved from shared blocks, the least recently used
 * dropped beyond a memory budget. Split from lazyDistanceTable.ts, which holds one table's search.
 */
import type { Grid } from '../grid/grid.ts';
import type { StepTable } from './stepTable.ts';
import { DiscoveryBudget, LazyDistanceTable } from './lazyDistanceTable.ts';
import { distanceTableBytes } from './gridShape.ts';

/**
 * Largest block GoalDistances allocates its tables' distances in, and most tables in one: a
 * solver on a tiny map asks for a few tables, and zeroing 16 MB for them made LaCAM's
 * brute-force test 10x slower.
 */
const BLOCK_BYTES = 16 * 1024 * 1024;
const BLOCK_TABLES = 64;

/** Default memory for one solver's distance tables: 10,000 goals on a 256x256 map fit. */
export const DEFAULT_DISTANCE_BUDGET_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * One LazyDistanceTable per goal for the grid's current version, least recently used dropped
 * beyond `budgetBytes` (counted at each table's distances, 2 or 4 bytes a cell; a search's queue,
 * released when it is exhausted, comes on top). A step that needs more tables than the budget
 * holds still gets them all (they are rebuilt the next time): the budget bounds what is kept.
 */
export class GoalDistances {
  private readonly grid: Grid;
  private readonly budgetBytes: number;
  private readonly steps: StepTable | null;
  private version: number;
  private perTable: number;
  /** Insertion order is use order: a table used is moved to the end. */
  private readonly tables = new Map<number, LazyDistanceTable>();
  /** Tables built, rebuilds included (a measure of the cache's work). */
  built = 0;
  /**
   * Distance arrays are cut from blocks of up to BLOCK_BYTES: 1,000 tables of 128 kB each
   * allocated apart (den520d) kept V8's collector busy with the external memory (scavenges with
   * a 6 MB heap, one every few tables). A dropped table's array is not reused, as a caller may
   * still hold the table (PIBT keeps its units' tables for a step); its block goes once all of
   * the block's tables have gone, which LRU order makes nearly block by block.
   */
  private block: Uint16Array | Int32Array | null = null;
  private blockUsed = 0;
  /** Shared by every table built here: set `left` each turn to spread their searches (default: no limit). */
  readonly budget = new DiscoveryBudget();

  /**
   * `steps`: the movement's moves when not 4-connected (LazyDistanceTable's). `focused`: every
   * table searches towards the first cell asked of it (LazyDistanceTable's focused tables; the
   * discovery budget then does not apply): for a solver that asks each goal's distance from its
   * unit's start first and then mostly near the unit's way (LaCAM).
   */
  constructor(grid: Grid, budgetBytes = DEFAULT_DISTANCE_BUDGET_BYTES, steps: StepTable | null = null, private readonly focused = false) {
    this.grid = grid;
    this.budgetBytes = budgetBytes;
    this.steps = steps;
    this.version = grid.version;
    this.perTable = distanceTableBytes(grid);
  }

  /** The table of `goal`, built (lazily) if not held (`sources`: areaTable's cells, under its negative key). */
  table(goal: number, sources?: readonly number[]): LazyDistanceTable {
    if (this.grid.version !== this.version) {
      this.tables.clear();
      this.block = null;
      this.version = this.grid.version;
      this.perTable = distanceTableBytes(this.grid);
    }
    let table = this.tables.get(goal);
    if (table !== undefined) {
      this.tables.delete(goal);
      this.tables.set(goal, table);
      return table;
    }
    while (this.tables.size > 0 && (this.tables.size + 1) * this.perTable > this.budgetBytes) {
      const oldest = this.tables.keys().next().value as number;
      this.tables.delete(oldest);
    }
    // An area's key is negative (areaTable): its first cell stands for it as the table's goal; an area's table is never focused.
    const focused = this.focused && sources === undefined;
    table = new LazyDistanceTable(this.grid, sources?.[0] ?? goal, this.steps, this.takeStorage, focused ? null : this.budget, sources, focused);
    this.tables.set(goal, table);
    this.built++;
    return table;
  }

  /**
   * The table of distances to the nearest cell of an area (a stream's exit: a unit leaves on any
   * of its cells), built lazily if not held; `key` names the area (areas are told apart from
   * goals by it; the same key must always give the same cells).
   */
  areaTable(key: number, cells: readonly number[]): LazyDistanceTable {
    return this.table(-1 - key, cells);
  }

  /** Zeroed memory for one more table's distances, taken at the table's first search. */
  private readonly takeStorage = (): Uint16Array | Int32Array => this.storage();

  private storage(): Uint16Array | Int32Array {
    const cells = this.grid.cells;
    if (this.block === null || this.blockUsed + cells > this.block.length) {
      // Never more tables in a block than the budget holds (a small budget: one table a block).
      const tables = Math.max(1, Math.min(BLOCK_TABLES, Math.floor(BLOCK_BYTES / this.perTable), Math.floor(this.budgetBytes / this.perTable)));
      this.block = this.perTable === 2 * cells ? new Uint16Array(tables * cells) : new Int32Array(tables * cells);
      this.blockUsed = 0;
    }
    const slice = this.block.subarray(this.blockUsed, this.blockUsed + cells);
    this.blockUsed += cells;
    return slice;
  }

  /** Tables held now. */
  get size(): number {
    return this.tables.size;
  }
}
