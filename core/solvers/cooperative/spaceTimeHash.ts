/**
 * The (cell, depth) -> node hash of one space-time search (spaceTimeAStar.ts). Open addressing
 * over typed arrays; a search-id stamp tells this search's entries from earlier ones', so a new
 * search clears nothing (Game AI Pro 360's pathfinding summary's search-id stamps), and the table doubles when half full.
 */
export class SpaceTimeHash {
  private sCell = new Int32Array(2048);
  private sDepth = new Int32Array(2048);
  private sNode = new Int32Array(2048);
  private sStamp = new Int32Array(2048);
  private mask = 2047;
  private stamp = 0;

  /** Forgets every entry (by moving to a new stamp). */
  nextSearch(): void {
    this.stamp++;
    if (this.stamp > 0x3fffffff) {
      this.stamp = 1;
      this.sStamp.fill(0);
    }
  }

  /** Slot of (cell, depth): this search's entry, or the free slot where it goes. `entries` is how many this search holds. */
  slot(cell: number, depth: number, entries: number): number {
    if (entries * 2 >= this.sCell.length) this.grow();
    const mask = this.mask;
    let s = hashSlot(cell, depth, mask);
    for (;;) {
      if (this.sStamp[s] !== this.stamp) return s;
      if (this.sCell[s] === cell && this.sDepth[s] === depth) return s;
      s = (s + 1) & mask;
    }
  }

  /** Whether `slot` holds an entry of this search. */
  has(slot: number): boolean {
    return this.sStamp[slot] === this.stamp;
  }

  /** The node of an entry `has` found. */
  node(slot: number): number {
    return this.sNode[slot];
  }

  /** Fills free `slot` (from `slot()`, with no growth since). */
  put(slot: number, cell: number, depth: number, node: number): void {
    this.sStamp[slot] = this.stamp;
    this.sCell[slot] = cell;
    this.sDepth[slot] = depth;
    this.sNode[slot] = node;
  }

  private grow(): void {
    const oldCell = this.sCell;
    const oldDepth = this.sDepth;
    const oldNode = this.sNode;
    const oldStamp = this.sStamp;
    const capacity = oldCell.length * 2;
    this.sCell = new Int32Array(capacity);
    this.sDepth = new Int32Array(capacity);
    this.sNode = new Int32Array(capacity);
    this.sStamp = new Int32Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < oldCell.length; i++) {
      if (oldStamp[i] !== this.stamp) continue;
      const cell = oldCell[i];
      const depth = oldDepth[i];
      let s = hashSlot(cell, depth, this.mask);
      while (this.sStamp[s] === this.stamp) s = (s + 1) & this.mask;
      this.put(s, cell, depth, oldNode[i]);
    }
  }
}

function hashSlot(cell: number, depth: number, mask: number): number {
  let h = Math.imul(cell ^ Math.imul(depth, 0x27d4eb2d), 0x9e3779b1);
  h ^= h >>> 16;
  return h & mask;
}
