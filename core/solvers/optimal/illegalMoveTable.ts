/**
 * The illegal move table of independence detection. Standley 2010,
 * section "Independent Subproblems": when group G1 looks for another path of the same cost that
 * does not conflict with group G2, the table holds G2's current paths, and a move of a G1 agent is
 * legal at time t only if it makes no vertex, swap or diagonal-crossing conflict with G2's moves
 * at that time. After its path ends an agent rests on its last cell for good, so the table is
 * static from `horizon` on, and a G1 agent may rest on its goal only once no G2 agent visits it.
 */
import type { StepTable } from '../../search/stepTable.ts';
import { IntMap } from './intMap.ts';

/** lastVisit of a cell where a constrained agent rests for good. */
const FOREVER = 0x3fffffff;

export class IllegalMoveTable {
  /** Last time any agent of the table moves; from then on it is static. */
  horizon = 0;
  private readonly cells: number;
  private readonly width: number;
  private readonly is8: boolean;
  private paths: Int32Array[] = [];
  /** (t * cells + cell) -> index into `paths` of the agent there at t, for t <= horizon. */
  private readonly occupant = new IntMap(1024);
  /** Last time an agent of the table is on each cell (FOREVER where one rests), -1 if never. */
  private readonly lastVisit: Int32Array;
  private touched: number[] = [];

  constructor(steps: StepTable) {
    this.cells = steps.cells;
    this.width = steps.width;
    this.is8 = steps.directions === 8;
    this.lastVisit = new Int32Array(steps.cells).fill(-1);
  }

  /** Fills the table with `paths` (cells at t = 0, 1, …; each rests on its last cell afterwards). */
  fill(paths: readonly Int32Array[]): void {
    this.occupant.clear();
    for (const cell of this.touched) this.lastVisit[cell] = -1;
    this.touched = [];
    this.paths = paths.slice();
    let horizon = 0;
    for (const path of paths) horizon = Math.max(horizon, path.length - 1);
    this.horizon = horizon;
    for (let i = 0; i < paths.length; i++) {
      const path = paths[i];
      for (let t = 0; t <= horizon; t++) {
        const cell = path[t < path.length ? t : path.length - 1];
        this.occupant.set(t * this.cells + cell, i);
        if (this.lastVisit[cell] < 0) this.touched.push(cell);
        this.lastVisit[cell] = Math.max(this.lastVisit[cell], t);
      }
      this.lastVisit[path[path.length - 1]] = FOREVER;
    }
  }

  /** Agent of the table on `cell` at time t, or -1. */
  private occupantAt(t: number, cell: number): number {
    const time = t < this.horizon ? t : this.horizon;
    if (this.lastVisit[cell] < time) return -1; // nobody there at or after `time`: no lookup
    return this.occupant.get(time * this.cells + cell, -1);
  }

  private cellOf(agent: number, t: number): number {
    const path = this.paths[agent];
    return path[t < path.length ? t : path.length - 1];
  }

  /** May an agent step from `from` to `to` (equal for a wait) between t and t + 1? */
  isLegal(t: number, from: number, to: number): boolean {
    if (this.occupantAt(t + 1, to) >= 0) return false; // vertex
    if (from === to) return true;
    const back = this.occupantAt(t, to);
    if (back >= 0 && this.cellOf(back, t + 1) === from) return false; // swap
    if (this.is8) {
      const w = this.width;
      const dx = (to % w) - (from % w);
      const dy = ((to - (to % w)) - (from - (from % w))) / w;
      if (dx !== 0 && dy !== 0) {
        // The other diagonal of the same 2x2 block runs between c1 and c2.
        const c1 = from + dx;
        const c2 = from + dy * w;
        const a1 = this.occupantAt(t, c1);
        if (a1 >= 0 && this.cellOf(a1, t + 1) === c2) return false;
        const a2 = this.occupantAt(t, c2);
        if (a2 >= 0 && this.cellOf(a2, t + 1) === c1) return false;
      }
    }
    return true;
  }

  /** May an agent that is on `cell` at time t stay there for good? */
  canRest(cell: number, t: number): boolean {
    return this.lastVisit[cell] <= t;
  }
}
