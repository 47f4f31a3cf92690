/**
 * Dead ends under target reasoning's `barred` constraints (constraintTree.ts: a unit off a cell
 * from a time on, for good, another unit resting there as its goal), for the low level to prune.
 *
 * A cell from which the unit's goal cannot be reached without entering a barred cell (the goal
 * lies behind it: a pocket of the map whose ways in are other units' goals) is "cut off". From a
 * cut-off cell n at time t the unit arrives only through some barred cell X entered before X's
 * time tX, so t + dist(n, X) <= tX - 1 for some X (dist on the whole map: a lower bound on the
 * way there). Past latest[n] = max over X of (tX - 1 - dist(n, X)) the state (n, t) is a dead
 * end. Cells joined to the goal have no such time.
 *
 * Without it a unit whose goal is shut in is found unable to arrive only when every (cell,
 * time) before the search's static layer has been expanded: 24,000 expansions for one call on
 * random-32-32-20 random-10 with 100 units and 16,000 on random-8 (a third of EECBS's low-level
 * work on each), 1,900 and 300 with the pruning.
 */

/** latest[] of a cell joined to the goal: no time is too late. */
export const NEVER = 0x3fffffff;

/** Cached deadline arrays past which the cache is dropped whole. */
const KEEP = 256;

type Distances = Uint16Array | Int32Array;

export class BarredReach {
  private readonly cells: number;
  private readonly width: number;
  private readonly queue: Int32Array;
  /** Per goal distance table (the goal and its side of the map), per barred set: latest[]. */
  private deadlines = new WeakMap<Distances, Map<string, Int32Array>>();
  private kept = 0;
  /** Scratch: distances from one barred cell (-1: not reached). */
  private readonly from: Int32Array;

  constructor(width: number, cells: number) {
    this.width = width;
    this.cells = cells;
    this.queue = new Int32Array(cells);
    this.from = new Int32Array(cells);
  }

  /**
   * latest[n] as above for a unit resting on `goal` under `barred` (cell -> first time barred):
   * NEVER for the cells joined to the goal, -1 where no time is early enough. `dist` is the
   * goal's distance table (distance + 1; 0: blocked or cut off from the goal): every way the
   * unit can take lies on its cells with dist > 0, and the distances are measured there.
   */
  deadline(goal: number, dist: Distances, barred: ReadonlyMap<number, number>): Int32Array {
    let key = '';
    for (const [cell, t] of barred) key += `${cell}@${t},`; // the Map's order: that of the constraints
    let forGoal = this.deadlines.get(dist);
    if (forGoal === undefined) {
      forGoal = new Map();
      this.deadlines.set(dist, forGoal);
    }
    const known = forGoal.get(key);
    if (known !== undefined) return known;
    const latest = new Int32Array(this.cells).fill(-1);
    for (const cell of barred.keys()) latest[cell] = -2; // never entered by the flood below
    if (latest[goal] === -1 && dist[goal] !== 0) this.flood(goal, dist, latest);
    for (const cell of barred.keys()) latest[cell] = -1;
    const from = this.from;
    for (const [cell, t] of barred) {
      if (dist[cell] === 0) continue; // off the goal's side of the map: no way through it
      this.distancesFrom(cell, dist);
      for (let n = 0; n < this.cells; n++) {
        if (latest[n] === NEVER || from[n] < 0) continue;
        const by = t - 1 - from[n];
        if (by > latest[n]) latest[n] = by;
      }
    }
    if (++this.kept > KEEP) {
      this.deadlines = new WeakMap();
      this.kept = 1;
      forGoal = new Map();
      this.deadlines.set(dist, forGoal);
    }
    forGoal.set(key, latest);
    return latest;
  }

  /** Marks NEVER the cells joined to `from` (those with dist > 0 and latest -1). */
  private flood(from: number, dist: Distances, latest: Int32Array): void {
    const queue = this.queue;
    let head = 0;
    let tail = 0;
    latest[from] = NEVER;
    queue[tail++] = from;
    while (head < tail) {
      const cell = queue[head++];
      for (let d = 0; d < 4; d++) {
        const n = this.neighbour(cell, d);
        if (n < 0 || latest[n] !== -1 || dist[n] === 0) continue;
        latest[n] = NEVER;
        queue[tail++] = n;
      }
    }
  }

  /** Breadth-first distances from `source` into this.from, over the cells with dist > 0. */
  private distancesFrom(source: number, dist: Distances): void {
    const from = this.from.fill(-1);
    const queue = this.queue;
    let head = 0;
    let tail = 0;
    from[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
      const cell = queue[head++];
      for (let d = 0; d < 4; d++) {
        const n = this.neighbour(cell, d);
        if (n < 0 || from[n] >= 0 || dist[n] === 0) continue;
        from[n] = from[cell] + 1;
        queue[tail++] = n;
      }
    }
  }

  /** The 4-connected neighbour of `cell` in direction d (up, right, down, left), -1 off the map. */
  private neighbour(cell: number, d: number): number {
    const width = this.width;
    if (d === 0) return cell < width ? -1 : cell - width;
    if (d === 1) return (cell % width) + 1 === width ? -1 : cell + 1;
    if (d === 2) return cell + width >= this.cells ? -1 : cell + width;
    return cell % width === 0 ? -1 : cell - 1;
  }
}
