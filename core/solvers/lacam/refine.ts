/**
 * LaCAM*'s solution refinement (Okumura, "Engineering LaCAM*", AAMAS 2024, "refiners"; after
 * Kei18/lacam3 refiner.cpp): a large neighbourhood search over a solution. Groups of units near a
 * random cell of one unit's path (MAPF-LNS's map-based neighbourhoods, Li et al., IJCAI 2021) are
 * replanned one by one by a space-time A* against everybody else's paths, and kept when their sum
 * of loss is no worse (ties broken by the sum of costs). The search and the refinement take turns
 * (lacam.ts). Its tables' horizon, and the measurements behind each choice: README.md.
 */
import type { Grid } from '../../grid/grid.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import type { Random } from '../../util/random.ts';
import { MAX_TABLE_SLOTS, PathTable, pathLoss, trimPath } from './pathTable.ts';

const NONE = -1;
/** Expansions one replanning may take before its group is given up (keeps a pass responsive). */
const MAX_EXPANSIONS = 50_000;
/** A cell's entry in the move lists: the count, then up to five moves (stay and four neighbours). */
const MOVE_STRIDE = 6;

export interface RefineContext {
  grid: Grid;
  starts: Int32Array;
  goals: Int32Array;
  /** Each unit's distances to its goal. */
  tableOf: (unit: number) => LazyDistanceTable;
  random: Random;
  /** Largest group replanned together (lacam3: 30). */
  maxGroup: number;
  /** Polled between groups and inside long searches. */
  shouldStop: () => boolean;
}

export class Refiner {
  private readonly context: RefineContext;
  private table: PathTable | null = null;
  private search: SpaceTimeSearch | null = null;
  /** Expansions of the single-unit searches over every pass: the work done (lacam.ts's work budget). */
  get expansions(): number {
    return this.retiredExpansions + (this.search?.expansions ?? 0);
  }
  /** Expansions of the searches replaced by larger ones (tableFor). */
  private retiredExpansions = 0;
  /** The paths now in the table (removed at the next pass's start). */
  private stored: number[][] = [];

  constructor(context: RefineContext) {
    this.context = context;
  }

  /**
   * One pass over the solution `configs` (a configuration per turn, starts to goals): the
   * refined configurations, or null when no group improved (or the map is too large to refine).
   */
  pass(configs: readonly Int32Array[]): Int32Array[] | null {
    const { goals, random } = this.context;
    const n = goals.length;
    // Room for refined paths twice the solution's length; on large maps at least 64 turns past it
    // (a refined path rarely ends later than the solution: it replaces a costlier one).
    const table = this.tableFor(2 * configs.length + 16, configs.length + 64);
    if (table === null) return null;
    const paths: number[][] = [];
    for (let i = 0; i < n; i++) paths.push(trimPath(configs.map((config) => config[i])));
    for (let i = 0; i < n; i++) table.add(i, paths[i]);
    this.stored = paths;
    const order = Int32Array.from({ length: n }, (_, i) => i);
    for (let k = n - 1; k > 0; k--) {
      const j = random.int(k + 1);
      const t = order[k];
      order[k] = order[j];
      order[j] = t;
    }
    const size = Math.max(1, Math.min(1 + random.int(this.context.maxGroup), Math.floor(n / 4)));
    let improved = false;
    // As many groups as a partition into groups of `size` would have, each around another unit.
    for (let first = 0; first + size <= n; first += size) {
      if (this.context.shouldStop()) break;
      if (this.replan(this.neighbourhood(order[first], size, paths), paths)) improved = true;
    }
    return improved ? toConfigs(paths) : null;
  }

  /**
   * Replans the units of `group` one by one against everybody else and keeps the new paths
   * (into `paths`) when their sum of loss is less, or the same and their sum of costs (`rest`:
   * each unit's last arrival) no more; true when either is less. The sum of costs breaks ties:
   * the loss-optimal paths of a unit differ in when it arrives for good (it may stand on its goal
   * early and be pushed off, or arrive once), and the sum of costs is what plans are judged by.
   */
  private replan(group: ArrayLike<number>, paths: number[][]): boolean {
    const { goals } = this.context;
    const table = this.table!;
    const search = this.search!;
    const size = group.length;
    let oldCost = 0;
    let oldRest = 0;
    for (let a = 0; a < size; a++) {
      const i = group[a];
      oldCost += pathLoss(paths[i], goals[i]);
      oldRest += paths[i].length - 1;
      table.remove(i, paths[i]);
    }
    const fresh: number[][] = [];
    let newCost = 0;
    let newRest = 0;
    for (let a = 0; a < size; a++) {
      const i = group[a];
      const path = search.plan(i, oldCost - newCost);
      if (path === null) break;
      fresh.push(path);
      newCost += pathLoss(path, goals[i]);
      newRest += path.length - 1;
      table.add(i, path);
    }
    const accepted = fresh.length === size && (newCost < oldCost || (newCost === oldCost && newRest <= oldRest));
    for (let a = 0; a < fresh.length; a++) table.remove(group[a], fresh[a]);
    for (let a = 0; a < size; a++) {
      const i = group[a];
      if (accepted) paths[i] = fresh[a];
      table.add(i, paths[i]);
    }
    return accepted && (newCost < oldCost || newRest < oldRest);
  }

  /**
   * A local group (after MAPF-LNS's map-based neighbourhoods, Li et al., IJCAI 2021): unit `seed`
   * and the units that pass through the cells nearest a random cell of its path, breadth first,
   * up to `size` units, in a random order.
   */
  private neighbourhood(seed: number, size: number, paths: number[][]): number[] {
    const { grid, random } = this.context;
    const table = this.table!;
    const path = paths[seed];
    const units = new Set<number>([seed]);
    const centre = path[random.int(path.length)];
    const queue = [centre];
    const seen = new Set<number>(queue);
    const w = grid.width;
    for (let head = 0; head < queue.length && units.size < size && head < 16 * size; head++) {
      const v = queue[head];
      table.unitsOn(v, units);
      const x = v % w;
      for (const u of [v - w, x + 1 < w ? v + 1 : -1, v + w, x > 0 ? v - 1 : -1]) {
        if (u >= 0 && u < grid.cells && grid.passable[u] === 1 && !seen.has(u)) {
          seen.add(u);
          queue.push(u);
        }
      }
    }
    const group = [...units].slice(0, size);
    for (let k = group.length - 1; k > 0; k--) {
      const j = random.int(k + 1);
      [group[k], group[j]] = [group[j], group[k]];
    }
    return group;
  }

  /**
   * An empty table reaching `desired` turns, or as many as MAX_TABLE_SLOTS allows on a large map
   * (den520d: about 760), or null when that is under `minimum` (or `desired`, if less).
   */
  private tableFor(desired: number, minimum: number): PathTable | null {
    const cells = this.context.grid.cells;
    const cap = Math.floor(MAX_TABLE_SLOTS / cells);
    const target = Math.min(desired, cap);
    if (target < Math.min(minimum, desired)) return null;
    if (this.table !== null && this.table.horizon >= target) {
      for (let i = 0; i < this.stored.length; i++) this.table.remove(i, this.stored[i]);
      this.stored = [];
      return this.table;
    }
    const wanted = Math.min(Math.max(target, 2 * (this.table?.horizon ?? 0)), cap);
    this.table = new PathTable(cells, wanted);
    this.retiredExpansions += this.search?.expansions ?? 0;
    this.search = new SpaceTimeSearch(this.context, this.table);
    this.stored = [];
    return this.table;
  }
}

/** Paths back to configurations, every unit resting on its last cell once its path ends. */
function toConfigs(paths: readonly number[][]): Int32Array[] {
  let length = 0;
  for (const path of paths) length = Math.max(length, path.length);
  const configs: Int32Array[] = [];
  for (let t = 0; t < length; t++) configs.push(Int32Array.from(paths, (path) => path[Math.min(t, path.length - 1)]));
  return configs;
}

/** Space-time A* for one unit against the paths in a PathTable; cost: the sum of loss. */
class SpaceTimeSearch {
  private readonly context: RefineContext;
  private readonly table: PathTable;
  private readonly heap = new BinaryHeap();
  /** Per (turn, cell): the search that last reached it, and its best cost then. */
  private readonly stamp: Int32Array;
  private readonly best: Int32Array;
  private searchId = 0;
  private cellOf = new Int32Array(1024);
  private timeOf = new Int32Array(1024);
  private costOf = new Int32Array(1024);
  private parentOf = new Int32Array(1024);
  private nodes = 0;
  /** Per cell c, at c * MOVE_STRIDE: how many moves, then staying and its open 4-connected neighbours. */
  private readonly moves: Int32Array;
  /** Expansions over every query. */
  expansions = 0;
  /** The unit planned now: its goal, and the turn from which nobody else passes there. */
  private goal = NONE;
  private freeFrom = 0;

  constructor(context: RefineContext, table: PathTable) {
    this.context = context;
    this.table = table;
    this.stamp = new Int32Array(table.cells * table.horizon);
    this.best = new Int32Array(table.cells * table.horizon);
    this.moves = movesOf(context.grid);
  }

  /** Unit i's cheapest path from its start costing at most `maxCost`, or null (none, or too much work). */
  plan(i: number, maxCost: number): number[] | null {
    const { goals, starts } = this.context;
    const goal = goals[i];
    const distance = this.context.tableOf(i);
    const table = this.table;
    const cells = table.cells;
    const last = table.horizon - 1;
    const freeFrom = table.lastUse(goal) + 1;
    if (freeFrom > last || table.occupant(starts[i], 0) !== NONE) return null;
    this.goal = goal;
    this.freeFrom = freeFrom;
    // The table's arrays and the neighbour lists read directly: this loop is most of LaCAM*'s time.
    const at = table.at;
    const settledBy = table.settledBy;
    const settledFrom = table.settledFrom;
    const moves = this.moves;
    const heap = this.heap;
    const best = this.best;
    heap.clear();
    this.nodes = 0;
    const id = ++this.searchId;
    this.open(starts[i], 0, 0, NONE, distance.get(starts[i]), maxCost, id);
    let expansions = 0;
    while (heap.length > 0) {
      const node = heap.pop();
      const v = this.cellOf[node];
      const t = this.timeOf[node];
      const cost = this.costOf[node];
      if (best[t * cells + v] < cost) continue;
      if (v === goal && t >= freeFrom) return this.pathTo(node);
      this.expansions++;
      if (++expansions > MAX_EXPANSIONS || (expansions % 4096 === 0 && this.context.shouldStop())) return null;
      if (t + 1 >= last) continue;
      const now = t * cells;
      const next = now + cells;
      // Who stands on v at t + 1 (a unit moving onto v would swap with it): -1 none.
      const onV = settledBy[v] !== NONE && t + 1 >= settledFrom[v] ? settledBy[v] : at[next + v] - 1;
      const base = v * MOVE_STRIDE;
      const count = moves[base];
      for (let k = 1; k <= count; k++) {
        const u = moves[base + k];
        const settled = settledBy[u];
        if (settled !== NONE && t + 1 >= settledFrom[u]) continue;
        if (at[next + u] !== 0) continue;
        if (u !== v && onV !== NONE) {
          const j = settled !== NONE && t >= settledFrom[u] ? settled : at[now + u] - 1;
          if (j === onV) continue; // a swap
        }
        this.open(u, t + 1, cost + (v === goal && u === goal ? 0 : 1), node, distance.get(u), maxCost, id);
      }
    }
    return null;
  }

  private open(cell: number, t: number, cost: number, parent: number, h: number, maxCost: number, id: number): void {
    const f = cost + h;
    if (f > maxCost) return;
    const slot = t * this.table.cells + cell;
    if (this.stamp[slot] === id && this.best[slot] <= cost) return;
    this.stamp[slot] = id;
    this.best[slot] = cost;
    if (this.nodes === this.cellOf.length) this.grow();
    const node = this.nodes++;
    this.cellOf[node] = cell;
    this.timeOf[node] = t;
    this.costOf[node] = cost;
    this.parentOf[node] = parent;
    // Least f first; among equal f, the unit's arrival for good first, the earliest of them (of
    // the loss-optimal paths, the one with the least cost in the `rest` model), then the latest
    // turn (deeper nodes), a tie-break toward the goal.
    if (cell === this.goal && t >= this.freeFrom) this.heap.push(node, (f - 1) * 1048576 + Math.min(t, 1048575));
    else this.heap.push(node, f * 1048576 - Math.min(t, 1048575));
  }

  private grow(): void {
    const size = this.cellOf.length * 2;
    const copy = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.cellOf = copy(this.cellOf);
    this.timeOf = copy(this.timeOf);
    this.costOf = copy(this.costOf);
    this.parentOf = copy(this.parentOf);
  }

  private pathTo(node: number): number[] {
    const path: number[] = [];
    for (let k = node; k !== NONE; k = this.parentOf[k]) path.push(this.cellOf[k]);
    return trimPath(path.reverse());
  }


}

/** Per cell c, at c * MOVE_STRIDE: the number of moves, then staying and the open 4-connected neighbours. */
function movesOf(grid: Grid): Int32Array {
  const w = grid.width;
  const passable = grid.passable;
  const moves = new Int32Array(grid.cells * MOVE_STRIDE);
  for (let cell = 0; cell < grid.cells; cell++) {
    if (passable[cell] !== 1) continue;
    const base = cell * MOVE_STRIDE;
    const x = cell % w;
    let count = 0;
    moves[base + ++count] = cell;
    if (cell >= w && passable[cell - w] === 1) moves[base + ++count] = cell - w;
    if (x + 1 < w && passable[cell + 1] === 1) moves[base + ++count] = cell + 1;
    if (cell + w < grid.cells && passable[cell + w] === 1) moves[base + ++count] = cell + w;
    if (x > 0 && passable[cell - 1] === 1) moves[base + ++count] = cell - 1;
    moves[base] = count;
  }
  return moves;
}
