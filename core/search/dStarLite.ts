/**
 * D* Lite (Koenig and Likhachev, "D* Lite", AAAI 2002; Figure 3, the basic version): a unit's
 * shortest path kept up to date as cells open and close and the unit moves, reusing the search
 * instead of starting again (the `incremental` strategy beyond Patel's article).
 *
 * The search runs backwards, from the goal: g(s) estimates the moves from s to the goal, rhs(s)
 * is the one-step lookahead min over successors s' of c(s, s') + g(s'), and a cell is
 * inconsistent while they differ. Keys are [min(g, rhs) + h(start, s) + km; min(g, rhs)],
 * compared lexicographically; km grows by h(last, start) when the unit moves, so queued keys stay
 * lower bounds without re-keying the queue. Moves cost one turn each (a diagonal too, as
 * everywhere in the turn model), so h is the Manhattan (4 neighbours) or Chebyshev (8) move
 * count. A changed cell changes the edges into and out of it and the diagonals it is a corner
 * of: the cell and its 8 neighbours are updated.
 */
import type { Grid } from '../grid/grid.ts';
import { type Movement, directionCount, stepCell } from '../grid/movement.ts';

export class DStarLite {
  /** Vertices taken off the queue, over the object's life (the papers' measure). */
  expanded = 0;
  private readonly g: Float64Array;
  private readonly rhs: Float64Array;
  private readonly queue: KeyHeap;
  private readonly directions: number;
  private km = 0;
  private last: number;

  /** `grid` is read live: change it, then call cellsChanged with the cells. */
  constructor(
    private readonly grid: Grid,
    private readonly movement: Movement,
    private start: number,
    readonly goal: number,
  ) {
    this.g = new Float64Array(grid.cells).fill(Infinity);
    this.rhs = new Float64Array(grid.cells).fill(Infinity);
    this.queue = new KeyHeap(grid.cells);
    this.directions = directionCount(movement);
    this.last = start;
    this.rhs[goal] = 0;
    this.queue.insert(goal, this.h(start, goal), 0);
  }

  private h(a: number, b: number): number {
    const w = this.grid.width;
    const dx = Math.abs((a % w) - (b % w));
    const dy = Math.abs(Math.floor(a / w) - Math.floor(b / w));
    return this.directions === 8 ? Math.max(dx, dy) : dx + dy;
  }

  /** c(u, v) for neighbours: one move, or Infinity when either is a wall (or a no-cut corner blocks it). */
  private cost(u: number, d: number): number {
    if (this.grid.passable[u] === 0) return Infinity;
    return stepCell(this.grid, this.movement, u, d) < 0 ? Infinity : 1;
  }

  private k1(s: number): number {
    return Math.min(this.g[s], this.rhs[s]) + this.h(this.start, s) + this.km;
  }

  private updateVertex(u: number): void {
    if (u !== this.goal) {
      let best = Infinity;
      if (this.grid.passable[u] === 1) {
        for (let d = 0; d < this.directions; d++) {
          const v = stepCell(this.grid, this.movement, u, d);
          if (v >= 0) best = Math.min(best, 1 + this.g[v]);
        }
      }
      this.rhs[u] = best;
    }
    if (this.queue.has(u)) this.queue.remove(u);
    if (this.g[u] !== this.rhs[u]) this.queue.insert(u, this.k1(u), Math.min(this.g[u], this.rhs[u]));
  }

  /** Brings g up to date for the start (ComputeShortestPath). */
  computeShortestPath(): void {
    const { g, rhs, queue } = this;
    const start = this.start;
    while (queue.size > 0 && (less(queue.topK1(), queue.topK2(), this.k1(start), Math.min(g[start], rhs[start])) || rhs[start] !== g[start])) {
      const oldK1 = queue.topK1();
      const oldK2 = queue.topK2();
      const u = queue.pop();
      this.expanded++;
      const newK1 = this.k1(u);
      const newK2 = Math.min(g[u], rhs[u]);
      if (less(oldK1, oldK2, newK1, newK2)) {
        queue.insert(u, newK1, newK2);
      } else if (g[u] > rhs[u]) {
        g[u] = rhs[u];
        this.updatePredecessors(u);
      } else {
        g[u] = Infinity;
        this.updatePredecessors(u);
        this.updateVertex(u);
      }
    }
  }

  /** Moves are symmetric under both corner rules, so a cell's predecessors are its neighbours. */
  private updatePredecessors(u: number): void {
    for (let d = 0; d < this.directions; d++) {
      const p = stepCell(this.grid, this.movement, u, d);
      if (p >= 0) this.updateVertex(p);
    }
  }

  /** The moves from the start to the goal as things stand (Infinity: no way). */
  get distance(): number {
    return this.g[this.start];
  }

  /** The unit moved to `cell` (a neighbour of the start, or anywhere: km absorbs the move). */
  moveTo(cell: number): void {
    this.start = cell;
  }

  /** Cells whose passability changed in the grid: their edges and the diagonals they corner are updated. */
  cellsChanged(cells: Iterable<number>): void {
    this.km += this.h(this.last, this.start);
    this.last = this.start;
    const w = this.grid.width;
    for (const cell of cells) {
      const x = cell % w;
      const y = (cell - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < w && ny < this.grid.height) this.updateVertex(ny * w + nx);
        }
      }
    }
  }

  /** The path from the start to the goal by the current g values (greedy descent), or null when there is none. */
  path(): number[] | null {
    if (!Number.isFinite(this.g[this.start])) return null;
    const path = [this.start];
    let cell = this.start;
    while (cell !== this.goal && path.length <= this.grid.cells) {
      let best = -1;
      let bestValue = Infinity;
      for (let d = 0; d < this.directions; d++) {
        if (this.cost(cell, d) === Infinity) continue;
        const v = stepCell(this.grid, this.movement, cell, d);
        if (this.grid.passable[v] === 0) continue;
        if (1 + this.g[v] < bestValue) {
          bestValue = 1 + this.g[v];
          best = v;
        }
      }
      if (best < 0) return null;
      path.push(best);
      cell = best;
    }
    return cell === this.goal ? path : null;
  }
}

/** [a1, a2] < [b1, b2], lexicographically. */
function less(a1: number, a2: number, b1: number, b2: number): boolean {
  return a1 < b1 || (a1 === b1 && a2 < b2);
}

/** A binary min-heap of cells by two-part keys, with removal of any queued cell. */
class KeyHeap {
  private ids: Int32Array;
  private k1s: Float64Array;
  private k2s: Float64Array;
  /** Slot of each cell in the heap, -1 when not queued. */
  private readonly slot: Int32Array;
  size = 0;

  constructor(cells: number) {
    this.ids = new Int32Array(1024);
    this.k1s = new Float64Array(1024);
    this.k2s = new Float64Array(1024);
    this.slot = new Int32Array(cells).fill(-1);
  }

  has(id: number): boolean {
    return this.slot[id] >= 0;
  }

  topK1(): number {
    return this.k1s[0];
  }

  topK2(): number {
    return this.k2s[0];
  }

  insert(id: number, k1: number, k2: number): void {
    if (this.size === this.ids.length) this.grow();
    this.place(this.size++, id, k1, k2);
    this.up(this.size - 1);
  }

  pop(): number {
    const top = this.ids[0];
    this.removeAt(0);
    return top;
  }

  remove(id: number): void {
    this.removeAt(this.slot[id]);
  }

  private removeAt(i: number): void {
    const id = this.ids[i];
    this.slot[id] = -1;
    const last = --this.size;
    if (i === last) return;
    const moved = this.ids[last];
    this.place(i, moved, this.k1s[last], this.k2s[last]);
    this.up(i);
    this.down(this.slot[moved]);
  }

  private place(i: number, id: number, k1: number, k2: number): void {
    this.ids[i] = id;
    this.k1s[i] = k1;
    this.k2s[i] = k2;
    this.slot[id] = i;
  }

  private up(i: number): void {
    const id = this.ids[i];
    const k1 = this.k1s[i];
    const k2 = this.k2s[i];
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!less(k1, k2, this.k1s[p], this.k2s[p])) break;
      this.place(i, this.ids[p], this.k1s[p], this.k2s[p]);
      i = p;
    }
    this.place(i, id, k1, k2);
  }

  private down(i: number): void {
    const id = this.ids[i];
    const k1 = this.k1s[i];
    const k2 = this.k2s[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= this.size) break;
      if (c + 1 < this.size && less(this.k1s[c + 1], this.k2s[c + 1], this.k1s[c], this.k2s[c])) c++;
      if (!less(this.k1s[c], this.k2s[c], k1, k2)) break;
      this.place(i, this.ids[c], this.k1s[c], this.k2s[c]);
      i = c;
    }
    this.place(i, id, k1, k2);
  }

  private grow(): void {
    const n = this.ids.length * 2;
    const ids = new Int32Array(n);
    ids.set(this.ids);
    this.ids = ids;
    const k1s = new Float64Array(n);
    k1s.set(this.k1s);
    this.k1s = k1s;
    const k2s = new Float64Array(n);
    k2s.set(this.k2s);
    this.k2s = k2s;
  }
}
