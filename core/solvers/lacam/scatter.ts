/**
 * Space utilisation optimisation, "scatter" (Okumura, "Engineering LaCAM*", AAMAS 2024, section 4;
 * after Kei18/lacam3 scatter.cpp): before the search every unit gets a path at most `margin` steps
 * longer than its shortest that crosses the others' paths as little as it can, and PIBT tries the
 * next cell of that path first (pibt.ts), so units spread over side lanes instead of crowding the
 * same corridors. Rounds of one-unit A* (least collisions, then least f) repeat while collisions
 * go down; collisions counted as lacam3 counts them. Its cost and its slot limit: README.md.
 */
import type { Grid } from '../../grid/grid.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import type { Random } from '../../util/random.ts';

const NONE = -1;
/**
 * At most this many (turn, cell) slots: 256 MB over the two slot arrays; 4M (32 MB) left scatter
 * out on every 256x256 map with paths over 60 turns (den520d, Berlin_1_256), where lacam3 uses
 * it. den520d random-1, 1,000 units, LaCAM* 10 s CPU: SOC/LB 1.160 without, 1.016 with.
 */
const MAX_SLOTS = 32 * 1024 * 1024;
/** lacam3's SCATTER_MARGIN: a scattered path may be this much longer than the shortest. */
export const DEFAULT_SCATTER_MARGIN = 10;
/** Priority of one collision: larger than any f. */
const COLLISION = 1 << 22;

export interface ScatterContext {
  grid: Grid;
  starts: Int32Array;
  goals: Int32Array;
  tableOf: (unit: number) => LazyDistanceTable;
  random: Random;
  margin: number;
  shouldStop: () => boolean;
}

/** Each unit's next cell along its scattered path, by its current cell. */
export class Scatter {
  private readonly cells: number;
  private readonly nextOf: Map<number, number>;
  /** Collisions left between the paths (for tests and measures). */
  readonly collisions: number;

  constructor(cells: number, nextOf: Map<number, number>, collisions: number) {
    this.cells = cells;
    this.nextOf = nextOf;
    this.collisions = collisions;
  }

  /** The cell unit i's scattered path takes next from `cell`, or -1 if its path does not pass there. */
  next(i: number, cell: number): number {
    return this.nextOf.get(i * this.cells + cell) ?? NONE;
  }
}

/** The scattered paths, or null when the map is too large for the table or a stop came before a round was done. */
export function buildScatter(context: ScatterContext): Scatter | null {
  const { grid, starts, tableOf, random, margin, shouldStop } = context;
  const n = starts.length;
  const cells = grid.cells;
  let longest = 0;
  for (let i = 0; i < n; i++) longest = Math.max(longest, tableOf(i).get(starts[i]) + margin);
  const horizon = longest + 2;
  if (cells * horizon > MAX_SLOTS || n * cells >= 2 ** 31) return null;
  const table = new CollisionTable(cells, horizon);
  const search = new ScatterSearch(context, table);
  const paths: (Int32Array | null)[] = new Array<Int32Array | null>(n).fill(null);
  const order = Int32Array.from({ length: n }, (_, i) => i);
  let kept: (Int32Array | null)[] | null = null;
  let keptCollisions = Infinity;
  rounds: for (let round = 0; ; round++) {
    for (let k = n - 1; k > 0; k--) {
      const j = random.int(k + 1);
      const t = order[k];
      order[k] = order[j];
      order[j] = t;
    }
    for (let k = 0; k < n; k++) {
      // Stopped: the last whole round's paths if there is one.
      if (shouldStop()) break rounds;
      const i = order[k];
      const old = paths[i];
      if (old !== null) table.remove(i, old);
      const path = search.plan(i) ?? old;
      if (path !== null) table.add(i, path);
      paths[i] = path;
    }
    const collisions = table.collisions;
    if (round >= 1 && collisions >= keptCollisions) break;
    kept = paths.slice();
    keptCollisions = collisions;
    if (collisions === 0) break;
  }
  if (kept === null) return null;
  const nextOf = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const path = kept[i];
    if (path === null) continue;
    for (let t = 0; t + 1 < path.length; t++) nextOf.set(i * cells + path[t], path[t + 1]);
  }
  return new Scatter(cells, nextOf, keptCollisions);
}

/** Who stands where and when along the scattered paths, and how often they collide (lacam3 collision_table.cpp). */
class CollisionTable {
  readonly cells: number;
  readonly horizon: number;
  /** Units on each (turn, cell) slot, and the last unit to enter it (NONE: nobody). */
  private readonly count: Uint16Array;
  private readonly who: Int32Array;
  /** Per cell, the turns at which units whose paths end there arrive (they rest there after). */
  private readonly ends: (number[] | undefined)[];
  collisions = 0;

  constructor(cells: number, horizon: number) {
    this.cells = cells;
    this.horizon = horizon;
    this.count = new Uint16Array(cells * horizon);
    this.who = new Int32Array(cells * horizon).fill(NONE);
    this.ends = new Array<number[] | undefined>(cells);
  }

  /** Collisions of a move from `from` at turn t to `to` at turn t + 1 with the paths in the table. */
  cost(from: number, to: number, t: number): number {
    const cells = this.cells;
    const slot = (t + 1) * cells + to;
    let c = this.count[slot];
    if (from !== to) {
      const j = this.who[(t + 1) * cells + from];
      if (j !== NONE && j === this.who[t * cells + to]) c++; // a swap
    }
    const ends = this.ends[to];
    if (ends !== undefined) for (const end of ends) if (t + 1 > end) c++;
    return c;
  }

  add(unit: number, path: Int32Array): void {
    const cells = this.cells;
    for (let t = 0; t < path.length; t++) {
      if (t > 0) this.collisions += this.cost(path[t - 1], path[t], t - 1);
      const slot = t * cells + path[t];
      this.count[slot]++;
      this.who[slot] = unit;
    }
    const end = path.length - 1;
    const goal = path[end];
    let ends = this.ends[goal];
    if (ends === undefined) this.ends[goal] = ends = [];
    ends.push(end);
    for (let t = end + 1; t < this.horizon; t++) this.collisions += this.count[t * cells + goal];
  }

  remove(unit: number, path: Int32Array): void {
    const cells = this.cells;
    const end = path.length - 1;
    const goal = path[end];
    const ends = this.ends[goal]!;
    ends.splice(ends.indexOf(end), 1);
    for (let t = end + 1; t < this.horizon; t++) this.collisions -= this.count[t * cells + goal];
    for (let t = path.length - 1; t >= 0; t--) {
      const slot = t * cells + path[t];
      this.count[slot]--;
      if (this.who[slot] === unit) this.who[slot] = NONE;
      if (t > 0) this.collisions -= this.cost(path[t - 1], path[t], t - 1);
    }
  }
}

/** The A* over cells of one unit's scattered path: least collisions, then least f (lacam3's order). */
class ScatterSearch {
  private readonly context: ScatterContext;
  private readonly table: CollisionTable;
  private readonly heap = new BinaryHeap();
  /** Per cell: the query that closed it, its parent, its depth (turn) and collisions when opened. */
  private readonly closed: Int32Array;
  private readonly parent: Int32Array;
  private readonly seen: Int32Array;
  private readonly depth: Int32Array;
  private readonly hits: Int32Array;
  private query = 0;

  constructor(context: ScatterContext, table: CollisionTable) {
    this.context = context;
    this.table = table;
    const cells = context.grid.cells;
    this.closed = new Int32Array(cells);
    this.parent = new Int32Array(cells);
    this.seen = new Int32Array(cells);
    this.depth = new Int32Array(cells);
    this.hits = new Int32Array(cells);
  }

  plan(i: number): Int32Array | null {
    const { grid, starts, goals, margin } = this.context;
    const distance = this.context.tableOf(i);
    const start = starts[i];
    const goal = goals[i];
    const bound = distance.get(start) + margin;
    const w = grid.width;
    const passable = grid.passable;
    const heap = this.heap;
    const id = ++this.query;
    heap.clear();
    // A cell may be pushed again when reached more cheaply; the first pop, the cheapest, closes it.
    this.seen[start] = id;
    this.depth[start] = 0;
    this.hits[start] = 0;
    this.parent[start] = NONE;
    heap.push(start, distance.get(start));
    while (heap.length > 0) {
      const v = heap.pop();
      if (this.closed[v] === id) continue;
      this.closed[v] = id;
      if (v === goal) return this.pathTo(goal);
      const g = this.depth[v];
      const c = this.hits[v];
      const x = v % w;
      for (let k = 0; k < 4; k++) {
        const u = k === 0 ? (v >= w ? v - w : NONE) : k === 1 ? (x + 1 < w ? v + 1 : NONE) : k === 2 ? (v + w < grid.cells ? v + w : NONE) : x > 0 ? v - 1 : NONE;
        if (u === NONE || passable[u] !== 1 || u === start || this.closed[u] === id) continue;
        const f = g + 1 + distance.get(u);
        if (f > bound || g + 1 >= this.table.horizon - 1) continue;
        const hits = c + this.table.cost(v, u, g);
        // Keep the cheapest way found to u so far: the parent must be the one popped with it.
        if (this.seen[u] === id && (this.hits[u] < hits || (this.hits[u] === hits && this.depth[u] + distance.get(u) <= f))) continue;
        this.seen[u] = id;
        this.hits[u] = hits;
        this.depth[u] = g + 1;
        this.parent[u] = v;
        heap.push(u, hits * COLLISION + f);
      }
    }
    return null;
  }

  private pathTo(goal: number): Int32Array {
    let length = 0;
    for (let v = goal; v !== NONE; v = this.parent[v]) length++;
    const path = new Int32Array(length);
    for (let v = goal, t = length - 1; v !== NONE; v = this.parent[v], t--) path[t] = v;
    return path;
  }
}
