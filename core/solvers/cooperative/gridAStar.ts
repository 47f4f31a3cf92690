/**
 * Spatial A* for Local Repair A* (Silver 2005, "Local Repair A*"): a shortest
 * path on the grid in turns (one per move), treating a set of marked cells (the agent's current
 * neighbours) as walls, with agitation noise added to the heuristic: "Random noise is then added
 * to the distance heuristic in proportion to the agitation level."
 *
 * Heuristic Manhattan (4) / Chebyshev (8), costs one per move (see reverseResumableAStar.ts for
 * why turns). Large units stand where the clearance map allows and avoid marked cells under
 * their whole footprint. Typed arrays, reused between queries, reset by a search-id stamp.
 */
import type { Grid } from '../../grid/grid.ts';
import { type Movement, DX, DY } from '../../grid/movement.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { Random } from '../../util/random.ts';

export class GridAStar {
  readonly grid: Grid;
  readonly movement: Movement;
  clearance: Uint16Array | null = null;
  /** Cells treated as walls: blockedStamp[cell] === blockedMark. */
  readonly blockedStamp: Int32Array;
  blockedMark = 1;
  /** Result: the cells after the start, up to and including the goal. */
  path = new Int32Array(64);
  pathLength = 0;
  expanded = 0;

  private readonly g: Int32Array;
  private readonly parent: Int32Array;
  private readonly seen: Int32Array;
  private readonly closed: Int32Array;
  private stamp = 0;
  private readonly heap = new BinaryHeap(256);

  constructor(grid: Grid, movement: Movement) {
    this.grid = grid;
    this.movement = movement;
    const cells = grid.cells;
    this.blockedStamp = new Int32Array(cells);
    this.g = new Int32Array(cells);
    this.parent = new Int32Array(cells);
    this.seen = new Int32Array(cells);
    this.closed = new Int32Array(cells);
  }

  /** Marks a fresh, empty set of blocked cells. */
  clearBlocked(): void {
    this.blockedMark++;
  }

  block(cell: number): void {
    this.blockedStamp[cell] = this.blockedMark;
  }

  /** Finds a path; false when the goal cannot be reached around walls and blocked cells. */
  search(start: number, goal: number, size: number, noise: number, random: Random): boolean {
    this.stamp++;
    this.pathLength = 0;
    const grid = this.grid;
    const w = grid.width;
    const h = grid.height;
    const stand: Uint8Array | Uint16Array = size === 1 ? grid.passable : this.clearance!;
    const noCut = this.movement.corners === 'no-cut';
    const dirs = this.movement.connectivity === 8 ? 8 : 4;
    const heap = this.heap;
    heap.clear();
    const stamp = this.stamp;
    // Local copies: module bindings may compile to getters under some loaders (tsx, CJS).
    const dxs = DX;
    const dys = DY;

    this.g[start] = 0;
    this.seen[start] = stamp;
    heap.push(start, this.heuristic(start, goal, noise, random));
    while (heap.length > 0) {
      const c = heap.pop();
      if (this.closed[c] === stamp) continue;
      this.closed[c] = stamp;
      this.expanded++;
      if (c === goal) {
        this.extract(start, goal);
        return true;
      }
      const cx = c % w;
      const cy = (c - cx) / w;
      const g = this.g[c] + 1;
      for (let d = 0; d < dirs; d++) {
        const nx = cx + dxs[d];
        const ny = cy + dys[d];
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const n = ny * w + nx;
        if (stand[n] < size || this.isBlocked(n, size)) continue;
        if (d >= 4 && noCut && (stand[cy * w + nx] < size || stand[ny * w + cx] < size)) continue;
        if (this.seen[n] === stamp && this.g[n] <= g) continue;
        this.seen[n] = stamp;
        this.g[n] = g;
        this.parent[n] = c;
        heap.push(n, g + this.heuristic(n, goal, noise, random));
      }
    }
    return false;
  }

  private isBlocked(anchor: number, size: number): boolean {
    const mark = this.blockedMark;
    if (size === 1) return this.blockedStamp[anchor] === mark;
    const w = this.grid.width;
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) if (this.blockedStamp[anchor + j * w + i] === mark) return true;
    return false;
  }

  private heuristic(cell: number, goal: number, noise: number, random: Random): number {
    const w = this.grid.width;
    const dx = Math.abs((cell % w) - (goal % w));
    const dy = Math.abs(((cell / w) | 0) - ((goal / w) | 0));
    const base = this.movement.connectivity === 4 ? dx + dy : dx > dy ? dx : dy;
    return noise > 0 ? base + noise * random.next() : base;
  }

  private extract(start: number, goal: number): void {
    let length = 0;
    for (let c = goal; c !== start; c = this.parent[c]) length++;
    if (this.path.length < length) this.path = new Int32Array(length * 2);
    let k = length;
    for (let c = goal; c !== start; c = this.parent[c]) this.path[--k] = c;
    this.pathLength = length;
  }
}
