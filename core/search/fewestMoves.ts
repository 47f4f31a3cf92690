/**
 * The fewest moves between cells on the empty map, with a memory bound that does not grow with
 * the number of questions: one visited byte per cell, shared by every search and reset by the
 * search that set it (one full distance table per agent took 4.1 GB for 1,000
 * agents on 1024x1024). Moves are counted, not lengths: a diagonal is one move, as in
 * stepTable.ts (Standley 2010, "The Heuristic").
 *
 * Two searches: a breadth-first search backwards from a goal, level by level, ended once every
 * asked start is reached (many units sharing a goal), and an A* from one start to one goal with
 * the Manhattan (4 neighbours) or Chebyshev (8) move count as its heuristic, which on open maps
 * expands little more than the path. Moves are symmetric under both corner rules, so backward
 * and forward counts agree.
 */
import type { Grid } from '../grid/grid.ts';
import { type Movement, directionCount, stepCell } from '../grid/movement.ts';

/** A unit larger than one cell: its anchor only crosses cells whose clearance is at least its size. */
export interface Fit {
  clearance: Uint16Array;
  size: number;
}

export class FewestMoves {
  /** Cells taken from a queue or heap, over all searches (tests read it). */
  work = 0;
  private readonly visited: Uint8Array;
  private readonly queue: Int32Array;
  private readonly directions: number;
  private heapKey = new Float64Array(1024);
  private heapCell = new Int32Array(1024);
  private heapSize = 0;
  /** Cells the current A* closed, for the reset (the queue serves it: an A* does no BFS). */
  private closedCount = 0;

  constructor(
    private readonly grid: Grid,
    private readonly movement: Movement,
  ) {
    this.visited = new Uint8Array(grid.cells);
    this.queue = new Int32Array(grid.cells);
    this.directions = directionCount(movement);
  }

  /** Whether a unit may stand on `cell` at all (not in a wall, and its footprint fits). */
  private stands(cell: number, fit: Fit | null): boolean {
    return this.grid.passable[cell] === 1 && (fit === null || fit.clearance[cell] >= fit.size);
  }

  /**
   * Fewest moves from each of `starts` to `goal`: a map from start to moves, without the starts
   * that cannot reach it.
   */
  toGoal(goal: number, starts: readonly number[], fit: Fit | null): Map<number, number> {
    const found = new Map<number, number>();
    const wanted = new Map<number, number>();
    for (const start of starts) {
      if (start === goal) {
        if (fit === null || fit.clearance[goal] >= fit.size) found.set(goal, 0);
      } else if (this.stands(start, fit)) wanted.set(start, 0);
    }
    if (wanted.size === 0 || !this.stands(goal, fit)) return found;
    let pending = wanted.size;
    const { grid, movement, visited, queue, directions } = this;
    let head = 0;
    let tail = 0;
    visited[goal] = 1;
    queue[tail++] = goal;
    // Level by level, so the distance is the level and no distance table is needed.
    for (let level = 0; head < tail && pending > 0; level++) {
      const end = tail;
      for (; head < end && pending > 0; head++) {
        const cell = queue[head];
        this.work++;
        if (wanted.has(cell)) {
          found.set(cell, level);
          pending--;
        }
        for (let d = 0; d < directions; d++) {
          const n = stepCell(grid, movement, cell, d);
          if (n >= 0 && visited[n] === 0 && (fit === null || fit.clearance[n] >= fit.size)) {
            visited[n] = 1;
            queue[tail++] = n;
          }
        }
      }
    }
    for (let k = 0; k < tail; k++) visited[queue[k]] = 0;
    return found;
  }

  /** Fewest moves from `start` to `goal`, Infinity when it cannot get there. */
  between(start: number, goal: number, fit: Fit | null): number {
    // Already there, unless the unit does not fit on its goal (a one-cell unit always "fits").
    if (start === goal) return fit === null || fit.clearance[goal] >= fit.size ? 0 : Infinity;
    if (!this.stands(start, fit) || !this.stands(goal, fit)) return Infinity;
    const { grid, movement, visited, directions } = this;
    const width = grid.width;
    const gx = goal % width;
    const gy = (goal - gx) / width;
    const eight = directions === 8;
    const h = (cell: number): number => {
      const x = cell % width;
      const dx = Math.abs(x - gx);
      const dy = Math.abs((cell - x) / width - gy);
      return eight ? Math.max(dx, dy) : dx + dy;
    };
    // Key f * 2^26 + (2^26 - 1 - g): fewest f first, then deepest g (ties go towards the goal).
    // Exact in a double while f < 2^26, and f is at most the cell count (Grid caps it lower).
    const G = 2 ** 26;
    this.heapSize = 0;
    this.closedCount = 0;
    this.push(h(start) * G + (G - 1), start);
    let answer = Infinity;
    while (this.heapSize > 0) {
      const key = this.heapKey[0];
      const cell = this.pop();
      if (visited[cell] === 1) continue;
      visited[cell] = 1;
      this.queue[this.closedCount++] = cell;
      this.work++;
      const g = G - 1 - (key % G);
      if (cell === goal) {
        answer = g;
        break;
      }
      for (let d = 0; d < directions; d++) {
        const n = stepCell(grid, movement, cell, d);
        if (n >= 0 && visited[n] === 0 && (fit === null || fit.clearance[n] >= fit.size)) {
          this.push((g + 1 + h(n)) * G + (G - 2 - g), n);
        }
      }
    }
    for (let k = 0; k < this.closedCount; k++) visited[this.queue[k]] = 0;
    this.heapSize = 0;
    return answer;
  }

  private push(key: number, cell: number): void {
    if (this.heapSize === this.heapKey.length) {
      const keys = new Float64Array(this.heapSize * 2);
      keys.set(this.heapKey);
      this.heapKey = keys;
      const cells = new Int32Array(this.heapSize * 2);
      cells.set(this.heapCell);
      this.heapCell = cells;
    }
    const keys = this.heapKey;
    const cells = this.heapCell;
    let i = this.heapSize++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      cells[i] = cells[parent];
      i = parent;
    }
    keys[i] = key;
    cells[i] = cell;
  }

  private pop(): number {
    const keys = this.heapKey;
    const cells = this.heapCell;
    const top = cells[0];
    const size = --this.heapSize;
    if (size === 0) return top;
    const key = keys[size];
    const cell = cells[size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= key) break;
      keys[i] = keys[child];
      cells[i] = cells[child];
      i = child;
    }
    keys[i] = key;
    cells[i] = cell;
    return top;
  }
}
