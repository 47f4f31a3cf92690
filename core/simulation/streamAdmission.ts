/**
 * Admission control for spawners: a unit due appears only while the units on the map in its
 * spawn cell's connected area stay at most half the area's free cells; otherwise it waits in the
 * spawner's backlog (reported, "the gate is jammed"), as a closed-loop system caps the work in
 * progress (CONWIP: Spearman, Woodruff and Hopp, 1990) instead of letting the queue grow inside.
 * More on this in README.md, "streamAdmission.ts".
 */
import type { Grid } from '../grid/grid.ts';
import { ABSENT } from '../mapf/plan.ts';

export class StreamAdmission {
  /** Per cell: its connected area (4-neighbours, passable cells), -1 for walls. */
  private area = new Int32Array(0);
  private areaCells: number[] = [];
  /** Per area: units on the map now (counted at the start of each change, then as units appear). */
  private onMap: number[] = [];
  private version = -1;
  private grid: Grid | null = null;

  /** Counts the units on the map per area of `grid` (the map without moving obstacles). */
  count(grid: Grid, positions: Int32Array): void {
    if (grid !== this.grid || grid.version !== this.version) this.label(grid);
    this.onMap = this.areaCells.map(() => 0);
    for (let a = 0; a < positions.length; a++) {
      const cell = positions[a];
      if (cell === ABSENT) continue;
      const area = this.area[cell];
      if (area >= 0) this.onMap[area]++;
    }
  }

  /** Whether a unit may appear on `cell`: its area keeps at most `share` of its cells taken (share 1: every free cell). */
  admits(cell: number, share: number): boolean {
    const area = this.area[cell];
    if (area < 0) return false;
    return this.onMap[area] + 1 <= Math.max(1, Math.floor(share * this.areaCells[area] + 1e-9));
  }

  /** A unit appeared on `cell`. */
  appeared(cell: number): void {
    const area = this.area[cell];
    if (area >= 0) this.onMap[area]++;
  }

  /** Labels the connected areas of the passable cells (a breadth-first flood per area). */
  private label(grid: Grid): void {
    this.grid = grid;
    this.version = grid.version;
    const cells = grid.cells;
    const w = grid.width;
    const passable = grid.passable;
    const area = (this.area = new Int32Array(cells).fill(-1));
    this.areaCells = [];
    const queue = new Int32Array(cells);
    for (let s = 0; s < cells; s++) {
      if (passable[s] !== 1 || area[s] >= 0) continue;
      const id = this.areaCells.length;
      let head = 0;
      let tail = 0;
      queue[tail++] = s;
      area[s] = id;
      while (head < tail) {
        const c = queue[head++];
        const x = c % w;
        for (let k = 0; k < 4; k++) {
          const n = k === 0 ? (c >= w ? c - w : -1) : k === 1 ? (c + w < cells ? c + w : -1) : k === 2 ? (x > 0 ? c - 1 : -1) : x + 1 < w ? c + 1 : -1;
          if (n < 0 || passable[n] !== 1 || area[n] >= 0) continue;
          area[n] = id;
          queue[tail++] = n;
        }
      }
      this.areaCells.push(tail);
    }
  }
}
