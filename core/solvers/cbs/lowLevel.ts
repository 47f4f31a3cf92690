/**
 * CBS's low level: space-time A* for one unit under its constraints (Sharon, Stern, Felner and
 * Sturtevant, "Conflict-Based Search for Optimal Multi-Agent Pathfinding", AIJ 219, 2015,
 * section 3.3). States are (cell, t) on a 4-connected grid; moving or waiting costs one turn.
 * A vertex constraint forbids (cell, t), an edge constraint the move from -> to arriving at t.
 * The unit is done when it stands on its goal with no vertex constraint on the goal later on,
 * so its path's length is its cost in the `rest` model (time until it rests for good).
 *
 * After the last constraint time every time looks alike, so states there collapse onto one time
 * layer: a unit that cannot reach its goal is found out when that layer is exhausted. Ties on f
 * go to fewer conflicts with the other units' current paths (the conflict avoidance table), then
 * to larger g.
 */
import type { Grid } from '../../grid/grid.ts';
import { fourConnectedStep } from '../../grid/movement.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import { FAR, type LazyDistanceTable } from '../../search/lazyDistanceTable.ts';

/** One unit's constraints, as CBS collects them from a node up to the root. */
export interface AgentConstraints {
  /** Keys t * cells + cell. */
  vertex: Set<number>;
  /** Keys (t * cells + from) * cells + to (t: the arrival time). */
  edge: Set<number>;
  /** The latest t of any constraint (-1: none). */
  maxT: number;
  /** The latest t of a vertex constraint on the unit's goal (-1: none): it cannot rest before. */
  goalT: number;
  /**
   * Target reasoning's constraints: cell -> the first time the unit may no longer stand there
   * (from then on, for good: another unit rests on it as its goal).
   */
  barred: Map<number, number>;
}

/** Whether a `barred` constraint keeps the unit off `cell` at t. */
export function isBarred(c: AgentConstraints, cell: number, t: number): boolean {
  if (c.barred.size === 0) return false;
  const from = c.barred.get(cell);
  return from !== undefined && t >= from;
}

export function emptyConstraints(): AgentConstraints {
  return { vertex: new Set(), edge: new Set(), maxT: -1, goalT: -1, barred: new Map() };
}

/** Where the other units are: for tie-breaking only (fewer conflicts first). */
export interface ConflictCounter {
  conflicts(cell: number, t: number, from: number): number;
}

export interface LowLevelLimits {
  /** Expansions left for this call (the caller's budget). */
  maxExpansions: number;
}

export class SpaceTimePlanner {
  private readonly grid: Grid;
  private readonly heap = new BinaryHeap(1024);
  private cell = new Int32Array(1024);
  private time = new Int32Array(1024);
  private g = new Int32Array(1024);
  private conf = new Int32Array(1024);
  private parent = new Int32Array(1024);
  private count = 0;
  /** Expansions of the last call, and over all calls. */
  expanded = 0;
  totalExpanded = 0;
  /** Whether the last call ran out of expansions (as opposed to proving there is no path). */
  exhaustedBudget = false;
  /** Best g per (layer, cell) of the current call, valid where bestStamp is the call's stamp. */
  private best = new Int32Array(0);
  private bestStamp = new Int32Array(0);
  private stamp = 0;

  constructor(grid: Grid) {
    this.grid = grid;
  }

  /**
   * The cheapest path from `start` (at t = 0) to resting on `goal`, as cells per turn, or null
   * when there is none (or the budget ran out: see exhaustedBudget).
   */
  plan(start: number, goal: number, distances: LazyDistanceTable, c: AgentConstraints, cat: ConflictCounter | null, limits: LowLevelLimits): Int32Array | null {
    const grid = this.grid;
    const cells = grid.cells;
    const w = grid.width;
    const passable = grid.passable;
    const heap = this.heap;
    heap.clear();
    this.count = 0;
    this.expanded = 0;
    this.exhaustedBudget = false;
    const layers = c.maxT + 2; // times 0..maxT, then one layer for every later time
    const arrays = this.readyClosed(layers * cells);
    const map = arrays ? null : new Map<number, number>();
    const best = this.best;
    const bestStamp = this.bestStamp;
    const stamp = this.stamp;
    const h0 = distances.get(start);
    if (h0 >= FAR || c.vertex.has(start) || isBarred(c, start, 0)) return null;
    this.push(start, 0, 0, 0, -1, h0);
    if (map === null) {
      bestStamp[start] = stamp;
      best[start] = 0;
    } else map.set(start, 0);
    while (heap.length > 0) {
      const id = heap.pop();
      const cell = this.cell[id];
      const t = this.time[id];
      const g = this.g[id];
      const layer = t < layers - 1 ? t : layers - 1;
      const here = layer * cells + cell;
      if ((map === null ? best[here] : map.get(here)!) < g) continue; // a cheaper copy was expanded
      if (cell === goal && t > c.goalT) return this.extract(id);
      if (++this.expanded > limits.maxExpansions) {
        this.exhaustedBudget = true;
        break;
      }
      this.totalExpanded++;
      const nt = t + 1;
      const nextLayer = nt < layers - 1 ? nt : layers - 1;
      for (let d = 0; d < 5; d++) {
        const n = fourConnectedStep(cell, d, w, cells);
        if (n < 0 || passable[n] !== 1) continue;
        if (nt <= c.maxT) {
          if (c.vertex.has(nt * cells + n)) continue;
          if (n !== cell && c.edge.has((nt * cells + cell) * cells + n)) continue;
        }
        if (isBarred(c, n, nt)) continue;
        const h = distances.get(n);
        if (h >= FAR) continue;
        const key = nextLayer * cells + n;
        const ng = g + 1;
        if (map === null) {
          if (bestStamp[key] === stamp && best[key] <= ng) continue;
          bestStamp[key] = stamp;
          best[key] = ng;
        } else {
          const seen = map.get(key);
          if (seen !== undefined && seen <= ng) continue;
          map.set(key, ng);
        }
        const nc = this.conf[id] + (cat === null ? 0 : cat.conflicts(n, nt, cell));
        this.push(n, nt, ng, nc, id, h);
      }
    }
    return null;
  }

  /**
   * Readies the (layer, cell) -> best g table of one call: stamped typed arrays reused between
   * calls (nothing to clear). Returns false where layers x cells would not fit in 16M entries:
   * the call then keeps a Map.
   */
  private readyClosed(size: number): boolean {
    if (size > 16_000_000) return false;
    if (this.best.length < size) {
      this.best = new Int32Array(Math.max(size, this.best.length * 2));
      this.bestStamp = new Int32Array(this.best.length);
      this.stamp = 0;
    }
    if (++this.stamp > 0x3fffffff) {
      this.stamp = 1;
      this.bestStamp.fill(0);
    }
    return true;
  }

  private push(cell: number, t: number, g: number, conflicts: number, parent: number, h: number): void {
    if (this.count === this.cell.length) this.grow();
    const id = this.count++;
    this.cell[id] = cell;
    this.time[id] = t;
    this.g[id] = g;
    this.conf[id] = conflicts;
    this.parent[id] = parent;
    // f first, then fewer conflicts, then larger g.
    const f = g + h;
    this.heap.push(id, (f * 16384 + Math.min(conflicts, 16383)) * 16384 + (16383 - Math.min(g, 16383)));
  }

  private extract(id: number): Int32Array {
    const path = new Int32Array(this.time[id] + 1);
    for (let n = id; n >= 0; n = this.parent[n]) path[this.time[n]] = this.cell[n];
    return path;
  }

  private grow(): void {
    const size = this.cell.length * 2;
    const grow = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.cell = grow(this.cell);
    this.time = grow(this.time);
    this.g = grow(this.g);
    this.conf = grow(this.conf);
    this.parent = grow(this.parent);
  }
}
