/**
 * Space-time A* with the pause action: Silver 2006, "The Third Dimension",
 * "Terminal Node", "Fixed Depth Search"; Silver 2005, "Cooperative A*" and
 * "Windowed Hierarchical Cooperative A*" (the edge-cost function).
 * More on this in README.md, "spaceTimeAStar.ts".
 */
import type { Grid } from '../../grid/grid.ts';
import { type Movement, DX, DY } from '../../grid/movement.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { ActionRules } from './actionRules.ts';
import { NO_AGENT, type ReservationTable } from './reservationTable.ts';
import { SpaceTimeHash } from './spaceTimeHash.ts';

/** NO_AGENT as a module constant: imported bindings can compile to getters (tsx), too slow here. */
const NOBODY: typeof NO_AGENT = -1;

/** g stays below 2^20, so (f, larger g, exact first) packs into one double. */
const G_SPAN = 1 << 21;

export type SearchOutcome = 'found' | 'unreachable' | 'exhausted' | 'limit';

/**
 * HCA*'s abstract distance in moves (Silver 2005): a unit's Reverse Resumable A*
 * (ReverseResumableAStar has this shape), or a table shared by every unit heading for one exit
 * (exitDistances.ts). Infinity: no way to the goal.
 */
export interface AbstractDistance {
  /** The distance of `cell`, searching as far as needed. */
  distance(cell: number): number;
  /** Like `distance`, searching at most `budget` nodes; -1 when that was not enough. */
  distanceWithin(cell: number, budget: number): number;
  /** The distance of `cell` when known without search, else -1. */
  closedDistance(cell: number): number;
  /** Nodes expanded over the object's life (the work a query caused is the difference). */
  readonly totalExpanded: number;
}

/** One search's inputs; the controller keeps one and rewrites it. */
export interface SpaceTimeQuery {
  agent: number;
  /** Priority its reservations carry; lower reservations may be overridden. */
  priority: number;
  start: number;
  t0: number;
  goal: number;
  size: number;
  /** Turns one move takes. */
  speed: number;
  /** Depth limit w in turns (WHCA*), or 0 for a full-depth search (CA* and HCA*). */
  window: number;
  /** Full depth only: ignore states more than this many turns after t0. */
  maxDepth: number;
  /** Give up after this many expansions. */
  maxExpansions: number;
  /** Abstract distance in moves (HCA*, WHCA*); null = Manhattan / Chebyshev (CA*). */
  rra: AbstractDistance | null;
  /**
   * RRA* expansions this search may spend (Infinity: no limit). Past it, cells whose true
   * distance is not yet known use a lower bound instead: still admissible, less informed.
   */
  rraBudget: number;
  /**
   * The unit leaves the map on reaching its goal (a stream's exit): the search ends there, inside
   * the window too, and the path holds the goal for no turn after arrival. WHCA* otherwise paused
   * on the goal to the window's end, reserving the exit cell against the unit behind for turns
   * after the first had left: a one-way corridor carried 5.9 units per 10 turns, not 10. The
   * goal is any cell whose abstract distance is 0: with an exit's table (exitDistances.ts) any
   * cell of the exit, where the unit leaves as it would on its own goal cell.
   */
  leavesAtGoal: boolean;
}

export class SpaceTimeAStar {
  readonly grid: Grid;
  readonly movement: Movement;
  readonly table: ReservationTable;
  readonly rules: ActionRules;
  /** Standable map for units larger than 1 (clearance); size-1 units read grid.passable. */
  clearance: Uint16Array | null = null;

  /** Result: the unit's cell at t0, t0 + 1, … (held during a slow move until it ends). */
  pathCells = new Int32Array(64);
  /** Result: the second cell a slow unit covers mid-move at each time, else -1. */
  pathExtra = new Int32Array(64);
  /** Number of times in the result (last index + 1). */
  pathLength = 0;
  /** Cost of the result including the terminal edge (turns). */
  pathCost = 0;
  expanded = 0;
  totalExpanded = 0;
  /** RRA* expansions the last search caused. */
  rraUsed = 0;

  private nCell = new Int32Array(1024);
  private nDepth = new Int32Array(1024);
  private nG = new Int32Array(1024);
  private nParent = new Int32Array(1024);
  private nClosed = new Uint8Array(1024);
  private nH = new Float64Array(1024);
  private nLazy = new Uint8Array(1024);
  private nodeCount = 0;

  private readonly hash = new SpaceTimeHash();
  /** Search id for the heuristic cache (hStamp). */
  private stamp = 0;

  private hValue: Float64Array;
  private hStamp: Int32Array;
  private readonly heap = new BinaryHeap(1024);
  private trail = new Int32Array(64);

  constructor(grid: Grid, movement: Movement, table: ReservationTable, rules: ActionRules) {
    this.grid = grid;
    this.movement = movement;
    this.table = table;
    this.rules = rules;
    this.hValue = new Float64Array(grid.cells);
    this.hStamp = new Int32Array(grid.cells);
  }

  search(q: SpaceTimeQuery): SearchOutcome {
    this.hash.nextSearch();
    this.stamp++;
    if (this.stamp > 0x3fffffff) {
      this.stamp = 1;
      this.hStamp.fill(0);
    }
    this.nodeCount = 0;
    this.expanded = 0;
    this.rraUsed = 0;
    this.pathLength = 0;
    const heap = this.heap;
    heap.clear();

    const grid = this.grid;
    const w = grid.width;
    const h = grid.height;
    const size = q.size;
    const speed = q.speed;
    const agent = q.agent;
    const priority = q.priority;
    const goal = q.goal;
    const t0 = q.t0;
    const windowed = q.window > 0;
    const window = q.window;
    const stand: Uint8Array | Uint16Array = size === 1 ? grid.passable : this.clearance!;
    const noCut = this.movement.corners === 'no-cut';
    const dirs = this.movement.connectivity === 8 ? 8 : 4;
    const rules = this.rules;
    // Local copies: module bindings may compile to getters under some loaders (tsx, CJS).
    const dxs = DX;
    const dys = DY;
    // Full depth: every time after the last reservation looks the same (see the file comment).
    const cap = windowed ? 0x3fffffff : Math.max(1, this.table.maxTime - t0 + 1);
    const maxDepth = windowed ? 0x3fffffff : q.maxDepth;

    const rootH = this.heuristic(q, q.start);
    if (rootH === Infinity) return 'unreachable';
    const root = this.addNode(q.start, 0, 0, -1, 0);
    this.nH[root] = rootH;
    this.nLazy[root] = 0;
    heap.push(root, this.priorityOf(root));

    while (heap.length > 0) {
      const popped = heap.peekPriority();
      const id = heap.pop();
      if (this.nClosed[id] === 1 || popped !== this.priorityOf(id)) continue; // stale copy
      if (this.nLazy[id] === 1) {
        // Lazy heuristic: the true distance is asked for only now that the node is chosen, so
        // RRA* resumes only for cells the search really reaches.
        const exact = this.heuristic(q, this.nCell[id]);
        this.nLazy[id] = 0;
        if (exact === Infinity) {
          this.nClosed[id] = 1;
          continue;
        }
        if (exact > this.nH[id]) this.nH[id] = exact;
        heap.push(id, this.priorityOf(id));
        continue;
      }
      this.nClosed[id] = 1;
      this.expanded++;
      this.totalExpanded++;
      if (this.expanded > q.maxExpansions) return 'limit';
      const c = this.nCell[id];
      const d = this.nDepth[id];
      const g = this.nG[id];
      const hc = this.nH[id];
      if ((q.leavesAtGoal && (c === goal || hc === 0)) || (windowed ? d >= window : c === goal && this.goalFree(q, t0 + d))) {
        this.extract(id);
        this.pathCost = g + (windowed ? hc : 0);
        return 'found';
      }
      const t = t0 + d;
      // Pause: free on the goal inside the window (Silver 2005 edge cost), otherwise one turn.
      if (d + 1 <= maxDepth && rules.check(agent, priority, size, t, c, c, 1, false)) {
        this.relax(q, c, d + 1, windowed && c === goal ? g : g + 1, id, cap, hc);
      }
      if (d + speed > maxDepth) continue;
      const cx = c % w;
      const cy = (c - cx) / w;
      for (let dir = 0; dir < dirs; dir++) {
        const nx = cx + dxs[dir];
        const ny = cy + dys[dir];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const n = ny * w + nx;
        if (stand[n] < size) continue;
        if (dir >= 4 && noCut && (stand[cy * w + nx] < size || stand[ny * w + cx] < size)) continue;
        if (!rules.check(agent, priority, size, t, c, n, speed, false)) continue;
        this.relax(q, n, d + speed, g + speed, id, cap, hc - speed);
      }
    }
    return 'exhausted';
  }

  /**
   * Offers (cell, depth) at cost g. `bound` is a lower bound on its heuristic from the parent's
   * (consistency: h(child) >= h(parent) - cost); when the exact value is not at hand without
   * resuming RRA*, the node waits in Open with the best bound until it is chosen.
   */
  private relax(q: SpaceTimeQuery, cell: number, depth: number, g: number, parent: number, cap: number, bound: number): void {
    const known = this.cheapHeuristic(q, cell);
    if (known === Infinity) return;
    const keyDepth = depth < cap ? depth : cap;
    const slot = this.hash.slot(cell, keyDepth, this.nodeCount);
    let id: number;
    if (this.hash.has(slot)) {
      id = this.hash.node(slot);
      if (this.nClosed[id] === 1 || this.nG[id] <= g) return;
      this.nG[id] = g;
      this.nDepth[id] = depth;
      this.nParent[id] = parent;
      if (this.nLazy[id] === 1) {
        if (known >= 0) {
          this.nH[id] = known;
          this.nLazy[id] = 0;
        } else if (bound > this.nH[id]) {
          this.nH[id] = bound;
        }
      }
    } else {
      id = this.addNodeAt(slot, cell, depth, g, parent, keyDepth);
      if (known >= 0) {
        this.nH[id] = known;
        this.nLazy[id] = 0;
      } else {
        const flat = this.flatDistance(q, cell) * q.speed;
        this.nH[id] = bound > flat ? bound : flat;
        this.nLazy[id] = 1;
      }
    }
    this.heap.push(id, this.priorityOf(id));
  }

  /** Heap key: f first, then larger g, then exact heuristics before provisional ones. */
  private priorityOf(id: number): number {
    const g = this.nG[id];
    return (g + this.nH[id]) * G_SPAN - 2 * g - (this.nLazy[id] === 1 ? 0 : 1);
  }

  /** The heuristic if it costs no search (cached, flat distance, or closed in RRA*), else -1. */
  private cheapHeuristic(q: SpaceTimeQuery, cell: number): number {
    if (this.hStamp[cell] === this.stamp) return this.hValue[cell];
    if (q.rra === null) return this.heuristic(q, cell);
    const moves = q.rra.closedDistance(cell);
    if (moves < 0) return -1;
    const value = moves * q.speed;
    this.hStamp[cell] = this.stamp;
    this.hValue[cell] = value;
    return value;
  }

  /** Heuristic in turns, cached per cell for this search. */
  private heuristic(q: SpaceTimeQuery, cell: number): number {
    if (this.hStamp[cell] === this.stamp) return this.hValue[cell];
    let moves: number;
    const rra = q.rra;
    if (rra !== null && q.rraBudget === Infinity) {
      const before = rra.totalExpanded;
      moves = rra.distance(cell);
      this.rraUsed += rra.totalExpanded - before;
    } else if (rra !== null) {
      const before = rra.totalExpanded;
      moves = rra.distanceWithin(cell, Math.max(0, q.rraBudget - this.rraUsed));
      this.rraUsed += rra.totalExpanded - before;
      if (moves < 0) moves = this.flatDistance(q, cell); // out of budget: a lower bound
    } else {
      moves = this.flatDistance(q, cell);
    }
    const value = moves * q.speed;
    this.hStamp[cell] = this.stamp;
    this.hValue[cell] = value;
    return value;
  }

  /** Moves to the goal ignoring walls: Manhattan (4-connected) or Chebyshev (8, unit diagonals). */
  private flatDistance(q: SpaceTimeQuery, cell: number): number {
    const w = this.grid.width;
    const dx = Math.abs((cell % w) - (q.goal % w));
    const dy = Math.abs(((cell / w) | 0) - ((q.goal / w) | 0));
    return this.movement.connectivity === 4 ? dx + dy : dx > dy ? dx : dy;
  }

  /** Can the unit stay on the goal from time t on? Lower-priority holders do not count. */
  private goalFree(q: SpaceTimeQuery, t: number): boolean {
    const table = this.table;
    const w = this.grid.width;
    for (let j = 0; j < q.size; j++) {
      for (let i = 0; i < q.size; i++) {
        const cell = q.goal + j * w + i;
        const parked = table.parkedAgent[cell];
        if (parked !== NOBODY && parked !== q.agent && table.parkedPriority[cell] >= q.priority) return false;
        const last = table.lastTime[cell];
        for (let tau = t; tau <= last; tau++) {
          const x = table.occupant(tau, cell);
          if (x !== NOBODY && x !== q.agent && table.lastPriority >= q.priority) return false;
        }
      }
    }
    return true;
  }

  private addNode(cell: number, depth: number, g: number, parent: number, keyDepth: number): number {
    return this.addNodeAt(this.hash.slot(cell, keyDepth, this.nodeCount), cell, depth, g, parent, keyDepth);
  }

  /** Adds a node into free slot `s` (from `slot`, with no growth since). */
  private addNodeAt(s: number, cell: number, depth: number, g: number, parent: number, keyDepth: number): number {
    if (this.nodeCount === this.nCell.length) this.growNodes();
    const id = this.nodeCount++;
    this.nCell[id] = cell;
    this.nDepth[id] = depth;
    this.nG[id] = g;
    this.nParent[id] = parent;
    this.nClosed[id] = 0;
    this.hash.put(s, cell, keyDepth, id);
    return id;
  }

  /** Writes the per-turn path ending at node `id`. */
  private extract(id: number): void {
    let count = 0;
    for (let n = id; n >= 0; n = this.nParent[n]) {
      if (count === this.trail.length) this.trail = grown(this.trail, count * 2);
      this.trail[count++] = n;
    }
    const length = this.nDepth[id] + 1;
    if (this.pathCells.length < length) {
      this.pathCells = new Int32Array(length * 2);
      this.pathExtra = new Int32Array(length * 2);
    }
    const cells = this.pathCells;
    const extra = this.pathExtra;
    for (let k = count - 1; k >= 0; k--) {
      const n = this.trail[k];
      const d = this.nDepth[n];
      cells[d] = this.nCell[n];
      extra[d] = -1;
      if (k > 0) {
        const next = this.trail[k - 1];
        const nd = this.nDepth[next];
        const to = this.nCell[next];
        // A slow move holds the old cell and also covers the new one until it ends.
        for (let tau = d + 1; tau < nd; tau++) {
          cells[tau] = this.nCell[n];
          extra[tau] = to === this.nCell[n] ? -1 : to;
        }
      }
    }
    this.pathLength = length;
  }

  private growNodes(): void {
    const capacity = this.nCell.length * 2;
    this.nCell = grown(this.nCell, capacity);
    this.nDepth = grown(this.nDepth, capacity);
    this.nG = grown(this.nG, capacity);
    this.nParent = grown(this.nParent, capacity);
    const closed = new Uint8Array(capacity);
    closed.set(this.nClosed);
    this.nClosed = closed;
    const lazy = new Uint8Array(capacity);
    lazy.set(this.nLazy);
    this.nLazy = lazy;
    const hs = new Float64Array(capacity);
    hs.set(this.nH);
    this.nH = hs;
  }
}

function grown(a: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(capacity);
  b.set(a);
  return b;
}
