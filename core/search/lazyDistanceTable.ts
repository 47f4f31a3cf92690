/**
 * Distances to a goal on a 4-connected grid (or in turns over a StepTable's moves), computed lazily: a breadth-first search from the goal
 * that runs only as far as the queries need. Unit costs make BFS settle cells in order of
 * distance, so a cell's distance is final the moment it is discovered, and a query resumes the
 * search until its cell is discovered (or the goal's region is exhausted: unreachable). PIBT and
 * LaCAM ask for the distances of the cells next to each unit, which on large maps is a small part
 * of the map: eager all-goal tables dominate their time there (Okumura, lacam3, AAMAS 2024).
 *
 * GoalDistances keeps one table per goal for one version of the grid (an edit of the map drops
 * them all) within a memory budget: past it the least recently used tables are dropped and
 * rebuilt if asked again.
 */
import type { Grid } from '../grid/grid.ts';
import type { StepTable } from './stepTable.ts';

/** The distance of a cell that cannot reach the goal (a whole number, so sums stay exact). */
export const FAR = 0x3fffffff;

/**
 * Cells the searches of many tables may still discover this turn, shared by them (a stream where
 * hundreds of units appear at once, each with a goal across the map: PIBT on Berlin_1_256 spent
 * 1.1 s on one turn building 760 tables). Past it a query of a cell not yet discovered is
 * answered with a lower bound (the grid distance, or the search's frontier distance, whichever is
 * larger) and the search resumes on a later turn. Infinity: no limit (every batch run).
 */
export class DiscoveryBudget {
  left = Infinity;
}

export class LazyDistanceTable {
  readonly goal: number;
  private readonly grid: Grid;
  /**
   * Distance + 1 of every discovered cell, 0 for cells not discovered yet: 2 bytes a cell when
   * every distance fits (fewer free cells than 65,535: den520d, Berlin_1_256 and every 256x256
   * map), else 4. Ten thousand goals on a 256x256 map then take 1.3 GB instead of 2.6.
   */
  private readonly dist: Uint16Array | Int32Array;
  private queue: Int32Array;
  /**
   * The movement's moves when they are not the four orthogonal ones (8-connected CBS: every
   * move, diagonal too, is one turn, so BFS over stepTable.ts's neighbours gives the turns to
   * the goal); null: 4-connected, the inline moves below.
   */
  private readonly steps: StepTable | null;
  private head = 0;
  private tail = 0;
  /** resumeWithin's stop: the search pauses once `tail` reaches it. */
  private limit = Infinity;
  /** Cells discovered so far (the work done). */
  get discovered(): number {
    return this.tail;
  }

  constructor(grid: Grid, goal: number, steps: StepTable | null = null, private readonly budget: DiscoveryBudget | null = null) {
    this.grid = grid;
    this.goal = goal;
    this.steps = steps;
    this.dist = fitsUint16(grid) ? new Uint16Array(grid.cells) : new Int32Array(grid.cells);
    this.queue = new Int32Array(Math.min(grid.cells, 256));
    if (grid.passable[goal] === 1) {
      this.dist[goal] = 1;
      this.queue[this.tail++] = goal;
    }
  }

  /** Bytes this table holds now (its queue is released once the search is exhausted). */
  get bytes(): number {
    return this.dist.byteLength + this.queue.byteLength;
  }

  /** Moves from `cell` to the goal, or FAR when there is no way. */
  get(cell: number): number {
    const known = this.dist[cell];
    if (known > 0) return known - 1;
    if (this.budget !== null && this.steps === null && this.head < this.tail) return this.resumeWithin(cell, this.budget);
    return this.resume(cell);
  }

  /**
   * resume() within the shared budget (4-connected only): past it, the larger of the grid
   * distance and the frontier's distance, a lower bound on the true one; nothing is cached.
   */
  private resumeWithin(cell: number, budget: DiscoveryBudget): number {
    if (budget.left > 0) {
      const before = this.tail;
      this.limit = this.tail + budget.left;
      const d = this.resume(cell);
      this.limit = Infinity;
      budget.left -= this.tail - before;
      if (d !== FAR || this.head >= this.tail) return d;
    }
    const w = this.grid.width;
    const cx = cell % w;
    const gx = this.goal % w;
    const manhattan = Math.abs(cx - gx) + Math.abs((cell - cx) / w - (this.goal - gx) / w);
    const frontier = this.tail > 0 ? this.dist[this.queue[this.tail - 1]] - 1 : 0;
    return Math.max(manhattan, frontier);
  }

  /**
   * Every cell's distance + 1 (0: the goal cannot be reached from it), the search run to its end
   * first: for a caller that reads distances in a hot loop (CBS's low level) and would rather
   * index an array than call get(). The array is the table's own: read it, do not write it.
   */
  settled(): Uint16Array | Int32Array {
    if (this.head < this.tail) this.resume(-1);
    return this.dist;
  }

  /** Runs the search on until `cell` is discovered (never, for -1) or nothing is left to expand. */
  private resume(cell: number): number {
    const grid = this.grid;
    const w = grid.width;
    const h = grid.height;
    const passable = grid.passable;
    const dist = this.dist;
    while (this.head < this.tail) {
      if (this.tail >= this.limit) return FAR;
      const c = this.queue[this.head++];
      const d = dist[c] + 1;
      if (this.steps !== null) {
        const neighbour = this.steps.neighbour;
        for (let k = 0; k < this.steps.directions; k++) {
          const n = neighbour[c * 8 + k];
          if (n >= 0) this.discover(n, d, passable, dist);
        }
        if (cell >= 0 && dist[cell] > 0) return dist[cell] - 1;
        continue;
      }
      const x = c % w;
      const y = (c - x) / w;
      if (y > 0) this.discover(c - w, d, passable, dist);
      if (x + 1 < w) this.discover(c + 1, d, passable, dist);
      if (y + 1 < h) this.discover(c + w, d, passable, dist);
      if (x > 0) this.discover(c - 1, d, passable, dist);
      if (cell >= 0 && dist[cell] > 0) return dist[cell] - 1;
    }
    if (this.queue.length > 0) this.queue = new Int32Array(0); // exhausted: every answer is known
    return FAR;
  }

  private discover(n: number, d: number, passable: Uint8Array, dist: Uint16Array | Int32Array): void {
    if (dist[n] !== 0 || passable[n] !== 1) return;
    dist[n] = d;
    if (this.tail === this.queue.length) {
      const grown = new Int32Array(Math.min(this.grid.cells, this.queue.length * 2));
      grown.set(this.queue);
      this.queue = grown;
    }
    this.queue[this.tail++] = n;
  }
}

/** Whether every distance + 1 on `grid` fits in 16 bits: a distance is less than the free cells. */
function fitsUint16(grid: Grid): boolean {
  let free = 0;
  const passable = grid.passable;
  for (let c = 0; c < passable.length; c++) free += passable[c];
  return free < 0xffff;
}

/** Bytes of one table's distances on `grid`, its queue (at most the same again) not counted. */
export function distanceTableBytes(grid: Grid): number {
  return grid.cells * (fitsUint16(grid) ? 2 : 4);
}

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
  /** Shared by every table built here: set `left` each turn to spread their searches (default: no limit). */
  readonly budget = new DiscoveryBudget();

  /** `steps`: the movement's moves when not 4-connected (LazyDistanceTable's). */
  constructor(grid: Grid, budgetBytes = DEFAULT_DISTANCE_BUDGET_BYTES, steps: StepTable | null = null) {
    this.grid = grid;
    this.budgetBytes = budgetBytes;
    this.steps = steps;
    this.version = grid.version;
    this.perTable = distanceTableBytes(grid);
  }

  /** The table of `goal`, built (lazily) if not held. */
  table(goal: number): LazyDistanceTable {
    if (this.grid.version !== this.version) {
      this.tables.clear();
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
    table = new LazyDistanceTable(this.grid, goal, this.steps, this.budget);
    this.tables.set(goal, table);
    this.built++;
    return table;
  }

  /** Tables held now. */
  get size(): number {
    return this.tables.size;
  }
}
