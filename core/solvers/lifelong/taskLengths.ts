/**
 * Per open task, the length of its errands walked in order (the sum of the shortest distances
 * between consecutive errands), computed once when the task is revealed: the part of a task's
 * cost no robot changes (the Start-Kit's default scheduler counts it too, default_planner/
 * scheduler.cpp). Distances by A* with the Manhattan distance, stamps instead of clearing.
 */
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { MapGraph } from './mapGraph.ts';
import type { TaskPool } from './taskPool.ts';

/** The length given to an errand that cannot be reached from the one before. */
export const UNREACHABLE_LENGTH = 0xffff;

export class TaskLengths {
  /** Per slot, the task's errand-to-errand length. */
  readonly length: Int32Array;
  private readonly seen: Int32Array;
  private readonly g: Int32Array;
  private stamp = 0;
  private readonly heap = new BinaryHeap(1024);

  constructor(
    private readonly graph: MapGraph,
    private readonly pool: TaskPool,
  ) {
    this.length = new Int32Array(pool.capacity);
    this.seen = new Int32Array(graph.cells);
    this.g = new Int32Array(graph.cells);
  }

  /** Measures the tasks the pool revealed last. */
  observe(): void {
    const { pool } = this;
    const errands = pool.tasks.errands;
    for (const slot of pool.newTasks) {
      const base = pool.errandStart(slot);
      let total = 0;
      for (let k = 1, count = pool.errandCount(slot); k < count; k++) total += this.distance(errands[base + k - 1], errands[base + k]);
      this.length[slot] = total;
    }
  }

  /** Shortest distance between two cells (UNREACHABLE_LENGTH when there is no path). */
  distance(from: number, to: number): number {
    if (from === to) return 0;
    const { graph, seen, g, heap } = this;
    const { start, neighbours } = graph;
    const stamp = ++this.stamp;
    heap.clear();
    seen[from] = stamp;
    g[from] = 0;
    heap.push(from, graph.manhattan(from, to));
    while (heap.length > 0) {
      const key = heap.peekPriority();
      const c = heap.pop();
      const gc = g[c];
      if (gc + graph.manhattan(c, to) < key) continue; // stale entry
      if (c === to) return gc;
      for (let k = start[c], end = start[c + 1]; k < end; k++) {
        const n = neighbours[k];
        if (seen[n] === stamp && g[n] <= gc + 1) continue;
        seen[n] = stamp;
        g[n] = gc + 1;
        // Among equal estimates the deeper cell first (as the greedy scheduler's search): far fewer expansions on open floors.
        heap.push(n, gc + 1 + graph.manhattan(n, to) - (gc + 1) * 1e-6);
      }
    }
    return UNREACHABLE_LENGTH;
  }
}
