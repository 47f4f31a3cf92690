/**
 * Who stands where and when, for LaCAM*'s refinement (refine.ts): the collision table of
 * Kei18/lacam3 (collision_table.cpp). Every unit's path is stored trimmed: its cells up to the
 * turn it reaches its goal for good, after which it rests there forever ("settled").
 *
 * Dense, for speed: one slot per (turn, cell) up to a horizon, the unit standing there plus one
 * (0: nobody); the refiner's searches look it up five times per expansion. Per cell, the turns
 * units pass it (to know when a goal is left alone for good) and the unit settled on it and from
 * when. The caller sizes the horizon (MAX_TABLE_SLOTS bounds the memory).
 */
const NONE = -1;

/**
 * At most this many (turn, cell) slots: 192 MB of Int32, and the refiner keeps three such arrays
 * (576 MB). 48M reaches 760 turns on a 256x256 map: 1,000 units on den520d or Berlin_1_256 (plans
 * of about 400 turns) are refined; at 16M they were not (refine.ts).
 */
export const MAX_TABLE_SLOTS = 48 * 1024 * 1024;

export class PathTable {
  readonly cells: number;
  readonly horizon: number;
  /**
   * The unit + 1 on each (turn, cell) slot, t * cells + cell (0: nobody), and per cell the unit
   * settled there (-1: none) and from which turn: what occupant() reads, open for the refiner's
   * inner loop to read the same way (never to write).
   */
  readonly at: Int32Array;
  readonly settledBy: Int32Array;
  readonly settledFrom: Int32Array;
  private readonly visits: (number[] | undefined)[];

  /** Turns 0..horizon-1 are stored; a path must end (settle) before the horizon. */
  constructor(cells: number, horizon: number) {
    if (cells * horizon > MAX_TABLE_SLOTS) throw new RangeError(`path table of ${cells} cells x ${horizon} turns is over ${MAX_TABLE_SLOTS} slots`);
    this.cells = cells;
    this.horizon = horizon;
    this.at = new Int32Array(cells * horizon);
    this.visits = new Array<number[] | undefined>(cells);
    this.settledBy = new Int32Array(cells).fill(NONE);
    this.settledFrom = new Int32Array(cells);
  }

  /** The unit on `cell` at turn t, or -1. */
  occupant(cell: number, t: number): number {
    const settled = this.settledBy[cell];
    if (settled !== NONE && t >= this.settledFrom[cell]) return settled;
    return t < this.horizon ? this.at[t * this.cells + cell] - 1 : NONE;
  }

  /** The last turn any unit stands on `cell` before settling (-1: none), Infinity if one settles there. */
  lastUse(cell: number): number {
    if (this.settledBy[cell] !== NONE) return Infinity;
    const times = this.visits[cell];
    if (times === undefined) return -1;
    let last = -1;
    for (const t of times) if (t > last) last = t;
    return last;
  }

  /** Every unit that stands on `cell` at some turn (settling there included), into `out`. */
  unitsOn(cell: number, out: Set<number>): void {
    if (this.settledBy[cell] !== NONE) out.add(this.settledBy[cell]);
    const times = this.visits[cell];
    if (times !== undefined) for (const t of times) out.add(this.at[t * this.cells + cell] - 1);
  }

  add(unit: number, path: readonly number[]): void {
    const end = path.length - 1;
    if (end >= this.horizon) throw new RangeError(`path of ${path.length} turns past the table's horizon ${this.horizon}`);
    for (let t = 0; t < end; t++) {
      const cell = path[t];
      this.at[t * this.cells + cell] = unit + 1;
      let times = this.visits[cell];
      if (times === undefined) this.visits[cell] = times = [];
      times.push(t);
    }
    this.settledBy[path[end]] = unit;
    this.settledFrom[path[end]] = end;
  }

  remove(unit: number, path: readonly number[]): void {
    const end = path.length - 1;
    for (let t = 0; t < end; t++) {
      const cell = path[t];
      const slot = t * this.cells + cell;
      if (this.at[slot] === unit + 1) this.at[slot] = 0;
      // Two units never share a (turn, cell) in a plan: this turn in the list is this unit's.
      const times = this.visits[cell]!;
      const k = times.indexOf(t);
      if (k >= 0) {
        times[k] = times[times.length - 1];
        times.pop();
      }
    }
    if (this.settledBy[path[end]] === unit) this.settledBy[path[end]] = NONE;
  }
}

/** A path with the repeats of its last cell at the end cut off: it rests there from its last index. */
export function trimPath(path: readonly number[]): number[] {
  let end = path.length - 1;
  while (end > 0 && path[end - 1] === path[end]) end--;
  return path.slice(0, end + 1);
}

/** Sum of loss of one path to `goal`: a turn costs 1 unless the unit stays on its goal. */
export function pathLoss(path: readonly number[], goal: number): number {
  let loss = 0;
  for (let t = 1; t < path.length; t++) if (path[t - 1] !== goal || path[t] !== goal) loss++;
  return loss;
}
