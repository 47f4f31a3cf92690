/**
 * How far a cell is along a robot's guide path: the distance from the cell to the nearest cell of
 * the path plus the path's length from there to its end. The traffic-flow planner's PIBT orders a
 * robot's moves by it (Chen et al., AAAI 2024, section "Guide-path heuristic"; Start-Kit 2024
 * default_planner/heuristics.cpp `init_dist_2_path`, `get_source_2_path`): a breadth-first search
 * seeded with the whole path (its end first), expanded lazily, only as far as the cells asked
 * about. The Start-Kit gives each robot an array over the whole map; here each robot has a small
 * open-addressing hash of the cells reached, so 10,000 robots fit in memory.
 */
import type { MapGraph } from './mapGraph.ts';

const EMPTY = -1;
/** Values pack (distance to path) * 2^16 + (steps to go along it). */
const TOGO_BITS = 16;
const TOGO_MASK = (1 << TOGO_BITS) - 1;
export const UNREACHED = 0x7fffffff;

export class PathDistance {
  private keys: Int32Array;
  private values: Int32Array;
  private mask: number;
  private size = 0;
  private queue: Int32Array;
  private head = 0;
  private tail = 0;

  constructor(pathLength: number) {
    const capacity = capacityFor(pathLength * 4);
    this.keys = new Int32Array(capacity).fill(EMPTY);
    this.values = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.queue = new Int32Array(Math.max(16, pathLength * 2));
  }

  /** Seeds the search with `path[0 .. length)`, its last cell at 0 to go. */
  reset(path: Int32Array, length: number): void {
    const want = capacityFor(length * 4);
    if (want > this.keys.length) {
      this.keys = new Int32Array(want);
      this.values = new Int32Array(want);
      this.mask = want - 1;
    }
    this.keys.fill(EMPTY);
    this.size = 0;
    if (this.queue.length < length) this.queue = new Int32Array(length * 2);
    this.head = 0;
    this.tail = 0;
    for (let i = length - 1, togo = 0; i >= 0; i--, togo++) {
      const cell = path[i];
      if (this.find(cell) >= 0) continue; // a path never repeats a cell; guard anyway
      this.insert(cell, togo);
      this.queue[this.tail++] = cell;
    }
  }

  /** Distance from `cell` to the path plus steps to go from the cell reached (UNREACHED when none). */
  cost(graph: MapGraph, cell: number): number {
    const value = this.lookup(graph, cell);
    return value === UNREACHED ? UNREACHED : (value >>> TOGO_BITS) + (value & TOGO_MASK);
  }

  /** Distance from `cell` to the path alone (UNREACHED when none). */
  deviation(graph: MapGraph, cell: number): number {
    const value = this.lookup(graph, cell);
    return value === UNREACHED ? UNREACHED : value >>> TOGO_BITS;
  }

  private lookup(graph: MapGraph, source: number): number {
    const at = this.find(source);
    if (at >= 0) return this.values[at];
    const { start, neighbours } = graph;
    while (this.head < this.tail) {
      const c = this.queue[this.head++];
      const value = this.values[this.find(c)];
      const next = value + (1 << TOGO_BITS);
      let found = false;
      for (let k = start[c], end = start[c + 1]; k < end; k++) {
        const n = neighbours[k];
        if (this.find(n) >= 0) continue;
        this.insert(n, next);
        if (this.tail === this.queue.length) this.growQueue();
        this.queue[this.tail++] = n;
        if (n === source) found = true;
      }
      if (found) return next;
    }
    return UNREACHED;
  }

  private find(cell: number): number {
    const keys = this.keys;
    let i = Math.imul(cell, 0x9e3779b1) >>> 0;
    for (;;) {
      i &= this.mask;
      const k = keys[i];
      if (k === cell) return i;
      if (k === EMPTY) return -1;
      i++;
    }
  }

  private insert(cell: number, value: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.rehash();
    const keys = this.keys;
    let i = Math.imul(cell, 0x9e3779b1) >>> 0;
    for (;;) {
      i &= this.mask;
      if (keys[i] === EMPTY) break;
      i++;
    }
    keys[i] = cell;
    this.values[i] = value;
    this.size++;
  }

  private rehash(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    this.keys = new Int32Array(oldKeys.length * 2).fill(EMPTY);
    this.values = new Int32Array(oldKeys.length * 2);
    this.mask = this.keys.length - 1;
    this.size = 0;
    for (let i = 0; i < oldKeys.length; i++) if (oldKeys[i] !== EMPTY) this.insert(oldKeys[i], oldValues[i]);
  }

  private growQueue(): void {
    const queue = new Int32Array(this.queue.length * 2);
    queue.set(this.queue);
    this.queue = queue;
  }
}

function capacityFor(entries: number): number {
  let capacity = 16;
  while (capacity < entries * 2) capacity *= 2;
  return capacity;
}
