/**
 * Distances to a goal on a 4-connected grid (or in turns over a StepTable's moves), computed lazily: a breadth-first search from the goal
 * that runs only as far as the queries need. Unit costs make BFS settle cells in order of
 * distance, so a cell's distance is final the moment it is discovered, and a query resumes the
 * search until its cell is discovered (or the goal's region is exhausted: unreachable). PIBT and
 * LaCAM ask for the distances of the cells next to each unit, which on large maps is a small part
 * of the map: eager all-goal tables dominate their time there (Okumura, lacam3, AAMAS 2024).
 * More on this in README.md, "lazyDistanceTable.ts".
 */
import type { Grid } from '../grid/grid.ts';
import type { StepTable } from './stepTable.ts';
import { OPEN, columnsOf, shapeOf } from './gridShape.ts';

// Module locals, not imported bindings: the searches' inner loops read them.
const { UP, RIGHT, DOWN, LEFT } = OPEN;

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
   * map), else 4. Ten thousand goals on a 256x256 map then take 1.3 GB instead of 2.6. Until
   * the first search it is the grid's shared array of zeros (`empty`), and `storage` says where
   * the table's own comes from.
   */
  private dist: Uint16Array | Int32Array;
  private readonly empty: Uint16Array | Int32Array;
  private readonly storage: Uint16Array | Int32Array | (() => Uint16Array | Int32Array);
  private queue: Int32Array;
  /**
   * The movement's moves when they are not the four orthogonal ones (8-connected CBS: every
   * move, diagonal too, is one turn, so BFS over stepTable.ts's neighbours gives the turns to
   * the goal); null: 4-connected, the inline moves below.
   */
  private readonly steps: StepTable | null;
  /** Per cell, its open 4-connected neighbours (shapeOf), for the grid version the table was built for. */
  private readonly open: Uint8Array;
  private head = 0;
  private tail = 0;
  /** Queue entries dropped from its front (expanded cells the queue no longer holds). */
  private shifted = 0;
  /** Whether the table measures to the nearest of several cells (an exit): the grid distance to `goal` is then no lower bound. */
  private readonly area: boolean;
  /** resumeWithin's stop: the search pauses once `discovered` reaches it. */
  private limit = Infinity;
  /**
   * A focused table (A* towards `target`, the first cell asked for; -1 until then): `queue` is
   * the open entries of the current f level as (cell, g) pairs, a stack (deepest first), `later`
   * those of the level f + 2 (a 4-connected move changes g + Manhattan by 0 or 2), `tail` and
   * `laterTail` their lengths. A cell's distance is written when it is closed.
   */
  private readonly focused: boolean;
  private target = -1;
  private later: Int32Array = new Int32Array(0);
  private laterTail = 0;
  private closed = 0;
  /** Per cell, its column (focused tables), shared per grid version. */
  private readonly columns: Uint16Array | null;
  /** Cells discovered so far (the work done; a focused table's closed cells). */
  get discovered(): number {
    return this.focused ? this.closed : this.shifted + this.tail;
  }

  /**
   * `storage`: zeroed memory for the distances, one cell each, of the kind distanceStorage()
   * makes, or where to get it (GoalDistances hands out slices of larger blocks); by default the
   * table allocates it. It is taken at the table's first search, not here: a thousand units that
   * appear at once make a thousand tables, and a map-sized array each (Berlin_1_256: 131 MB) was
   * most of that turn's time, while the shared budget searches a few of them a turn.
   * `budget`: shared with other tables, spreads their searches over turns (DiscoveryBudget).
   */
  constructor(grid: Grid, goal: number, steps: StepTable | null = null, storage?: Uint16Array | Int32Array | (() => Uint16Array | Int32Array), private readonly budget: DiscoveryBudget | null = null, sources: readonly number[] = [goal], focused = false) {
    this.grid = grid;
    this.goal = goal;
    this.steps = steps;
    this.area = sources.length > 1;
    // Focused: one goal, 4-connected only, and never within a shared budget (its bounds are breadth-first's).
    this.focused = focused && !this.area && steps === null && budget === null && grid.width <= 0xffff;
    const shape = shapeOf(grid);
    this.open = shape.open;
    this.columns = this.focused ? columnsOf(grid, shape) : null;
    this.empty = shape.empty;
    this.dist = shape.empty;
    this.storage = storage ?? (() => (shape.fitsUint16 ? new Uint16Array(grid.cells) : new Int32Array(grid.cells)));
    if (this.focused) {
      this.queue = new Int32Array(Math.min(2 * grid.cells, 256));
      if (grid.passable[goal] === 1) this.later = new Int32Array(Math.min(2 * grid.cells, 256));
    } else {
      // Slack of 4 past the cells: the breadth-first loop checks its room once per cell expanded.
      this.queue = new Int32Array(Math.max(Math.min(2 * grid.cells, 256), sources.length + 4));
      // Several sources (an exit's cells): distances to the nearest of them, BFS from all at once.
      // They are marked at distance 0 when the memory is taken (ownStorage).
      const seen = new Set<number>();
      for (const source of sources) {
        if (grid.passable[source] === 1 && !seen.has(source)) {
          seen.add(source);
          this.queue[this.tail++] = source;
        }
      }
    }
  }

  /** Takes the table's own memory before its first search writes (the sources marked as reached). */
  private ownStorage(): void {
    const storage = this.storage;
    this.dist = typeof storage === 'function' ? storage() : storage;
    if (!this.focused) for (let k = 0; k < this.tail; k++) this.dist[this.queue[k]] = 1;
  }

  /** Bytes this table holds now (its queue is released once the search is exhausted). */
  get bytes(): number {
    return (this.dist === this.empty ? 0 : this.dist.byteLength) + this.queue.byteLength + this.later.byteLength;
  }

  /** Moves from `cell` to the goal, or FAR when there is no way. */
  get(cell: number): number {
    const known = this.dist[cell];
    if (known > 0) return known - 1;
    if (this.focused) return this.resumeFocused(cell);
    if (this.budget !== null && this.steps === null && this.head < this.tail) return this.resumeWithin(cell, this.budget);
    return this.resume(cell);
  }

  /**
   * resume() within the shared budget (4-connected only): past it, the larger of the grid
   * distance and the frontier's distance, a lower bound on the true one; nothing is cached.
   */
  private resumeWithin(cell: number, budget: DiscoveryBudget): number {
    if (budget.left > 0) {
      const before = this.discovered;
      this.limit = before + budget.left;
      const d = this.resume(cell);
      this.limit = Infinity;
      budget.left -= this.discovered - before;
      if (d !== FAR || this.head >= this.tail) return d;
    }
    const w = this.grid.width;
    const cx = cell % w;
    const gx = this.goal % w;
    const manhattan = this.area ? 0 : Math.abs(cx - gx) + Math.abs((cell - cx) / w - (this.goal - gx) / w);
    const frontier = this.tail > 0 ? this.dist[this.queue[this.tail - 1]] - 1 : 0;
    return Math.max(manhattan, frontier);
  }

  /**
   * Every cell's distance + 1 (0: the goal cannot be reached from it), the search run to its end
   * first: for a caller that reads distances in a hot loop (CBS's low level) and would rather
   * index an array than call get(). The array is the table's own: read it, do not write it.
   */
  settled(): Uint16Array | Int32Array {
    if (this.dist === this.empty) this.ownStorage();
    if (this.focused) this.resumeFocused(-1);
    else if (this.head < this.tail) this.resume(-1);
    return this.dist;
  }

  /** Runs the search on until `cell` is discovered (never, for -1) or nothing is left to expand. */
  private resume(cell: number): number {
    if (this.dist === this.empty) {
      this.ownStorage();
      // A source is known the moment the memory is taken.
      if (cell >= 0 && this.dist[cell] > 0) return this.dist[cell] - 1;
    }
    if (this.steps !== null) return this.resumeSteps(cell, this.steps);
    // The hot loop of LaCAM's first solution on large maps (den520d, 1,000 units: two thirds of
    // its time): locals instead of fields, the open neighbours of a cell from one byte instead
    // of a division and four passability tests, and one test per cell expanded for both the
    // queue's capacity and the shared budget's stop (`edge`, the smaller of the two).
    const w = this.grid.width;
    const open = this.open;
    const dist = this.dist;
    let queue = this.queue;
    let head = this.head;
    let tail = this.tail;
    // The shared budget's stop, as a count of the queue's own (shifted) entries; Infinity without one.
    let stopAt = this.limit - this.shifted;
    // Past `edge` the queue may not hold a cell's four neighbours, or the budget is spent.
    let edge = Math.min(queue.length - 4, stopAt - 1);
    while (head < tail) {
      if (tail > edge) {
        if (tail >= stopAt) {
          this.head = head;
          this.tail = tail;
          return FAR;
        }
        if (2 * head >= queue.length) {
          // The expanded cells before `head` are done with: the queue need only hold the BFS's
          // frontier (a few thousand cells), not every cell discovered. Growing it to the map's
          // size instead allocated twice that size per table, and the collector ran on the garbage.
          queue.copyWithin(0, head, tail);
          this.shifted += head;
          stopAt -= head;
          tail -= head;
          head = 0;
        } else {
          const grown = new Int32Array(Math.min(this.grid.cells + 4, Math.max(queue.length * 2, tail + 4)));
          grown.set(queue);
          this.queue = queue = grown;
        }
        edge = Math.min(queue.length - 4, stopAt - 1);
      }
      const c = queue[head++];
      const d = dist[c] + 1;
      const m = open[c];
      if ((m & UP) !== 0 && dist[c - w] === 0) {
        dist[c - w] = d;
        queue[tail++] = c - w;
      }
      if ((m & RIGHT) !== 0 && dist[c + 1] === 0) {
        dist[c + 1] = d;
        queue[tail++] = c + 1;
      }
      if ((m & DOWN) !== 0 && dist[c + w] === 0) {
        dist[c + w] = d;
        queue[tail++] = c + w;
      }
      if ((m & LEFT) !== 0 && dist[c - 1] === 0) {
        dist[c - 1] = d;
        queue[tail++] = c - 1;
      }
      if (cell >= 0 && dist[cell] !== 0) {
        this.head = head;
        this.tail = tail;
        return dist[cell] - 1;
      }
    }
    this.head = head;
    this.tail = tail;
    if (this.queue.length > 0) this.queue = new Int32Array(0); // exhausted: every answer is known
    return FAR;
  }

  /**
   * The focused search (A* from the goal towards `target`) run on until `cell` is closed (never,
   * for -1) or nothing is left open. Entries may repeat a cell (no decrease-key): one popped
   * after the cell was closed is skipped; the first popped has the least g, as the heuristic is
   * consistent and the levels are taken in order of f.
   */
  private resumeFocused(cell: number): number {
    if (this.dist === this.empty) this.ownStorage();
    if (this.target < 0) {
      if (this.later.length === 0) return FAR; // a wall goal, or the search is exhausted
      // The first cell asked for is the one the search heads for; the goal opens the search.
      this.target = cell >= 0 ? cell : this.goal;
      this.queue[0] = this.goal;
      this.queue[1] = 0;
      this.tail = 2;
    }
    const w = this.grid.width;
    const open = this.open;
    const dist = this.dist;
    const columns = this.columns!;
    const tx = columns[this.target];
    // Rows above / below the target's: a move up from a cell at or past `below` (down from one
    // before `above`) brings it nearer the target's row.
    const above = this.target - tx;
    const below = above + w;
    let now = this.queue;
    let tail = this.tail;
    let later = this.later;
    let laterTail = this.laterTail;
    let closed = this.closed;
    let found = FAR;
    for (;;) {
      if (tail === 0) {
        if (laterTail === 0) break;
        const t = now;
        now = later;
        later = t;
        tail = laterTail;
        laterTail = 0;
      }
      tail -= 2;
      const c = now[tail];
      if (dist[c] !== 0) continue;
      const g = now[tail + 1] + 1;
      dist[c] = g;
      closed++;
      // Room for four more entries on either stack (each a pair).
      if (tail + 8 > now.length) {
        const grown = new Int32Array(Math.max(now.length * 2, tail + 8));
        grown.set(now.subarray(0, tail));
        now = grown;
      }
      if (laterTail + 8 > later.length) {
        const grown = new Int32Array(Math.max(later.length * 2, laterTail + 8));
        grown.set(later.subarray(0, laterTail));
        later = grown;
      }
      const m = open[c];
      const cx = columns[c];
      if ((m & UP) !== 0 && dist[c - w] === 0) {
        if (c >= below) {
          now[tail++] = c - w;
          now[tail++] = g;
        } else {
          later[laterTail++] = c - w;
          later[laterTail++] = g;
        }
      }
      if ((m & RIGHT) !== 0 && dist[c + 1] === 0) {
        if (cx < tx) {
          now[tail++] = c + 1;
          now[tail++] = g;
        } else {
          later[laterTail++] = c + 1;
          later[laterTail++] = g;
        }
      }
      if ((m & DOWN) !== 0 && dist[c + w] === 0) {
        if (c < above) {
          now[tail++] = c + w;
          now[tail++] = g;
        } else {
          later[laterTail++] = c + w;
          later[laterTail++] = g;
        }
      }
      if ((m & LEFT) !== 0 && dist[c - 1] === 0) {
        if (cx > tx) {
          now[tail++] = c - 1;
          now[tail++] = g;
        } else {
          later[laterTail++] = c - 1;
          later[laterTail++] = g;
        }
      }
      if (c === cell) {
        found = g - 1;
        break;
      }
    }
    this.closed = closed;
    if (tail === 0 && laterTail === 0) {
      // Exhausted: every answer is known.
      if (this.later.length === 0) return found;
      this.queue = new Int32Array(0);
      this.later = new Int32Array(0);
      this.tail = this.laterTail = 0;
      return found;
    }
    this.queue = now;
    this.tail = tail;
    this.later = later;
    this.laterTail = laterTail;
    return found;
  }

  /** resume() over a StepTable's moves (8-connected CBS). */
  private resumeSteps(cell: number, steps: StepTable): number {
    const dist = this.dist;
    const passable = this.grid.passable;
    const neighbour = steps.neighbour;
    while (this.head < this.tail) {
      const c = this.queue[this.head++];
      const d = dist[c] + 1;
      for (let k = 0; k < steps.directions; k++) {
        const n = neighbour[c * 8 + k];
        if (n >= 0) this.discover(n, d, passable, dist);
      }
      if (cell >= 0 && dist[cell] > 0) return dist[cell] - 1;
    }
    if (this.queue.length > 0) this.queue = new Int32Array(0);
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
