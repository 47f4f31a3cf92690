/**
 * Minimum-cost assignment of rows (robots) to columns (tasks) over a sparse list of candidate
 * pairs: the shortest augmenting path method of Jonker and Volgenant ("A shortest augmenting path
 * algorithm for dense and sparse linear assignment problems", Computing 38, 1987), which is the
 * Hungarian method (Kuhn 1955) with Dijkstra's search on reduced costs. Rows are added one at a
 * time; each addition searches from the new row over alternating paths (row -> candidate column
 * -> the row holding it -> ...) until a free column, then moves the column prices so every
 * reduced cost stays >= 0 and every assigned pair's is 0, which keeps the assignment so far
 * optimal for the rows added. Every row must have a column of its own among its candidates (the
 * caller's "no task" column) so that a search always ends.
 */
import { BinaryHeap } from '../../search/binaryHeap.ts';

/** Candidate pairs in compressed rows: row i's are entries rowStart[i] .. rowStart[i + 1] - 1. */
export interface SparseCosts {
  rows: number;
  columns: number;
  rowStart: Int32Array;
  column: Int32Array;
  cost: Float64Array;
}

export class SparseAssignment {
  /** Per row its column, per column its row (-1: none), after `solve`. */
  columnOf = new Int32Array(0);
  rowOf = new Int32Array(0);
  /** Per column its price (the dual variable v). */
  private price = new Float64Array(0);
  private dist = new Float64Array(0);
  private seen = new Int32Array(0);
  private closed = new Int32Array(0);
  private predRow = new Int32Array(0);
  private predCost = new Float64Array(0);
  private matchedCost = new Float64Array(0);
  private finalized = new Int32Array(0);
  private stamp = 0;
  private readonly heap = new BinaryHeap(1024);
  /** Columns settled by the searches, for the measures. */
  settled = 0;

  /**
   * Assigns rows 0, 1, ... in order until all are assigned or `timeUp()` (asked every 16 rows)
   * says stop; returns how many rows were assigned (those rows are assigned optimally among
   * themselves; the rest have columnOf -1).
   */
  solve(costs: SparseCosts, timeUp: () => boolean = () => false): number {
    this.size(costs.rows, costs.columns);
    const { columnOf, rowOf, price, dist, seen, closed, predRow, predCost, matchedCost, finalized, heap } = this;
    const { rowStart, column, cost } = costs;
    columnOf.fill(-1, 0, costs.rows);
    rowOf.fill(-1, 0, costs.columns);
    price.fill(0, 0, costs.columns);
    let row = 0;
    for (; row < costs.rows; row++) {
      if ((row & 15) === 15 && timeUp()) break;
      const stamp = ++this.stamp;
      heap.clear();
      for (let e = rowStart[row], end = rowStart[row + 1]; e < end; e++) {
        const j = column[e];
        const d = cost[e] - price[j];
        if (seen[j] === stamp && dist[j] <= d) continue;
        seen[j] = stamp;
        dist[j] = d;
        predRow[j] = row;
        predCost[j] = cost[e];
        heap.push(j, d);
      }
      let sink = -1;
      let settledHere = 0;
      while (heap.length > 0) {
        const key = heap.peekPriority();
        const j = heap.pop();
        if (closed[j] === stamp || key > dist[j]) continue; // settled, or a stale entry
        closed[j] = stamp;
        finalized[settledHere++] = j;
        const holder = rowOf[j];
        if (holder === -1) {
          sink = j;
          break;
        }
        // The holder's reduced costs, taken relative to its own pair (whose reduced cost is 0).
        const base = dist[j] - (matchedCost[holder] - price[j]);
        for (let e = rowStart[holder], end = rowStart[holder + 1]; e < end; e++) {
          const k = column[e];
          if (closed[k] === stamp) continue;
          const d = base + cost[e] - price[k];
          if (seen[k] === stamp && dist[k] <= d) continue;
          seen[k] = stamp;
          dist[k] = d;
          predRow[k] = holder;
          predCost[k] = cost[e];
          heap.push(k, d);
        }
      }
      if (sink === -1) throw new RangeError(`assignment: row ${row} has no column of its own among its candidates`);
      this.settled += settledHere;
      const reach = dist[sink];
      for (let s = 0; s < settledHere; s++) {
        const j = finalized[s];
        price[j] += dist[j] - reach;
      }
      // Augment: each row on the path takes the column it was reached by.
      let j = sink;
      for (;;) {
        const i = predRow[j];
        const before = columnOf[i];
        columnOf[i] = j;
        rowOf[j] = i;
        matchedCost[i] = predCost[j];
        if (i === row) break;
        j = before;
      }
    }
    return row;
  }

  private size(rows: number, columns: number): void {
    if (this.columnOf.length < rows) {
      this.columnOf = new Int32Array(rows);
      this.matchedCost = new Float64Array(rows);
    }
    if (this.rowOf.length < columns) {
      this.rowOf = new Int32Array(columns);
      this.price = new Float64Array(columns);
      this.dist = new Float64Array(columns);
      this.seen = new Int32Array(columns);
      this.closed = new Int32Array(columns);
      this.predRow = new Int32Array(columns);
      this.predCost = new Float64Array(columns);
      this.finalized = new Int32Array(columns);
    }
  }
}

/**
 * A dense cost matrix (rows x columns, row-major) solved as a sparse one with a private "left out"
 * column per row at `leftOut` cost: with `leftOut` above any full assignment's cost, as many rows
 * as there are columns are assigned, at least cost. Returns each row's column, -1 if left out.
 */
export function assignDense(matrix: ArrayLike<number>, rows: number, columns: number, leftOut = 1e9): Int32Array {
  const rowStart = new Int32Array(rows + 1);
  const column = new Int32Array(rows * (columns + 1));
  const cost = new Float64Array(rows * (columns + 1));
  let e = 0;
  for (let i = 0; i < rows; i++) {
    rowStart[i] = e;
    for (let j = 0; j < columns; j++) {
      column[e] = j;
      cost[e++] = matrix[i * columns + j];
    }
    column[e] = columns + i;
    cost[e++] = leftOut;
  }
  rowStart[rows] = e;
  const solver = new SparseAssignment();
  solver.solve({ rows, columns: columns + rows, rowStart, column, cost });
  const out = new Int32Array(rows);
  for (let i = 0; i < rows; i++) out[i] = solver.columnOf[i] < columns ? solver.columnOf[i] : -1;
  return out;
}
