/**
 * PIBT, Priority Inheritance with Backtracking: one timestep for every unit at once (Okumura,
 * Machida, Défago and Tamura, IJCAI 2019 and Artificial Intelligence 310, 2022, Algorithm 1).
 * Units in priority order each take the free cell nearest their goal; a unit standing there
 * inherits the priority and must move first, never onto its pusher's cell; a unit with no choice
 * left stays and its pusher tries its next cell. With `swap` (LaCAM*, IJCAI 2023, section 4, as
 * lacam2/lacam3's pibt.cpp) a unit head-on in a corridor backs off and pulls the other through
 * (pibtSwap.ts). An explicit stack and typed arrays kept between steps; 4-connected, one-cell
 * units. It lives below the families: LaCAM generates configurations with it, RHCR plans windows
 * with it, WHCA* untangles head-on lines with its inheritance. Detail: lacam/README.md, "PIBT".
 */
import type { Grid } from '../grid/grid.ts';
import { type LazyDistanceTable } from '../search/lazyDistanceTable.ts';
import { GoalDistances } from '../search/goalDistances.ts';
import { Random } from '../util/random.ts';
import { SwapTests } from './pibtSwap.ts';

/** A preferred next cell per unit (lacam3's scattered paths, core/solvers/lacam/scatter.ts). */
export interface PreferredNext {
  next(i: number, cell: number): number;
}

const NONE = -1;
/** Candidates per unit: its cell and four neighbours. */
const SLOTS = 5;

export interface PibtOptions {
  /** The swap operation of LaCAM* (corridors); off: PIBT as in the IJCAI 2019 paper. */
  swap?: boolean;
  /**
   * Asked between units while setting up (each unit's distance table is run out to its start:
   * 1,000 units on den520d take seconds); true stops the set-up, and `setupStopped` says so.
   * The instance is then of no use: its caller returns at once.
   */
  shouldStop?: () => boolean;
  /**
   * Unit i's distance table when it is not the table of its goal cell (a stream's unit heading for
   * an exit: distances to the exit's nearest cell, GoalDistances.areaTable); null: its goal's.
   */
  areaTable?: (i: number) => LazyDistanceTable | null;
  /**
   * Map-sized buffers to use for who stands on / has reserved each cell, instead of new ones (a
   * stream's controller builds a Pibt at every change: two 256 KB arrays a turn on Berlin_1_256
   * kept the collector busy). Cleared here; not to be shared by two live instances.
   */
  buffers?: { now: Int32Array; next: Int32Array };
}

export class Pibt {
  readonly n: number;
  private readonly grid: Grid;
  private readonly goals: Int32Array;
  readonly distances: GoalDistances;
  private readonly random: Random;
  private tables: LazyDistanceTable[] = [];
  /** The grid version `tables` were taken for (-1: none yet). */
  private tablesVersion = -1;

  /** Who stands on each cell now / has reserved it for the next step (NONE: nobody). */
  private readonly occupiedNow: Int32Array;
  private readonly occupiedNext: Int32Array;
  /** Each unit's cell now and next (NONE: not decided yet this step). */
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** Turns since the unit last stood on its goal, its initial distance and tie-breaker: the priority (a stream's controller carries `elapsed` over when units come and go). */
  readonly elapsed: Float64Array;
  private readonly initial: Float64Array;
  private readonly tieBreaker: Float64Array;
  private readonly order: Int32Array;

  // The explicit recursion: per depth its unit, the unit that pushed it, its candidates and the next to try.
  private stackAgent: Int32Array;
  private stackParent: Int32Array;
  private stackNext: Int32Array;
  private stackCount: Int32Array;
  private stackCells: Int32Array;
  private readonly keys = new Float64Array(SLOTS);
  /** Per depth, the unit to pull into the frame's unit's cell if its first choice succeeds (swap). */
  private stackSwap: Int32Array;
  private readonly swap: SwapTests | null;

  /**
   * lacam3's scattered preferences (scatter.ts): a unit tries the next cell of its scattered path
   * first. Null: nearest the goal first, as in the PIBT paper.
   */
  scatter: PreferredNext | null = null;

  /**
   * A traffic rule's refusals (core/solvers/traffic): unit i may not move from `from` to `to` this
   * step, whether it chose the cell or was pushed there. Null: every free cell is allowed.
   */
  forbid: ((i: number, from: number, to: number) => boolean) | null = null;

  /** Calls of the PIBT function (pushes included), over every step: the work done. */
  calls = 0;
  /** Whether options.shouldStop cut the set-up short (the instance must not be used). */
  readonly setupStopped: boolean = false;

  private readonly areaTable: ((i: number) => LazyDistanceTable | null) | undefined;

  constructor(grid: Grid, starts: ArrayLike<number>, goals: ArrayLike<number>, seed: number, distances?: GoalDistances, options: PibtOptions = {}) {
    this.areaTable = options.areaTable;
    const n = (this.n = goals.length);
    this.grid = grid;
    this.goals = Int32Array.from(goals);
    this.distances = distances ?? new GoalDistances(grid);
    this.random = new Random(seed);
    this.occupiedNow = (options.buffers?.now ?? new Int32Array(grid.cells)).fill(NONE);
    this.occupiedNext = (options.buffers?.next ?? new Int32Array(grid.cells)).fill(NONE);
    this.from = Int32Array.from(starts);
    this.to = new Int32Array(n).fill(NONE);
    this.elapsed = new Float64Array(n);
    this.initial = new Float64Array(n);
    this.tieBreaker = new Float64Array(n);
    this.order = new Int32Array(n);
    // The tables are made here unit by unit, between looks at the clock: each is a map-sized array
    // (1,000 units on den520d: 130 MB, 0.15 s of CPU to make), then run out to the unit's start.
    this.tablesVersion = grid.version;
    this.tables.length = n;
    for (let i = 0; i < n; i++) {
      if (options.shouldStop?.() === true) {
        this.setupStopped = true;
        break;
      }
      this.tables[i] = options.areaTable?.(i) ?? this.distances.table(this.goals[i]);
      this.initial[i] = this.tables[i].get(this.from[i]);
      this.coverNeighbours(i);
      this.tieBreaker[i] = this.random.next();
      this.order[i] = i;
    }
    const depth = Math.max(1, n);
    this.stackAgent = new Int32Array(depth);
    this.stackParent = new Int32Array(depth);
    this.stackNext = new Int32Array(depth);
    this.stackCount = new Int32Array(depth);
    this.stackCells = new Int32Array(depth * SLOTS);
    this.stackSwap = new Int32Array(depth);
    this.swap = options.swap ? new SwapTests(grid, this.goals, this.occupiedNow, (i, cell) => this.tables[i].get(cell)) : null;
  }

  /**
   * Runs unit i's lazy table as far as its start's neighbours, the first step's queries. Reaching
   * the start settles its layer of the goal's breadth-first search but not the next one, where a
   * neighbour further from the goal lies: the first step would finish that layer for every unit at
   * once (10,000 units on Berlin_1_256: 117 ms in the first step, 5 ms a step after it). Done
   * here, it is part of setting up, not of a turn, and every step costs about the same.
   */
  private coverNeighbours(i: number): void {
    const grid = this.grid;
    const w = grid.width;
    const c = this.from[i];
    const x = c % w;
    const y = (c - x) / w;
    const passable = grid.passable;
    const table = this.tables[i];
    // Free cells only: a wall is never discovered, so asking for one would run the search to its end.
    if (y > 0 && passable[c - w] === 1) table.get(c - w);
    if (x + 1 < w && passable[c + 1] === 1) table.get(c + 1);
    if (y + 1 < grid.height && passable[c + w] === 1) table.get(c + w);
    if (x > 0 && passable[c - 1] === 1) table.get(c - 1);
  }

  /** The distance tables for the grid's current version (a map change drops the old ones). */
  private refreshTables(): void {
    this.tablesVersion = this.grid.version;
    const tables = this.tables;
    tables.length = this.n;
    for (let i = 0; i < this.n; i++) tables[i] = this.areaTable?.(i) ?? this.distances.table(this.goals[i]);
  }

  /** Unit i's distance table (for the grid version of the last step or generate). */
  table(i: number): LazyDistanceTable {
    return this.tables[i];
  }

  /** Distance of unit i's cell `cell` to its goal, for callers that order or measure. */
  distance(i: number, cell: number): number {
    return this.tables[i].get(cell);
  }

  /**
   * One timestep from `positions` (every unit's cell now), in PIBT's own priority order: writes
   * each unit's next cell into `next` (its cell again to wait). No two units on one cell, no swap.
   */
  step(positions: ArrayLike<number>, next: Int32Array): void {
    // Only after a map edit, as in generate: the constructor took every unit's table for this
    // version, and asking the cache again each step (a Map lookup and an LRU touch per unit) was
    // on Berlin_1_256 with 1,000 to 2,000 units streaming, about a tenth of the controller's CPU (profiled).
    if (this.grid.version !== this.tablesVersion) this.refreshTables();
    this.begin(positions);
    this.sortByPriority();
    this.assignInOrder(this.order);
    this.end(next);
    for (let i = 0; i < this.n; i++) {
      // Priority for the next step: reset on the goal, otherwise one more turn away.
      this.elapsed[i] = next[i] === this.goals[i] ? 0 : this.elapsed[i] + 1;
    }
  }

  /**
   * LaCAM's configuration generator (Okumura, AAAI 2023, Algorithm 1 line "PIBT"): one timestep
   * from `positions` in the given `order`, with the first `fixed` units of `who` bound to the
   * cells in `where` (the low-level constraints). Returns false, writing nothing, when the
   * constraints collide with each other (one cell twice, or a swap); else fills `next`.
   */
  generate(positions: ArrayLike<number>, order: Int32Array, who: Int32Array, where: Int32Array, fixed: number, next: Int32Array): boolean {
    // Only after a map edit: LaCAM calls this thousands of times a second on one map, and taking
    // every unit's table from the cache (a Map lookup and an LRU touch each) was 5% of LaCAM*'s time.
    if (this.grid.version !== this.tablesVersion) this.refreshTables();
    this.begin(positions);
    const from = this.from;
    const to = this.to;
    const occupiedNow = this.occupiedNow;
    const occupiedNext = this.occupiedNext;
    let ok = true;
    for (let k = 0; k < fixed; k++) {
      const i = who[k];
      const v = where[k];
      const j = occupiedNow[v];
      if (occupiedNext[v] !== NONE || (j !== NONE && j !== i && to[j] === from[i])) {
        ok = false;
        break;
      }
      occupiedNext[v] = i;
      to[i] = v;
    }
    if (ok) {
      for (let k = 0; k < this.n; k++) {
        const i = order[k];
        if (to[i] !== NONE) continue;
        // A unit whose own cell a constraint took must move; if it cannot, the constraints fail
        // (as in Kei18/lacam2): staying would put two units on that cell.
        const mustMove = occupiedNext[from[i]] !== NONE;
        if (!this.push(i) && mustMove) {
          ok = false;
          break;
        }
      }
    }
    this.end(next);
    return ok;
  }

  /** Takes the units' cells; nobody has a next cell yet. */
  private begin(positions: ArrayLike<number>): void {
    const from = this.from;
    const to = this.to;
    for (let i = 0; i < this.n; i++) {
      from[i] = positions[i];
      to[i] = NONE;
      this.occupiedNow[from[i]] = i;
    }
  }

  private assignInOrder(order: Int32Array): void {
    const to = this.to;
    for (let k = 0; k < this.n; k++) {
      const i = order[k];
      if (to[i] === NONE) this.push(i);
    }
  }

  /** Writes the next cells and clears the occupancy marks (of undecided units too, after a refused constraint). */
  private end(next: Int32Array): void {
    const from = this.from;
    const to = this.to;
    for (let i = 0; i < this.n; i++) {
      next[i] = to[i];
      this.occupiedNow[from[i]] = NONE;
      if (to[i] !== NONE) this.occupiedNext[to[i]] = NONE;
    }
  }

  private sortByPriority(): void {
    const elapsed = this.elapsed;
    const initial = this.initial;
    const tie = this.tieBreaker;
    this.order.sort((a, b) => elapsed[b] - elapsed[a] || initial[b] - initial[a] || tie[b] - tie[a]);
  }

  /**
   * PIBT(root, none) on the explicit stack. A push that succeeds makes every unit below it on the
   * stack succeed too (each keeps the cell it reserved), so success returns at once; a failure
   * returns to the pusher, which tries its next cell. Returns whether root got a cell it chose
   * (false: it had to stay).
   */
  private push(root: number): boolean {
    let top = 0;
    this.openFrame(0, root, NONE);
    const occupiedNow = this.occupiedNow;
    const occupiedNext = this.occupiedNext;
    const from = this.from;
    const to = this.to;
    for (;;) {
      const i = this.stackAgent[top];
      const parent = this.stackParent[top];
      const base = top * SLOTS;
      let descended = false;
      while (this.stackNext[top] < this.stackCount[top]) {
        const v = this.stackCells[base + this.stackNext[top]++];
        if (occupiedNext[v] !== NONE) continue;
        if (parent !== NONE && v === from[parent]) continue; // no swap with the pusher
        if (this.forbid !== null && v !== from[i] && this.forbid(i, from[i], v)) continue;
        const k = occupiedNow[v];
        // Nor with a unit already bound to this unit's cell (a LaCAM constraint).
        if (k !== NONE && k !== i && to[k] === from[i]) continue;
        occupiedNext[v] = i;
        to[i] = v;
        if (k !== NONE && k !== i && to[k] === NONE) {
          // k inherits i's priority and must move first.
          top++;
          this.openFrame(top, k, i);
          descended = true;
          break;
        }
        if (this.swap !== null) this.pullSwapped(top);
        return true;
      }
      if (descended) continue;
      // No cell: stay (taking back the cell the pusher reserved), and the pusher tries its next choice.
      to[i] = from[i];
      occupiedNext[from[i]] = i;
      if (top === 0) return false;
      top--;
    }
  }

  /**
   * The push chain down to depth `top` succeeded: every frame whose unit got its first choice and
   * chose to back off for a swap pulls its partner into the cell it leaves, deepest first (the
   * order in which the recursive PIBT returns), if that partner is still free and the cell too.
   */
  private pullSwapped(top: number): void {
    const to = this.to;
    const from = this.from;
    const occupiedNext = this.occupiedNext;
    for (let t = top; t >= 0; t--) {
      const s = this.stackSwap[t];
      if (s === NONE || this.stackNext[t] !== 1) continue;
      const cell = from[this.stackAgent[t]];
      if (to[s] === NONE && occupiedNext[cell] === NONE) {
        to[s] = cell;
        occupiedNext[cell] = s;
      }
    }
  }

  /** Fills depth `top` with unit i's candidates, nearest its goal first, ties at random. */
  private openFrame(top: number, i: number, parent: number): void {
    this.calls++;
    this.stackAgent[top] = i;
    this.stackParent[top] = parent;
    this.stackNext[top] = 0;
    const grid = this.grid;
    const w = grid.width;
    const passable = grid.passable;
    const c = this.from[i];
    const x = c % w;
    const y = (c - x) / w;
    const base = top * SLOTS;
    const table = this.tables[i];
    const cells = this.stackCells;
    const keys = this.keys;
    let count = 0;
    cells[base] = c;
    keys[0] = table.get(c) + this.random.next() * 0.5;
    count = 1;
    if (y > 0 && passable[c - w] === 1) count = this.addCandidate(base, count, c - w, table);
    if (x + 1 < w && passable[c + 1] === 1) count = this.addCandidate(base, count, c + 1, table);
    if (y + 1 < grid.height && passable[c + w] === 1) count = this.addCandidate(base, count, c + w, table);
    if (x > 0 && passable[c - 1] === 1) count = this.addCandidate(base, count, c - 1, table);
    if (this.scatter !== null) {
      // The scattered path's next cell first, the others after it in their order.
      const preferred = this.scatter.next(i, c);
      let at = 1;
      while (at < count && cells[base + at] !== preferred) at++;
      if (at < count) {
        for (let k = at; k > 0; k--) cells[base + k] = cells[base + k - 1];
        cells[base] = preferred;
      }
    }
    this.stackCount[top] = count;
    this.stackSwap[top] = NONE;
    if (this.swap !== null) {
      const partner = this.swap.partner(i, cells[base], this.from, this.to);
      if (partner !== NONE) {
        // Back off: the candidates in reverse order, the farthest from the goal first.
        this.stackSwap[top] = partner;
        for (let a = base, b = base + count - 1; a < b; a++, b--) {
          const t = cells[a];
          cells[a] = cells[b];
          cells[b] = t;
        }
      }
    }
  }

  /** Inserts a candidate in key order (insertion sort over at most five). */
  private addCandidate(base: number, count: number, cell: number, table: LazyDistanceTable): number {
    const cells = this.stackCells;
    const keys = this.keys;
    const key = table.get(cell) + this.random.next() * 0.5;
    let j = count;
    while (j > 0 && keys[j - 1] > key) {
      keys[j] = keys[j - 1];
      cells[base + j] = cells[base + j - 1];
      j--;
    }
    keys[j] = key;
    cells[base + j] = cell;
    return count + 1;
  }
}
