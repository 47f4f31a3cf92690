/**
 * Admission control for spawners: a unit due appears only while the units on the map in its
 * spawn cell's connected area stay at most half the area's free cells; otherwise it waits in the
 * spawner's backlog (reported, "the gate is jammed"), as a closed-loop system caps the work in
 * progress (CONWIP: Spearman, Woodruff and Hopp, 1990) instead of letting the queue grow inside.
 * Where the map's one-lane corridor (planning/lane.ts, two cells long or more) is the only link
 * between two banks, each bank is capped too, a unit in the corridor counted for the bank it is
 * heading to: its cell there is spoken for, as a box junction's exit is for the car that enters
 * it ("do not enter the box unless your exit is clear", the UK Highway Code, rule 174).
 * More on this in README.md, "streamAdmission.ts".
 */
import type { Grid } from '../grid/grid.ts';
import { ABSENT } from '../mapf/plan.ts';
import { findLane } from '../planning/lane.ts';

/** Areas of a map: per cell its area (-1 for walls), per area its cells and the units counted in it. */
interface Areas {
  of: Int32Array;
  cells: number[];
  units: number[];
}

export class StreamAdmission {
  /** The connected areas of the map. */
  private whole: Areas = { of: new Int32Array(0), cells: [], units: [] };
  /** The banks a separating one-lane corridor leaves, the corridor an area of its own (null: no such corridor). */
  private banks: Areas | null = null;
  /** Per cell: 1 on the separating corridor. */
  private corridor = new Uint8Array(0);
  private version = -1;
  private grid: Grid | null = null;

  /**
   * Counts the units on the map per area of `grid` (the map without moving obstacles); a unit
   * in the separating corridor counts for the bank of its goal.
   */
  count(grid: Grid, positions: Int32Array, goals: (a: number) => number): void {
    if (grid !== this.grid || grid.version !== this.version) this.label(grid);
    const whole = this.whole;
    const banks = this.banks;
    whole.units = whole.cells.map(() => 0);
    if (banks !== null) banks.units = banks.cells.map(() => 0);
    for (let a = 0; a < positions.length; a++) {
      const cell = positions[a];
      if (cell === ABSENT || whole.of[cell] < 0) continue;
      whole.units[whole.of[cell]]++;
      if (banks === null) continue;
      const goal = this.corridor[cell] === 1 ? goals(a) : -1;
      banks.units[goal >= 0 && this.corridor[goal] === 0 && banks.of[goal] >= 0 ? banks.of[goal] : banks.of[cell]]++;
    }
  }

  /** Whether a unit may appear on `cell`: its area, and its bank, keep at most `share` of their cells taken (share 1: every free cell). */
  admits(cell: number, share: number): boolean {
    if (this.whole.of[cell] < 0) return false;
    return within(this.whole, cell, share) && (this.banks === null || within(this.banks, cell, share));
  }

  /** A unit appeared on `cell`. */
  appeared(cell: number): void {
    const area = this.whole.of[cell];
    if (area < 0) return;
    this.whole.units[area]++;
    if (this.banks !== null) this.banks.units[this.banks.of[cell]]++;
  }

  /**
   * Labels the connected areas of the map, then those left without its one-lane corridor: if
   * the corridor then joins different areas it separates them (banks), and it becomes an area
   * of its own (for spawners on it).
   */
  private label(grid: Grid): void {
    this.grid = grid;
    this.version = grid.version;
    this.corridor = new Uint8Array(grid.cells);
    this.whole = flood(grid, this.corridor);
    this.banks = null;
    // A door of one cell holds one unit, which can step back to the bank it came from (the
    // whole-map cap keeps both banks from being full); a bank cap there only lowers the flow
    // (the shipped two-way door: 6.3 to 5.3 units per 10 turns with PIBT).
    const lane = findLane(grid);
    if (lane === null || lane.cells.length < 2) return;
    for (const c of lane.cells) this.corridor[c] = 1;
    const banks = flood(grid, this.corridor);
    // Off the corridor its cells touch the map at its ends only (its sides are walls): two areas
    // there or more, and it is their only link.
    const touched = new Set<number>();
    for (const c of lane.cells) {
      const x = grid.x(c);
      const y = grid.y(c);
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]) if (grid.inBounds(nx, ny) && banks.of[grid.cell(nx, ny)] >= 0) touched.add(banks.of[grid.cell(nx, ny)]);
    }
    if (touched.size < 2) {
      this.corridor.fill(0);
      return;
    }
    const id = banks.cells.length;
    for (const c of lane.cells) banks.of[c] = id;
    banks.cells.push(lane.cells.length);
    this.banks = banks;
  }
}

function within(areas: Areas, cell: number, share: number): boolean {
  const area = areas.of[cell];
  return areas.units[area] + 1 <= Math.max(1, Math.floor(share * areas.cells[area] + 1e-9));
}

/** Labels the connected areas of the passable cells off `skip` (a breadth-first flood per area). */
function flood(grid: Grid, skip: Uint8Array): Areas {
  const cells = grid.cells;
  const w = grid.width;
  const passable = grid.passable;
  const of = new Int32Array(cells).fill(-1);
  const sizes: number[] = [];
  const queue = new Int32Array(cells);
  for (let s = 0; s < cells; s++) {
    if (passable[s] !== 1 || skip[s] === 1 || of[s] >= 0) continue;
    const id = sizes.length;
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    of[s] = id;
    while (head < tail) {
      const c = queue[head++];
      const x = c % w;
      for (let k = 0; k < 4; k++) {
        const n = k === 0 ? (c >= w ? c - w : -1) : k === 1 ? (c + w < cells ? c + w : -1) : k === 2 ? (x > 0 ? c - 1 : -1) : x + 1 < w ? c + 1 : -1;
        if (n < 0 || passable[n] !== 1 || skip[n] === 1 || of[n] >= 0) continue;
        of[n] = id;
        queue[tail++] = n;
      }
    }
    sizes.push(tail);
  }
  return { of, cells: sizes, units: sizes.map(() => 0) };
}
