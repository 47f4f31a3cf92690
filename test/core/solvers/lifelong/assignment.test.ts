import { describe, expect, it } from 'vitest';
import { SparseAssignment, assignDense } from '../../../../core/solvers/lifelong/assignment.ts';
import { Random } from '../../../../core/util/random.ts';

/** Least cost of assigning min(rows, columns) rows to distinct columns, over every injective choice. */
function bruteForce(matrix: number[], rows: number, columns: number): number {
  const used = new Uint8Array(columns);
  const want = Math.min(rows, columns);
  let best = Infinity;
  const visit = (row: number, assigned: number, total: number): void => {
    if (total >= best) return;
    if (row === rows) {
      if (assigned === want) best = total;
      return;
    }
    // Left out (only while enough rows remain to assign `want`).
    if (rows - row - 1 >= want - assigned) visit(row + 1, assigned, total);
    for (let j = 0; j < columns; j++) {
      if (used[j] === 1) continue;
      used[j] = 1;
      visit(row + 1, assigned + 1, total + matrix[row * columns + j]);
      used[j] = 0;
    }
  };
  visit(0, 0, 0);
  return best;
}

function check(assignment: Int32Array, rows: number, columns: number): number {
  const seen = new Set<number>();
  let assigned = 0;
  for (let i = 0; i < rows; i++) {
    const j = assignment[i];
    if (j === -1) continue;
    expect(j).toBeGreaterThanOrEqual(0);
    expect(j).toBeLessThan(columns);
    expect(seen.has(j)).toBe(false);
    seen.add(j);
    assigned++;
  }
  return assigned;
}

describe('minimum-cost assignment (Jonker-Volgenant shortest augmenting paths)', () => {
  const random = new Random(38);
  for (const [rows, columns] of [[1, 1], [3, 3], [5, 5], [6, 6], [3, 6], [4, 7], [6, 3], [7, 4], [2, 5], [5, 2]] as const) {
    it(`equals the brute-force optimum on random ${rows} x ${columns} matrices`, () => {
      for (let trial = 0; trial < 25; trial++) {
        // Small integer costs make ties common, where a wrong price update would show.
        const spread = trial % 2 === 0 ? 5 : 1000;
        const matrix = Array.from({ length: rows * columns }, () => random.int(spread));
        const assignment = assignDense(matrix, rows, columns);
        expect(check(assignment, rows, columns)).toBe(Math.min(rows, columns));
        let total = 0;
        for (let i = 0; i < rows; i++) if (assignment[i] >= 0) total += matrix[i * columns + assignment[i]];
        expect(total).toBe(bruteForce(matrix, rows, columns));
      }
    });
  }

  it('respects sparse candidates: a row left without its candidates takes its own "none" column', () => {
    // Rows 0 and 1 both want only column 0; row 1's private column costs less than row 0's.
    const solver = new SparseAssignment();
    const costs = {
      rows: 2, columns: 3,
      rowStart: Int32Array.of(0, 2, 4),
      column: Int32Array.of(0, 1, 0, 2),
      cost: Float64Array.of(3, 100, 1, 50),
    };
    expect(solver.solve(costs)).toBe(2);
    // Row 0 on column 0 and row 1 on its own (3 + 50) beats row 1 on 0 and row 0 on its own (1 + 100).
    expect([...solver.columnOf.subarray(0, 2)]).toEqual([0, 2]);
  });

  it('stops adding rows when time is up and reports how many it assigned', () => {
    const rows = 40;
    const matrix = Array.from({ length: rows * rows }, (_, k) => k % 7);
    const rowStart = Int32Array.from({ length: rows + 1 }, (_, i) => i * (rows + 1));
    const column = new Int32Array(rows * (rows + 1));
    const cost = new Float64Array(rows * (rows + 1));
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < rows; j++) { column[i * (rows + 1) + j] = j; cost[i * (rows + 1) + j] = matrix[i * rows + j]; }
      column[i * (rows + 1) + rows] = rows + i;
      cost[i * (rows + 1) + rows] = 1e9;
    }
    const solver = new SparseAssignment();
    let asked = 0;
    const done = solver.solve({ rows, columns: 2 * rows, rowStart, column, cost }, () => ++asked >= 2);
    expect(done).toBe(31);
    expect([...solver.columnOf.subarray(done, rows)].every((j) => j === -1)).toBe(true);
  });

  it('says which row has no column of its own when a search cannot end', () => {
    const solver = new SparseAssignment();
    expect(() => solver.solve({ rows: 2, columns: 1, rowStart: Int32Array.of(0, 1, 2), column: Int32Array.of(0, 0), cost: Float64Array.of(1, 1) })).toThrow(/row 1 has no column of its own/);
  });
});
