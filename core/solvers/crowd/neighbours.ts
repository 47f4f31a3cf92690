/**
 * Nearest units within a range, through a uniform bucket grid of one cell per bucket rebuilt every
 * step (RVO2 uses a k-d tree; on a grid map whose discs are at most a cell wide, buckets are the
 * map's own cells and a rebuild is one pass). Linked lists in typed arrays: no allocation a step.
 */
export class NeighbourGrid {
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  /** The last query's units and squared distances, nearest first. */
  readonly found: Int32Array;
  readonly foundDistSq: Float64Array;
  count = 0;

  constructor(private readonly width: number, private readonly height: number, units: number, maxNeighbours: number) {
    this.head = new Int32Array(width * height);
    this.next = new Int32Array(units);
    this.found = new Int32Array(Math.max(1, maxNeighbours));
    this.foundDistSq = new Float64Array(Math.max(1, maxNeighbours));
  }

  private bucketX(x: number): number {
    return Math.min(this.width - 1, Math.max(0, Math.floor(x)));
  }

  private bucketY(y: number): number {
    return Math.min(this.height - 1, Math.max(0, Math.floor(y)));
  }

  rebuild(xs: Float64Array, ys: Float64Array, units: number): void {
    this.head.fill(-1);
    for (let a = 0; a < units; a++) {
      const b = this.bucketY(ys[a]) * this.width + this.bucketX(xs[a]);
      this.next[a] = this.head[b];
      this.head[b] = a;
    }
  }

  /** The up to `found.length` units nearest to unit `self` within `range`, nearest first, in found/count. */
  query(self: number, xs: Float64Array, ys: Float64Array, range: number): number {
    const x = xs[self];
    const y = ys[self];
    const max = this.found.length;
    let rangeSq = range * range;
    this.count = 0;
    const x0 = this.bucketX(x - range);
    const x1 = this.bucketX(x + range);
    const y0 = this.bucketY(y - range);
    const y1 = this.bucketY(y + range);
    for (let by = y0; by <= y1; by++) {
      for (let bx = x0; bx <= x1; bx++) {
        for (let o = this.head[by * this.width + bx]; o >= 0; o = this.next[o]) {
          if (o === self) continue;
          const dx = xs[o] - x;
          const dy = ys[o] - y;
          const d2 = dx * dx + dy * dy;
          if (d2 >= rangeSq) continue;
          // Insertion into the sorted list; when full, the range shrinks to the farthest kept.
          let i = this.count < max ? this.count++ : max - 1;
          while (i > 0 && this.foundDistSq[i - 1] > d2) {
            this.found[i] = this.found[i - 1];
            this.foundDistSq[i] = this.foundDistSq[i - 1];
            i--;
          }
          this.found[i] = o;
          this.foundDistSq[i] = d2;
          if (this.count === max) rangeSq = this.foundDistSq[max - 1];
        }
      }
    }
    return this.count;
  }
}
