/**
 * Open tasks listed by their first errand's cell, and the search for a robot's cheapest one:
 * breadth-first from the robot, a task at distance d costing weight x d + its length, stopped once
 * no farther task can beat the best found (the smallest length among the listed is kept exact by
 * a histogram of lengths). The Start-Kit's default scheduler serves each free robot this way
 * (default_planner/scheduler.cpp); scheduler.ts also walks the lists cell by cell.
 */
import type { MapGraph } from './mapGraph.ts';

/** Longest length the histogram counts exactly; longer ones share the last bucket (the bound stays safe, only looser). */
const LENGTH_BUCKETS = 1 << 16;

export class OpenTasks {
  /** Per cell the first listed slot, per slot the next at its cell (doubly linked for removal). */
  private readonly head: Int32Array;
  private readonly headStamp: Int32Array;
  private readonly nextAt: Int32Array;
  private readonly prevAt: Int32Array;
  private readonly cellOf: Int32Array;
  private readonly length: Int32Array;
  private readonly listed: Uint8Array;
  private listStamp = 1;
  private readonly lengthCount: Int32Array;
  private minLength = 0;
  count = 0;
  private readonly seen: Int32Array;
  private seenStamp = 0;
  private readonly queue: Int32Array;
  private readonly depth: Int32Array;
  /** Cells the searches visited, for the measures. */
  visited = 0;

  constructor(
    private readonly graph: MapGraph,
    slots: number,
  ) {
    this.head = new Int32Array(graph.cells);
    this.headStamp = new Int32Array(graph.cells);
    this.nextAt = new Int32Array(slots);
    this.prevAt = new Int32Array(slots);
    this.cellOf = new Int32Array(slots);
    this.length = new Int32Array(slots);
    this.listed = new Uint8Array(slots);
    this.lengthCount = new Int32Array(LENGTH_BUCKETS);
    this.seen = new Int32Array(graph.cells);
    this.queue = new Int32Array(graph.cells);
    this.depth = new Int32Array(graph.cells);
  }

  clear(): void {
    this.listStamp++;
    this.listed.fill(0);
    this.lengthCount.fill(0);
    this.count = 0;
    this.minLength = 0;
  }

  add(slot: number, cell: number, length: number): void {
    const first = this.firstAt(cell);
    this.headStamp[cell] = this.listStamp;
    this.head[cell] = slot;
    this.nextAt[slot] = first;
    this.prevAt[slot] = -1;
    if (first !== -1) this.prevAt[first] = slot;
    this.cellOf[slot] = cell;
    this.length[slot] = length;
    this.listed[slot] = 1;
    const bucket = Math.min(length, LENGTH_BUCKETS - 1);
    this.lengthCount[bucket]++;
    if (this.count === 0 || bucket < this.minLength) this.minLength = bucket;
    this.count++;
  }

  remove(slot: number): void {
    if (this.listed[slot] === 0) return;
    this.listed[slot] = 0;
    const prev = this.prevAt[slot];
    const next = this.nextAt[slot];
    if (prev === -1) this.head[this.cellOf[slot]] = next;
    else this.nextAt[prev] = next;
    if (next !== -1) this.prevAt[next] = prev;
    this.count--;
    this.lengthCount[Math.min(this.length[slot], LENGTH_BUCKETS - 1)]--;
    if (this.count === 0) this.minLength = 0;
    else while (this.lengthCount[this.minLength] === 0) this.minLength++;
  }

  /** The first listed slot whose first errand is at `cell`, or -1; `nextOf` walks on. */
  firstAt(cell: number): number {
    return this.headStamp[cell] === this.listStamp ? this.head[cell] : -1;
  }

  nextOf(slot: number): number {
    return this.nextAt[slot];
  }

  lengthOf(slot: number): number {
    return this.length[slot];
  }

  isListed(slot: number): boolean {
    return this.listed[slot] === 1;
  }

  /** The listed slot of least weight x distance + length from `cell` (-1 when none is reachable). */
  nearest(cell: number, weight: number): number {
    const { graph, nextAt, length, seen, queue, depth } = this;
    const { start, neighbours } = graph;
    const stamp = ++this.seenStamp;
    let best = -1;
    let bestCost = Infinity;
    let first = 0;
    let last = 0;
    seen[cell] = stamp;
    depth[cell] = 0;
    queue[last++] = cell;
    while (first < last) {
      const c = queue[first++];
      const d = depth[c] * weight;
      if (d + this.minLength >= bestCost) break;
      for (let s = this.firstAt(c); s !== -1; s = nextAt[s]) {
        if (d + length[s] < bestCost) {
          bestCost = d + length[s];
          best = s;
        }
      }
      for (let k = start[c], end = start[c + 1]; k < end; k++) {
        const n = neighbours[k];
        if (seen[n] === stamp) continue;
        seen[n] = stamp;
        depth[n] = depth[c] + 1;
        queue[last++] = n;
      }
    }
    this.visited += first;
    return best;
  }
}
