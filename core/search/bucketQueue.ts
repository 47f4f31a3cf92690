/**
 * A bucket open list for integer priorities (Game AI Pro 360's pathfinding summary, "Open list sorting":
 * when f-costs are integers, one LIFO stack per f value is often much faster than a heap).
 * A* on a 4-connected uniform-cost grid has integer f = g + Manhattan, so it uses this.
 *
 * Each bucket is a linked stack threaded through typed arrays, so pushing allocates nothing once
 * the arrays have grown. LIFO order within a bucket favours the node pushed last, which in A*
 * is the deeper one: ties go to larger g, as the seed recommends. Priorities must be
 * non-negative integers; popping scans upwards from the smallest non-empty bucket.
 */
export class BucketQueue {
  /** First entry of each bucket, -1 when empty. */
  private heads = new Int32Array(0).fill(-1);
  private ids = new Int32Array(1024);
  private next = new Int32Array(1024);
  private entries = 0;
  /** Smallest bucket that may be non-empty. */
  private low = 0;
  /** Largest bucket pushed to since the last clear. */
  private high = -1;
  length = 0;

  /** Empties the queue and makes room for priorities 0..maxPriority. */
  reset(maxPriority: number): void {
    if (this.high >= 0) this.heads.fill(-1, 0, Math.min(this.high + 1, this.heads.length));
    if (this.heads.length <= maxPriority) this.heads = new Int32Array(maxPriority + 1).fill(-1);
    this.entries = 0;
    this.length = 0;
    this.low = this.heads.length;
    this.high = -1;
  }

  push(id: number, priority: number): void {
    if (this.entries === this.ids.length) this.grow();
    const entry = this.entries++;
    this.ids[entry] = id;
    this.next[entry] = this.heads[priority];
    this.heads[priority] = entry;
    if (priority < this.low) this.low = priority;
    if (priority > this.high) this.high = priority;
    this.length++;
  }

  /** Removes and returns an id of the smallest priority; only valid when length > 0. */
  pop(): number {
    const heads = this.heads;
    let bucket = this.low;
    while (heads[bucket] === -1) bucket++;
    this.low = bucket;
    const entry = heads[bucket];
    heads[bucket] = this.next[entry];
    this.length--;
    return this.ids[entry];
  }

  private grow(): void {
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    const next = new Int32Array(this.next.length * 2);
    next.set(this.next);
    this.ids = ids;
    this.next = next;
  }
}
