/**
 * Reverse Resumable A* (RRA*): Silver 2005, "Hierarchical Cooperative A*",
 * Algorithm 1; Silver 2006, "Backwards Search" and "Resuming Backwards Search".
 * More on this in README.md, "reverseResumableAStar.ts".
 */
import type { Grid } from '../grid/grid.ts';
import { type Movement, DX, DY } from '../grid/movement.ts';
import { BinaryHeap } from './binaryHeap.ts';

/** Distance returned for cells that cannot reach the goal. */
export const RRA_UNREACHABLE = Infinity;

/** g values fit below this, so a heap priority f * G_SPAN - g breaks f ties toward larger g. */
const G_SPAN = 1 << 21;
const EMPTY = -1;
const FOUND = 1;
const EXHAUSTED = 0;
const OUT_OF_BUDGET = -1;
const INITIAL_CAPACITY = 1024;

export interface RraOptions {
  /** Side of the unit's square footprint (default 1). */
  size?: number;
  /**
   * For size > 1: clearance map (side of the largest free square anchored at each cell, see
   * core/grid/footprint.ts). The caller owns it and refreshes it when the grid changes.
   */
  clearance?: Uint16Array | null;
}

export class ReverseResumableAStar {
  readonly grid: Grid;
  readonly movement: Movement;
  readonly size: number;
  private readonly clearance: Uint16Array | null;
  /** Agent's original position O, toward which the heuristic points. */
  origin = -1;
  goal = -1;
  /** Grid version the current search was started on; callers reset when it changes. */
  gridVersion = -1;
  /** Nodes expanded since the last reset (the work bound the seeds suggest watching). */
  expanded = 0;
  /** Nodes expanded over the object's life. */
  totalExpanded = 0;

  // Open-addressing hash, linear probing: keys are cells, values g * 2 + closedBit.
  private keys: Int32Array;
  private values: Int32Array;
  private mask: number;
  private count = 0;
  private open = new BinaryHeap(256);
  private lastSlot = 0;
  /** Origin the next resumption re-aims at first (`aim`), or -1. */
  private aimAt = -1;

  constructor(grid: Grid, movement: Movement, options: RraOptions = {}) {
    this.grid = grid;
    this.movement = movement;
    this.size = options.size ?? 1;
    this.clearance = options.clearance ?? null;
    if (!Number.isInteger(this.size) || this.size < 1) throw new RangeError(`RRA*: unit size must be a positive whole number, got ${this.size}`);
    if (this.size > 1 && this.clearance === null) throw new RangeError(`RRA*: a unit of size ${this.size} needs a clearance map`);
    this.keys = new Int32Array(INITIAL_CAPACITY).fill(EMPTY);
    this.values = new Int32Array(INITIAL_CAPACITY);
    this.mask = INITIAL_CAPACITY - 1;
  }

  /**
   * INITIALISE RRA*(O, G): restart the backwards search from `goal` aimed at `origin`. With
   * `searchNow` false the first RESUME is left to the first query, so a caller with a work budget
   * can bound it too.
   */
  reset(origin: number, goal: number, searchNow = true): void {
    this.origin = origin;
    this.goal = goal;
    this.gridVersion = this.grid.version;
    this.expanded = 0;
    this.aimAt = -1;
    if (this.keys.length > 16 * INITIAL_CAPACITY) {
      // Give back the memory of a large search (a unit that wandered far, or a long route now
      // mostly walked): most restarts begin small again.
      this.keys = new Int32Array(INITIAL_CAPACITY).fill(EMPTY);
      this.values = new Int32Array(INITIAL_CAPACITY);
      this.mask = INITIAL_CAPACITY - 1;
      this.open = new BinaryHeap(256);
    } else {
      this.keys.fill(EMPTY);
    }
    this.count = 0;
    this.open.clear();
    if (!this.standable(goal)) return; // nothing reaches a goal the unit cannot stand on
    this.setValue(goal, 0);
    this.open.push(goal, this.heuristic(goal) * G_SPAN);
    if (searchNow) this.resume(origin, Infinity);
  }

  /**
   * Aims the search at a new origin without throwing its work away. A node is closed only with
   * its exact distance to the goal, whatever consistent heuristic chose it, and Open still holds
   * every node next to the closed set with its best g so far; so the closed nodes stay valid and
   * only Open's priorities change (the argument that A*'s closed g values are exact uses nothing
   * else). A restart aimed at the unit's cell (Silver 2006, "Resuming Backwards Search") thus costs
   * one pass over the table instead of a new search from the goal back to where the unit stands,
   * most of which it had closed already. `expanded` counts from here, as after `reset`.
   * Call it only while `gridVersion` matches the grid (the caller resets otherwise).
   */
  retarget(origin: number, searchNow = true): void {
    this.expanded = 0;
    this.aimAt = -1;
    this.rebuildOpen(origin);
    if (searchNow && !this.isClosed(origin) && this.open.length > 0) this.resume(origin, Infinity);
  }

  /**
   * Asks the next resumption, if one is needed, to aim at `cell` first (a `retarget` that keeps
   * `expanded`): the unit's cell, when the queries come from searches around it. Queries
   * answered from closed nodes cost nothing and leave the aim as it was.
   */
  aim(cell: number): void {
    this.aimAt = cell === this.origin ? -1 : cell;
  }

  /** Re-keys Open on the heuristic toward `origin` (see `retarget`). */
  private rebuildOpen(origin: number): void {
    this.origin = origin;
    const open = this.open;
    open.clear();
    const keys = this.keys;
    const values = this.values;
    for (let slot = 0; slot < keys.length; slot++) {
      const cell = keys[slot];
      if (cell === EMPTY || (values[slot] & 1) === 1) continue;
      const g = values[slot] >> 1;
      open.push(cell, (g + this.heuristic(cell)) * G_SPAN - g);
    }
  }

  /** Slots in the search's table (its memory: two Int32Arrays of this length). */
  get capacity(): number {
    return this.keys.length;
  }

  /** ABSTRACTDIST(N, G): true distance in moves from `cell` to the goal, or RRA_UNREACHABLE. */
  distance(cell: number): number {
    const slot = this.find(cell);
    if (slot >= 0 && (this.values[slot] & 1) === 1) return this.values[slot] >> 1;
    if (cell < 0 || cell >= this.grid.cells || !this.standable(cell) || this.open.length === 0) return RRA_UNREACHABLE;
    if (this.resume(cell, Infinity) === FOUND) return this.values[this.lastSlot] >> 1;
    return RRA_UNREACHABLE;
  }

  /**
   * Like `distance`, but expands at most `budget` nodes; returns -1 when that was not enough.
   * The search keeps its Open list, so the next query simply carries on (Silver 2005: the
   * resumable search "can be spread across multiple frames").
   */
  distanceWithin(cell: number, budget: number): number {
    const slot = this.find(cell);
    if (slot >= 0 && (this.values[slot] & 1) === 1) return this.values[slot] >> 1;
    if (cell < 0 || cell >= this.grid.cells || !this.standable(cell) || this.open.length === 0) return RRA_UNREACHABLE;
    const outcome = this.resume(cell, budget);
    if (outcome === FOUND) return this.values[this.lastSlot] >> 1;
    return outcome === OUT_OF_BUDGET ? -1 : RRA_UNREACHABLE;
  }

  /** The distance of `cell` when it is closed (known without search), else -1: one probe where isClosed and distance take two. */
  closedDistance(cell: number): number {
    const slot = this.find(cell);
    return slot >= 0 && (this.values[slot] & 1) === 1 ? this.values[slot] >> 1 : -1;
  }

  /** Whether `cell` is closed (its distance known without further search). */
  isClosed(cell: number): boolean {
    const slot = this.find(cell);
    return slot >= 0 && (this.values[slot] & 1) === 1;
  }

  /** RESUMERRA*(N): expand until `target` is closed, Open runs out, or `budget` expansions. */
  private resume(target: number, budget: number): number {
    if (this.aimAt >= 0) {
      this.rebuildOpen(this.aimAt);
      this.aimAt = -1;
    }
    const stopAt = this.expanded + budget;
    const grid = this.grid;
    const w = grid.width;
    const h = grid.height;
    const size = this.size;
    const stand: Uint8Array | Uint16Array = size === 1 ? grid.passable : this.clearance!;
    const noCut = this.movement.corners === 'no-cut';
    const dirs = this.movement.connectivity === 8 ? 8 : 4;
    const open = this.open;
    // Local copies: module bindings may compile to getters under some loaders (tsx, CJS).
    const dxs = DX;
    const dys = DY;
    const ox = this.origin % w;
    const oy = (this.origin - ox) / w;
    const four = this.movement.connectivity === 4;
    while (open.length > 0) {
      if (this.expanded >= stopAt) return OUT_OF_BUDGET;
      const p = open.pop();
      const pSlot = this.find(p);
      const pValue = this.values[pSlot];
      if ((pValue & 1) === 1) continue; // stale duplicate of an already closed node
      this.values[pSlot] = pValue | 1;
      this.expanded++;
      this.totalExpanded++;
      const g = (pValue >> 1) + 1;
      // Room for every successor up front, so the slots found below stay valid.
      if ((this.count + dirs) * 2 > this.keys.length) this.grow();
      const keys = this.keys;
      const values = this.values;
      const mask = this.mask;
      // Successors in reverse order, so ties break the way a forward search would (Silver 2005).
      const px = p % w;
      const py = (p - px) / w;
      for (let d = dirs - 1; d >= 0; d--) {
        const qx = px + dxs[d];
        const qy = py + dys[d];
        if (qx < 0 || qy < 0 || qx >= w || qy >= h) continue;
        const q = qy * w + qx;
        if (stand[q] < size) continue;
        if (d >= 4 && noCut && (stand[py * w + qx] < size || stand[qy * w + px] < size)) continue;
        // One probe finds q or the empty slot where it goes.
        let slot = this.slotOf(q);
        let k = keys[slot];
        while (k !== q && k !== EMPTY) {
          slot = (slot + 1) & mask;
          k = keys[slot];
        }
        if (k === q) {
          const old = values[slot];
          if ((old & 1) === 1 || (old >> 1) <= g) continue;
        } else {
          keys[slot] = q;
          this.count++;
        }
        values[slot] = g << 1;
        const hx = qx > ox ? qx - ox : ox - qx;
        const hy = qy > oy ? qy - oy : oy - qy;
        const hq = four ? hx + hy : hx > hy ? hx : hy;
        open.push(q, (g + hq) * G_SPAN - g);
      }
      if (p === target) {
        this.lastSlot = this.find(p);
        return FOUND;
      }
    }
    return EXHAUSTED;
  }

  private standable(cell: number): boolean {
    return this.size === 1 ? this.grid.passable[cell] === 1 : this.clearance![cell] >= this.size;
  }

  /** Manhattan (4-connected) or Chebyshev (8-connected, unit diagonals) distance to the origin. */
  private heuristic(cell: number): number {
    const w = this.grid.width;
    const dx = Math.abs((cell % w) - (this.origin % w));
    const dy = Math.abs(((cell / w) | 0) - ((this.origin / w) | 0));
    if (this.movement.connectivity === 4) return dx + dy;
    return dx > dy ? dx : dy;
  }

  private slotOf(cell: number): number {
    let hsh = Math.imul(cell, 0x9e3779b1);
    hsh ^= hsh >>> 15;
    return hsh & this.mask;
  }

  private find(cell: number): number {
    const keys = this.keys;
    let slot = this.slotOf(cell);
    for (;;) {
      const k = keys[slot];
      if (k === cell) return slot;
      if (k === EMPTY) return -1;
      slot = (slot + 1) & this.mask;
    }
  }

  private setValue(cell: number, value: number): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    let slot = this.slotOf(cell);
    while (keys[slot] !== EMPTY && keys[slot] !== cell) slot = (slot + 1) & this.mask;
    if (keys[slot] === EMPTY) {
      keys[slot] = cell;
      this.count++;
    }
    this.values[slot] = value;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    const capacity = oldKeys.length * 2;
    this.keys = new Int32Array(capacity).fill(EMPTY);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.count = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] !== EMPTY) this.setValue(oldKeys[i], oldValues[i]);
    }
  }
}
