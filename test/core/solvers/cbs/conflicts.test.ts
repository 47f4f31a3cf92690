/**
 * CBS's conflict bookkeeping (conflicts.ts, conflictAvoidance.ts) and its low level's ties
 * (lowLevel.ts): a child's conflicts kept incrementally equal the full sweep, the sweep sees a
 * swap beside a crowded cell, the avoidance table counts what is there, and the planner returns
 * an optimal path with the fewest conflicts, with or without a known lower bound.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { GoalDistances } from '../../../../core/search/goalDistances.ts';
import { ConflictAvoidanceTable } from '../../../../core/solvers/cbs/conflictAvoidance.ts';
import { type Conflict, allConflicts, byTime, conflictingPairs, conflictsWith, mergeByTime } from '../../../../core/solvers/cbs/conflicts.ts';
import { SpaceTimePlanner } from '../../../../core/solvers/cbs/lowLevel.ts';
import { emptyConstraints } from '../../../../core/solvers/cbs/agentConstraints.ts';
import { Random } from '../../../../core/util/random.ts';

/** A random walk of `length` cells on an open width x width grid. */
function walk(random: Random, width: number, length: number): Int32Array {
  const path = new Int32Array(length);
  path[0] = random.int(width * width);
  for (let t = 1; t < length; t++) {
    const c = path[t - 1];
    const x = c % width;
    const moves = [c, x > 0 ? c - 1 : c, x + 1 < width ? c + 1 : c, c >= width ? c - width : c, c + width < width * width ? c + width : c];
    path[t] = moves[random.int(moves.length)];
  }
  return path;
}

const key = (c: Conflict): string => JSON.stringify(c);

describe('CBS conflicts', () => {
  it('a replanned unit\'s conflicts merged with its parent\'s others equal a full sweep of the new paths, in order', () => {
    const random = new Random(7);
    let compared = 0;
    for (let round = 0; round < 1000; round++) {
      const width = 3 + random.int(3);
      const n = 2 + random.int(5);
      const paths = Array.from({ length: n }, () => walk(random, width, 1 + random.int(8)));
      const a = random.int(n);
      const after = paths.slice();
      after[a] = walk(random, width, 1 + random.int(8));
      // Units rest on distinct goals (two resting on one cell would conflict up to any horizon).
      const ends = (ps: Int32Array[]) => new Set(ps.map((p) => p[p.length - 1])).size === n;
      if (!ends(paths) || !ends(after)) continue;
      const before = allConflicts(paths, Infinity, width * width);
      const fresh: Conflict[] = [];
      conflictsWith(after, a, fresh);
      const kept = mergeByTime(before.sort(byTime).filter((c) => c.a !== a && c.b !== a), fresh);
      const full = allConflicts(after, Infinity, width * width).sort(byTime);
      expect(kept.map(key), `round ${round}`).toEqual(full.map(key));
      expect(conflictingPairs(kept, n)).toBe(new Set(full.map((c) => `${c.a},${c.b}`)).size);
      compared += full.length;
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('a replanned unit\'s conflicts found through the avoidance table equal those of comparing every unit at every time, from fewer times compared', () => {
    const random = new Random(11);
    let found = 0;
    let asked = 0;
    let skipped = 0;
    for (let round = 0; round < 1000; round++) {
      const width = 3 + random.int(4);
      const n = 2 + random.int(6);
      const paths = Array.from({ length: n }, () => walk(random, width, 1 + random.int(10)));
      if (new Set(paths.map((p) => p[p.length - 1])).size !== n) continue;
      const a = random.int(n);
      const table = new ConflictAvoidanceTable(width * width, round % 2 === 0);
      table.load(paths, a);
      const counted = {
        mayConflict: (cell: number, t: number, from: number): boolean => {
          asked++;
          const may = table.mayConflict(cell, t, from);
          if (!may) skipped++;
          return may;
        },
      };
      const every: Conflict[] = [];
      conflictsWith(paths, a, every);
      const through: Conflict[] = [];
      conflictsWith(paths, a, through, 0, counted);
      expect(through.map(key), `round ${round}`).toEqual(every.map(key));
      found += every.length;
    }
    expect(found).toBeGreaterThan(300);
    expect(skipped).toBeGreaterThan(asked / 4); // the work cut: times where no unit is compared
  });

  it('finds a swap on a cell two units share (the sweep once kept only the first of them)', () => {
    // Cells of a 4 x 4 grid; at t = 4 units 0 and 2 are on 10 while units 1 and 2 swap 10 <-> 9.
    const paths = [[14, 14, 14, 14, 10], [11, 11, 10, 10, 9, 8, 12], [12, 8, 9, 9, 10, 11, 15]].map((p) => Int32Array.from(p));
    const found = allConflicts(paths, Infinity, 16).sort(byTime);
    expect(found).toContainEqual({ kind: 'vertex', a: 0, b: 2, cell: 10, t: 4 });
    expect(found).toContainEqual({ kind: 'edge', a: 1, b: 2, from: 10, to: 9, t: 4 });
    // Unit 1's conflicts through a table that counts no swap on a shared cell: the swap is kept.
    const table = new ConflictAvoidanceTable(16, true);
    table.load(paths, 1);
    const through: Conflict[] = [];
    conflictsWith(paths, 1, through, 0, table);
    expect(through).toContainEqual({ kind: 'edge', a: 1, b: 2, from: 10, to: 9, t: 4 });
  });

  it('the avoidance table counts the other units on a cell, resting ones included, and follows its loads', () => {
    const table = new ConflictAvoidanceTable(16);
    const paths = [Int32Array.of(0, 1, 2, 3), Int32Array.of(5, 1, 1, 2), Int32Array.of(9, 5, 1)];
    table.load(paths, 0);
    expect(table.conflicts(1, 1, 1)).toBe(1); // unit 1
    expect(table.conflicts(1, 2, 1)).toBe(2); // unit 1 waiting, unit 2 resting from t = 2
    expect(table.conflicts(1, 7, 1)).toBe(1); // unit 2 rests there for good
    expect(table.conflicts(2, 3, 2)).toBe(1); // unit 1 rests on 2 from t = 3
    expect(table.conflicts(0, 1, 0)).toBe(0); // unit 0 is left out
    table.load(paths, 1);
    expect(table.conflicts(1, 1, 1)).toBe(1); // unit 0 now, unit 1 left out
    expect(table.conflicts(1, 2, 1)).toBe(1); // unit 2 only
    expect(table.conflicts(2, 2, 2)).toBe(1); // unit 0 passes 2 at t = 2
    expect(table.conflicts(2, 3, 2)).toBe(0); // unit 1, resting on 2 from t = 3, is left out
  });

  it('with countSwaps the avoidance table also counts the unit a move swaps with, not one it follows', () => {
    // A 4 x 4 grid: unit 1 moves 5 -> 1 at t = 1, unit 2 moves 9 -> 5 -> 1.
    const paths = [Int32Array.of(0), Int32Array.of(5, 1, 1, 2), Int32Array.of(9, 5, 1)];
    const plain = new ConflictAvoidanceTable(16);
    const swaps = new ConflictAvoidanceTable(16, true);
    plain.load(paths, 0);
    swaps.load(paths, 0);
    expect(plain.conflicts(5, 1, 1)).toBe(1); // unit 2 on 5 at t = 1
    expect(swaps.conflicts(5, 1, 1)).toBe(2); // and unit 1 swaps 5 <-> 1
    expect(swaps.conflicts(9, 1, 13)).toBe(0); // following unit 2 out of 9 is no conflict
    expect(swaps.conflicts(9, 1, 5)).toBe(1); // swapping with it is
    swaps.load(paths, 1); // unit 1 left out: its swap goes with it
    expect(swaps.conflicts(5, 1, 1)).toBe(1);
  });

  it('the low level returns an optimal path with the fewest conflicts, with or without a floor', () => {
    // Two equal routes round the block from 0 to 10; another unit rests on the upper one's cell 2.
    const grid = Grid.fromAscii(['...', '.@.', '...', '...']);
    const distances = new GoalDistances(grid);
    const planner = new SpaceTimePlanner(grid);
    const table = new ConflictAvoidanceTable(grid.cells);
    const other = Int32Array.of(5, 2);
    for (const floor of [0, 4]) {
      table.load([Int32Array.of(0), other], 0);
      const path = planner.plan(0, 8, distances.table(8), emptyConstraints(), table, { maxExpansions: 1000, floor });
      expect(path).not.toBeNull();
      expect(path!.length - 1).toBe(4);
      expect(Array.from(path!)).not.toContain(2);
    }
    const free = planner.plan(0, 8, distances.table(8), emptyConstraints(), null, { maxExpansions: 1000 });
    expect(free!.length - 1).toBe(4);
  });

  it('the low level keeps a unit whose path must be no longer than t (restsBy) on its goal from t on', () => {
    // 0 -> 8 takes 4 turns; a vertex constraint on 8 at t = 5 makes it step off and come back
    // (cost 6) unless it must rest there by t = 4: then there is no path.
    const grid = Grid.fromAscii(['...', '.@.', '...']);
    const distances = new GoalDistances(grid);
    const planner = new SpaceTimePlanner(grid);
    const c = { ...emptyConstraints(), vertex: new Set([5 * grid.cells + 8]), maxT: 5, goalT: 5 };
    expect(planner.plan(0, 8, distances.table(8), c, null, { maxExpansions: 1000 })!.length - 1).toBe(6);
    expect(planner.plan(0, 8, distances.table(8), { ...c, restsBy: 5, maxT: 5 }, null, { maxExpansions: 1000 })).toBeNull();
    // Without the vertex constraint, resting by t = 4 is what its shortest path does anyway.
    expect(planner.plan(0, 8, distances.table(8), { ...emptyConstraints(), restsBy: 4, maxT: 4 }, null, { maxExpansions: 1000 })!.length - 1).toBe(4);
  });
});

