/**
 * A binary min-heap of cells with decrease-key, over typed arrays. `position[cell]` is the cell's
 * slot in the heap while it is queued, so a search that finds a cheaper route to a queued cell
 * moves it up in place instead of pushing a duplicate. On den520d, lazy deletion (binaryHeap.ts)
 * left ~43% of A*'s pops stale; with decrease-key every pop is an expansion.
 *
 * The caller knows whether a cell is queued (seen but not yet closed in the current search), so
 * the heap keeps no membership flags and `clear()` costs nothing.
 */
export class IndexedHeap {
  ids: Int32Array;
  priorities: Float64Array;
  /** Slot of each queued cell; meaningless for cells not queued. */
  position: Int32Array;
  length = 0;

  constructor(cells: number, capacity = 1024) {
    this.ids = new Int32Array(capacity);
    this.priorities = new Float64Array(capacity);
    this.position = new Int32Array(cells);
  }

  clear(): void {
    this.length = 0;
  }

  /** Queues a cell that is not queued yet. */
  push(id: number, priority: number): void {
    if (this.length === this.ids.length) this.grow();
    this.siftUp(this.length++, id, priority);
  }

  /** Lowers the priority of a queued cell (a higher value is ignored). */
  decrease(id: number, priority: number): void {
    const pos = this.position[id];
    if (priority < this.priorities[pos]) this.siftUp(pos, id, priority);
  }

  /** Removes and returns the cell with the smallest priority; only valid when length > 0. */
  pop(): number {
    const ids = this.ids;
    const priorities = this.priorities;
    const position = this.position;
    const top = ids[0];
    const last = --this.length;
    if (last > 0) {
      const id = ids[last];
      const priority = priorities[last];
      let pos = 0;
      const half = last >> 1;
      while (pos < half) {
        let child = 2 * pos + 1;
        const right = child + 1;
        if (right < last && priorities[right] < priorities[child]) child = right;
        if (priorities[child] >= priority) break;
        const moved = ids[child];
        ids[pos] = moved;
        priorities[pos] = priorities[child];
        position[moved] = pos;
        pos = child;
      }
      ids[pos] = id;
      priorities[pos] = priority;
      position[id] = pos;
    }
    return top;
  }

  private siftUp(pos: number, id: number, priority: number): void {
    const ids = this.ids;
    const priorities = this.priorities;
    const position = this.position;
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      const parentPriority = priorities[parent];
      if (priority >= parentPriority) break;
      const moved = ids[parent];
      ids[pos] = moved;
      priorities[pos] = parentPriority;
      position[moved] = pos;
      pos = parent;
    }
    ids[pos] = id;
    priorities[pos] = priority;
    position[id] = pos;
  }

  private grow(): void {
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    const priorities = new Float64Array(this.priorities.length * 2);
    priorities.set(this.priorities);
    this.ids = ids;
    this.priorities = priorities;
  }
}
