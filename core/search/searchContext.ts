/**
 * Memory a search reuses between queries (Game AI Pro 360's pathfinding summary, "A* implementation
 * optimisations", 3. "Preallocate all memory": a fixed node pool and per-node search-id flags
 * instead of clearing the closed list between searches).
 *
 * One context serves one grid size at a time: `begin(grid)` reallocates when the grid was resized
 * (or a grid of another size is passed), and otherwise only bumps the search id, so a query
 * costs nothing proportional to the map. A cell's g and parent are valid only while
 * `seen[cell] === searchId`; it is expanded when `closed[cell] === searchId`.
 * Per-grid caches that depend on the terrain (the JPS+ jump table, the legal-step masks) also
 * live here and are rebuilt when `grid.version` moves.
 */
import type { Grid } from '../grid/grid.ts';
import { BucketQueue } from './bucketQueue.ts';
import { IndexedHeap } from './indexedHeap.ts';
import type { JumpTable } from './jumpTable.ts';
import type { MoveMasks } from './moveMasks.ts';

export class SearchContext {
  width = 0;
  height = 0;
  g = new Float64Array(0);
  parent = new Int32Array(0);
  seen = new Uint32Array(0);
  closed = new Uint32Array(0);
  searchId = 0;
  /** Open list with decrease-key, sized to the grid (every search but 4-connected A*). */
  openList = new IndexedHeap(0);
  /** Open list for integer priorities (4-connected uniform-cost A* and Dijkstra). */
  buckets = new BucketQueue();
  /** JPS+ jump distances for the grid and version they were built for (see jumpTable.ts). */
  jumpTable: JumpTable | null = null;
  /** Legal steps per cell for the grid version and movement they were built for (see moveMasks.ts). */
  moveMasks: MoveMasks | null = null;

  /** Starts a search on `grid`: returns the fresh search id stamped on every cell it touches. */
  begin(grid: Grid): number {
    if (grid.width !== this.width || grid.height !== this.height) this.allocate(grid.width, grid.height);
    if (this.searchId >= 0xfffffffe) {
      // The stamps would wrap around: clear them once every four billion searches.
      this.seen.fill(0);
      this.closed.fill(0);
      this.searchId = 0;
    }
    this.searchId++;
    this.openList.clear();
    return this.searchId;
  }

  private allocate(width: number, height: number): void {
    const cells = width * height;
    this.width = width;
    this.height = height;
    this.g = new Float64Array(cells);
    this.parent = new Int32Array(cells);
    this.seen = new Uint32Array(cells);
    this.closed = new Uint32Array(cells);
    this.openList = new IndexedHeap(cells);
    this.searchId = 0;
  }
}
