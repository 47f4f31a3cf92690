/**
 * Dead ends under target reasoning's `barred` constraints (constraintTree.ts: a unit off a cell
 * from a time on, for good, another unit resting there as its goal), for the low level to prune.
 * More on this in README.md, "barredReach.ts".
 */

/** latest[] of a cell joined to the goal: no time is too late. */
export const NEVER = 0x3fffffff;

/** Cached arrays past which the caches are dropped whole. */
const KEEP = 256;

type Distances = Uint16Array | Int32Array;

/** What is known for one goal (its distance table). */
interface GoalRecord {
  /** Cells with dist > 0 (the goal's side of the map). */
  open: number;
  /**
   * Per set of barred cells: latest[] with NEVER on the cells joined to the goal and -1 on the
   * cut-off ones, or null when none is cut off (the usual case: then nothing is pruned).
   */
  cuts: Map<string, Int32Array | null>;
  /** Per barred set with its times: latest[]. */
  latest: Map<string, Int32Array>;
}

export class BarredReach {
  private readonly cells: number;
  private readonly width: number;
  private readonly queue: Int32Array;
  private goals = new WeakMap<Distances, GoalRecord>();
  private kept = 0;
  /** Scratch: distances from one barred cell (-1: not reached). */
  private readonly from: Int32Array;
  /** latest[] when nothing is cut off: NEVER everywhere. */
  readonly none: Int32Array;

  constructor(width: number, cells: number) {
    this.width = width;
    this.cells = cells;
    this.queue = new Int32Array(cells);
    this.from = new Int32Array(cells);
    this.none = new Int32Array(cells).fill(NEVER);
  }

  /**
   * latest[n] as above for a unit resting on `goal` under `barred` (cell -> first time barred):
   * NEVER for the cells joined to the goal, -1 where no time is early enough. `dist` is the
   * goal's distance table (distance + 1; 0: blocked or cut off from the goal): every way the
   * unit can take lies on its cells with dist > 0, and the distances are measured there.
   * `none` when no cell is cut off (or there are no barred cells).
   */
  deadline(goal: number, dist: Distances, barred: ReadonlyMap<number, number>): Int32Array {
    if (barred.size === 0) return this.none;
    const record = this.recordOf(dist);
    let cellsKey = '';
    for (const cell of barred.keys()) cellsKey += `${cell},`; // the Map's order: that of the constraints
    let cut = record.cuts.get(cellsKey);
    if (cut === undefined) {
      cut = this.cutOff(goal, dist, barred, record.open);
      record.cuts.set(cellsKey, cut);
      this.kept++;
    }
    if (cut === null) return this.none;
    let key = '';
    for (const t of barred.values()) key += `${t},`;
    key += cellsKey;
    const known = record.latest.get(key);
    if (known !== undefined) return known;
    const latest = cut.slice();
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
    record.latest.set(key, latest);
    this.kept++;
    return latest;
  }

  private recordOf(dist: Distances): GoalRecord {
    if (this.kept > KEEP) {
      this.goals = new WeakMap();
      this.kept = 0;
    }
    let record = this.goals.get(dist);
    if (record === undefined) {
      let open = 0;
      for (let n = 0; n < this.cells; n++) if (dist[n] !== 0) open++;
      record = { open, cuts: new Map(), latest: new Map() };
      this.goals.set(dist, record);
    }
    return record;
  }

  /** latest[] without the barred cells' times (NEVER joined, -1 cut off), or null if none is cut off. */
  private cutOff(goal: number, dist: Distances, barred: ReadonlyMap<number, number>, open: number): Int32Array | null {
    const latest = new Int32Array(this.cells).fill(-1);
    let shut = 0; // barred cells on the goal's side
    for (const cell of barred.keys()) {
      latest[cell] = -2; // never entered by the flood below
      if (dist[cell] !== 0) shut++;
    }
    const joined = latest[goal] === -1 && dist[goal] !== 0 ? this.flood(goal, dist, latest) : 0;
    if (joined + shut === open) return null;
    for (const cell of barred.keys()) latest[cell] = -1;
    return latest;
  }

  /** Marks NEVER the cells joined to `from` (those with dist > 0 and latest -1); returns how many. */
  private flood(from: number, dist: Distances, latest: Int32Array): number {
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
    return tail;
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
