/**
 * Open tasks listed by their first errand's cell, and the search for a robot's cheapest one:
 * breadth-first from the robot, a task at distance d costing weight x d + its length, stopped once
 * no farther task can beat the best found (the smallest length among the listed is known). The
 * Start-Kit's default scheduler serves each free robot this way (default_planner/scheduler.cpp).
 */
import type { MapGraph } from './mapGraph.ts';

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
    this.seen = new Int32Array(graph.cells);
    this.queue = new Int32Array(graph.cells);
    this.depth = new Int32Array(graph.cells);
  }

  clear(): void {
    this.listStamp++;
    this.listed.fill(0);
    this.count = 0;
    this.minLength = 0x7fffffff;
  }

  add(slot: number, cell: number, length: number): void {
    const first = this.headStamp[cell] === this.listStamp ? this.head[cell] : -1;
    this.headStamp[cell] = this.listStamp;
    this.head[cell] = slot;
    this.nextAt[slot] = first;
    this.prevAt[slot] = -1;
    if (first !== -1) this.prevAt[first] = slot;
    this.cellOf[slot] = cell;
    this.length[slot] = length;
    this.listed[slot] = 1;
    this.count++;
    if (length < this.minLength) this.minLength = length;
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
  }

  /** The listed slot of least weight x distance + length from `cell` (-1 when none is reachable). */
  nearest(cell: number, weight: number): number {
    const { graph, head, headStamp, nextAt, length, seen, queue, depth } = this;
    const { start, neighbours } = graph;
    const stamp = ++this.seenStamp;
    const listStamp = this.listStamp;
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
      // minLength is a bound kept from when the list was filled: removals only make it looser.
      if (d + this.minLength >= bestCost) break;
      if (headStamp[c] === listStamp) {
        for (let s = head[c]; s !== -1; s = nextAt[s]) {
          if (d + length[s] < bestCost) {
            bestCost = d + length[s];
            best = s;
          }
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
