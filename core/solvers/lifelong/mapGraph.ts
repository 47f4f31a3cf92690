/**
 * The map as the League of Robot Runners' default planner walks it (Start-Kit 2024,
 * default_planner/heuristics.cpp `init_neighbor`): each free cell's free orthogonal neighbours in
 * the order up, down, left, right, packed in one typed array; distances by breadth-first search
 * over that order; and the free cells numbered densely so a distance table costs two bytes per
 * free cell instead of four per cell.
 */
import type { Grid } from '../../grid/grid.ts';

/** Distances at or above this are "unreachable" in the Uint16 tables. */
export const FAR = 0xffff;

export class MapGraph {
  readonly width: number;
  readonly height: number;
  readonly cells: number;
  readonly passable: Uint8Array;
  /** Neighbours of cell c are neighbours[start[c] .. start[c + 1]). */
  readonly start: Int32Array;
  readonly neighbours: Int32Array;
  /** Dense number of each free cell (-1 for walls), and the cell of each number. */
  readonly freeIndex: Int32Array;
  readonly freeCells: Int32Array;
  private readonly queue: Int32Array;

  constructor(grid: Grid) {
    const { width, height } = grid;
    this.width = width;
    this.height = height;
    this.cells = width * height;
    this.passable = grid.passable.slice();
    const passable = this.passable;
    this.start = new Int32Array(this.cells + 1);
    const list: number[] = [];
    this.freeIndex = new Int32Array(this.cells).fill(-1);
    const free: number[] = [];
    for (let c = 0; c < this.cells; c++) {
      this.start[c] = list.length;
      if (passable[c] === 0) continue;
      this.freeIndex[c] = free.length;
      free.push(c);
      const x = c % width;
      const y = (c - x) / width;
      if (y > 0 && passable[c - width] === 1) list.push(c - width);
      if (y < height - 1 && passable[c + width] === 1) list.push(c + width);
      if (x > 0 && passable[c - 1] === 1) list.push(c - 1);
      if (x < width - 1 && passable[c + 1] === 1) list.push(c + 1);
    }
    this.start[this.cells] = list.length;
    this.neighbours = Int32Array.from(list);
    this.freeCells = Int32Array.from(free);
    this.queue = new Int32Array(Math.max(1, free.length));
  }

  degree(cell: number): number {
    return this.start[cell + 1] - this.start[cell];
  }

  manhattan(a: number, b: number): number {
    const w = this.width;
    const ax = a % w;
    const bx = b % w;
    return Math.abs(ax - bx) + Math.abs((a - ax) / w - (b - bx) / w);
  }

  /** Fills `table` (indexed by free-cell number) with the distance of every free cell to `source`, FAR where unreachable. */
  distancesFrom(source: number, table: Uint16Array): void {
    table.fill(FAR);
    const { queue, start, neighbours, freeIndex } = this;
    let head = 0;
    let tail = 0;
    table[freeIndex[source]] = 0;
    queue[tail++] = source;
    while (head < tail) {
      const c = queue[head++];
      const d = table[freeIndex[c]] + 1;
      if (d >= FAR) continue;
      for (let k = start[c], end = start[c + 1]; k < end; k++) {
        const n = neighbours[k];
        const fi = freeIndex[n];
        if (table[fi] !== FAR) continue;
        table[fi] = d;
        queue[tail++] = n;
      }
    }
  }
}
