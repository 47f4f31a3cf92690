/**
 * A binary min-heap of (id, priority) pairs over parallel typed arrays (after mourner/flatqueue).
 * No decrease-key: searches push a cell again with the better priority and skip stale pops
 * (lazy deletion). `clear()` only resets the length, so one heap serves many queries.
 */
export class BinaryHeap {
  ids: Int32Array;
  priorities: Float64Array;
  length = 0;

  constructor(capacity = 1024) {
    this.ids = new Int32Array(capacity);
    this.priorities = new Float64Array(capacity);
  }

  clear(): void {
    this.length = 0;
  }

  push(id: number, priority: number): void {
    if (this.length === this.ids.length) this.grow();
    let pos = this.length++;
    const ids = this.ids;
    const priorities = this.priorities;
    while (pos > 0) {
      const parent = (pos - 1) >> 1;
      const parentPriority = priorities[parent];
      if (priority >= parentPriority) break;
      ids[pos] = ids[parent];
      priorities[pos] = parentPriority;
      pos = parent;
    }
    ids[pos] = id;
    priorities[pos] = priority;
  }

  /** Priority of the top element; only valid when length > 0. */
  peekPriority(): number {
    return this.priorities[0];
  }

  /** Removes and returns the id with the smallest priority; only valid when length > 0. */
  pop(): number {
    const ids = this.ids;
    const priorities = this.priorities;
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
        ids[pos] = ids[child];
        priorities[pos] = priorities[child];
        pos = child;
      }
      ids[pos] = id;
      priorities[pos] = priority;
    }
    return top;
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
