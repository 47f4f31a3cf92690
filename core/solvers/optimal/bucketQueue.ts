/**
 * The open list of the joint searches (jointSearch.ts): a bucket queue for integer f values, with
 * a bounded integer tie-break key inside each f (after the STYLE note "for integer costs a bucket
 * queue is often faster"; Standley 2010, orders the open list by f
 * and breaks ties by the conflict avoidance table).
 * More on this in README.md, "bucketQueue.ts".
 */
export class BucketQueue {
  /** Number of tie-break buckets per f. */
  readonly ties: number;
  length = 0;
  /** f and tie of the id the last pop returned. */
  poppedF = 0;
  poppedTie = 0;

  private base = 0;
  /** Layers allocated in `heads`. */
  private layers = 0;
  /** Per bucket: first entry of its stack, or -1. */
  private heads = new Int32Array(0);
  /** Per layer: entries in it, the lowest tie that may be non-empty, and the range of ties used. */
  private layerCount = new Int32Array(0);
  private layerMin = new Int32Array(0);
  private layerLo = new Int32Array(0);
  private layerHi = new Int32Array(0);
  /** Lowest layer that may be non-empty; highest layer used since the last reset. */
  private current = 0;
  private highest = -1;
  /** Entry pool: the id and the next entry of the same stack (or of the free list). */
  private ids: Int32Array;
  private links: Int32Array;
  private used = 0;
  private free = -1;

  constructor(ties: number, capacity = 1024) {
    if (!(ties >= 1)) throw new RangeError(`a bucket queue needs at least one tie bucket, got ${ties}`);
    this.ties = ties;
    this.ids = new Int32Array(capacity);
    this.links = new Int32Array(capacity);
    this.growLayers(4);
  }

  /** Empties the queue; every f pushed from now on must be >= `base`. */
  reset(base: number): void {
    const ties = this.ties;
    for (let l = 0; l <= this.highest; l++) {
      if (this.layerHi[l] >= this.layerLo[l]) this.heads.fill(-1, l * ties + this.layerLo[l], l * ties + this.layerHi[l] + 1);
      this.layerCount[l] = 0;
      this.layerMin[l] = ties;
      this.layerLo[l] = ties;
      this.layerHi[l] = -1;
    }
    this.base = base;
    this.current = 0;
    this.highest = -1;
    this.used = 0;
    this.free = -1;
    this.length = 0;
  }

  push(id: number, f: number, tie: number): void {
    const l = f - this.base;
    if (l < 0 || !(tie >= 0 && tie < this.ties)) throw new RangeError(`bucket queue key (${f}, ${tie}) out of range (f >= ${this.base}, tie < ${this.ties})`);
    if (l >= this.layers) this.growLayers(l + 1);
    let e = this.free;
    if (e >= 0) {
      this.free = this.links[e];
    } else {
      if (this.used === this.ids.length) this.growPool();
      e = this.used++;
    }
    const b = l * this.ties + tie;
    this.ids[e] = id;
    this.links[e] = this.heads[b];
    this.heads[b] = e;
    this.length++;
    this.layerCount[l]++;
    if (tie < this.layerMin[l]) this.layerMin[l] = tie;
    if (tie < this.layerLo[l]) this.layerLo[l] = tie;
    if (tie > this.layerHi[l]) this.layerHi[l] = tie;
    if (l < this.current) this.current = l;
    if (l > this.highest) this.highest = l;
  }

  /** Removes and returns the id of the lowest key, the last pushed among equals; only when length > 0. */
  pop(): number {
    const heads = this.heads;
    const ties = this.ties;
    let l = this.current;
    while (this.layerCount[l] === 0) l++;
    this.current = l;
    let b = l * ties + this.layerMin[l];
    while (heads[b] < 0) b++;
    const tie = b - l * ties;
    this.layerMin[l] = tie;
    const e = heads[b];
    heads[b] = this.links[e];
    this.links[e] = this.free;
    this.free = e;
    this.layerCount[l]--;
    this.length--;
    this.poppedF = this.base + l;
    this.poppedTie = tie;
    return this.ids[e];
  }

  private growLayers(needed: number): void {
    let layers = Math.max(4, this.layers);
    while (layers < needed) layers *= 2;
    const heads = new Int32Array(layers * this.ties).fill(-1);
    heads.set(this.heads);
    this.heads = heads;
    const grow = (old: Int32Array, fill: number) => {
      const a = new Int32Array(layers).fill(fill);
      a.set(old);
      return a;
    };
    this.layerCount = grow(this.layerCount, 0);
    this.layerMin = grow(this.layerMin, this.ties);
    this.layerLo = grow(this.layerLo, this.ties);
    this.layerHi = grow(this.layerHi, -1);
    this.layers = layers;
  }

  private growPool(): void {
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    const links = new Int32Array(this.links.length * 2);
    links.set(this.links);
    this.ids = ids;
    this.links = links;
  }
}
