import { describe, expect, it } from 'vitest';
import { NO_AGENT, ReservationTable } from '../../../../core/solvers/cooperative/reservationTable.ts';
import { ActionRules } from '../../../../core/solvers/cooperative/actionRules.ts';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT } from '../../../../core/grid/movement.ts';
import { Random } from '../../../../core/util/random.ts';

describe('ReservationTable', () => {
  it('behaves like a map keyed by (t, cell) through inserts, releases, growth and dropBefore', () => {
    const random = new Random(5);
    const cells = 37;
    const table = new ReservationTable(cells, 4);
    const model = new Map<number, number>();
    for (let op = 0; op < 20000; op++) {
      const t = random.int(60);
      const cell = random.int(cells);
      const key = t * cells + cell;
      const r = random.next();
      if (r < 0.55) {
        const agent = random.int(8);
        const before = model.get(key);
        const overridden = table.reserve(t, cell, agent, agent);
        expect(overridden).toBe(before === undefined || before === agent ? NO_AGENT : before);
        model.set(key, agent);
      } else if (r < 0.95) {
        const agent = random.int(8);
        const released = table.release(t, cell, agent);
        expect(released).toBe(model.get(key) === agent);
        if (released) model.delete(key);
      } else {
        const limit = random.int(30);
        table.dropBefore(limit);
        for (const k of [...model.keys()]) if (Math.floor(k / cells) < limit) model.delete(k);
      }
      expect(table.size).toBe(model.size);
    }
    for (let t = 0; t < 60; t++) {
      for (let cell = 0; cell < cells; cell++) {
        const owner = table.occupant(t, cell);
        expect(owner).toBe(model.get(t * cells + cell) ?? NO_AGENT);
        if (owner !== NO_AGENT) expect(table.lastPriority).toBe(owner);
      }
    }
  });

  it('keys past 2^31 (long runs on big maps) stay exact', () => {
    const cells = 256 * 256;
    const table = new ReservationTable(cells);
    table.reserve(40000, 65535, 3, 0);
    table.reserve(40001, 0, 4, 0);
    expect(table.occupant(40000, 65535)).toBe(3);
    expect(table.occupant(40001, 0)).toBe(4);
    expect(table.occupant(40000, 0)).toBe(NO_AGENT);
    table.dropBefore(40001);
    expect(table.size).toBe(1);
  });

  it('reserves and releases whole paths, and clears one agent', () => {
    const table = new ReservationTable(20);
    expect(table.reservePath(1, 0, 5, [3, 4, 5, 5])).toBe(0);
    expect(table.reservePath(2, 1, 7, [6, 5, 4])).toBe(1); // (5, t=8) was agent 1's
    expect(table.occupant(8, 5)).toBe(2);
    table.park(9, 3, 1, 0);
    table.releasePath(2, 7, [6, 5, 4]);
    expect(table.occupant(8, 5)).toBe(NO_AGENT);
    expect(table.size).toBe(3);
    table.releaseAgent(1);
    expect(table.size).toBe(0);
    expect(table.occupant(100, 9)).toBe(NO_AGENT);
  });

  it('parks a unit from a time on', () => {
    const table = new ReservationTable(10);
    table.park(4, 7, 2, 1);
    expect(table.occupant(6, 4)).toBe(NO_AGENT);
    expect(table.occupant(7, 4)).toBe(2);
    expect(table.occupant(1000, 4)).toBe(2);
    table.unpark(4, 1);
    expect(table.occupant(1000, 4)).toBe(2);
    table.unpark(4, 2);
    expect(table.occupant(1000, 4)).toBe(NO_AGENT);
  });
});

describe('ActionRules', () => {
  const grid = Grid.fromAscii(['....', '....', '....', '....']);
  const c = (x: number, y: number) => grid.cell(x, y);

  it('forbids vertex conflicts and head-to-head swaps, allows following', () => {
    const table = new ReservationTable(grid.cells);
    const rules = new ActionRules(table, grid, FOUR_CONNECTED, 4);
    // Agent 0 moves (1,0) -> (2,0) between t=0 and t=1.
    table.reserve(0, c(1, 0), 0, 0);
    table.reserve(1, c(2, 0), 0, 0);
    expect(rules.check(1, 0, 1, 0, c(2, 1), c(2, 0), 1, false)).toBe(false); // vertex
    expect(rules.check(1, 0, 1, 0, c(2, 0), c(1, 0), 1, false)).toBe(false); // swap
    expect(rules.check(1, 0, 1, 0, c(0, 0), c(1, 0), 1, false)).toBe(true); // following
    expect(rules.check(1, 0, 1, 0, c(1, 1), c(1, 1), 1, false)).toBe(true); // pause elsewhere
  });

  it('forbids crossing diagonals on 8-connected grids', () => {
    const table = new ReservationTable(grid.cells);
    const rules = new ActionRules(table, grid, OCTILE_CUT, 4);
    table.reserve(0, c(1, 0), 0, 0);
    table.reserve(1, c(0, 1), 0, 0);
    expect(rules.check(1, 0, 1, 0, c(0, 0), c(1, 1), 1, false)).toBe(false);
    expect(rules.check(1, 0, 1, 0, c(1, 1), c(0, 0), 1, false)).toBe(false);
    expect(rules.check(1, 0, 1, 0, c(0, 0), c(0, 0), 1, false)).toBe(true);
    expect(rules.check(1, 0, 1, 0, c(2, 0), c(2, 1), 1, false)).toBe(true);
  });

  it('lets a higher priority override lower reservations and names the overridden', () => {
    const table = new ReservationTable(grid.cells);
    const rules = new ActionRules(table, grid, FOUR_CONNECTED, 4);
    table.reserve(1, c(2, 0), 0, 1);
    expect(rules.check(1, 1, 1, 0, c(1, 0), c(2, 0), 1, true)).toBe(false); // equal priority
    rules.overriddenCount = 0;
    expect(rules.check(1, 2, 1, 0, c(1, 0), c(2, 0), 1, true)).toBe(true);
    expect(Array.from(rules.overridden.subarray(0, rules.overriddenCount))).toEqual([0]);
  });

  it('checks the whole footprint of large and slow units', () => {
    const table = new ReservationTable(grid.cells);
    const rules = new ActionRules(table, grid, FOUR_CONNECTED, 4);
    table.reserve(2, c(2, 2), 0, 0);
    // A 2x2 unit moving from anchor (0,1) to (1,1) covers (1..2, 1..2) at t = 1: free at t = 1.
    expect(rules.check(1, 0, 2, 0, c(0, 1), c(1, 1), 1, false)).toBe(true);
    // The same move starting at t = 1 ends at t = 2 on (2,2): taken.
    expect(rules.check(1, 0, 2, 1, c(0, 1), c(1, 1), 1, false)).toBe(false);
    // A slow 1x1 unit (3 turns a move) from (2,1) to (2,2) occupies (2,2) from t = 1 to 3.
    expect(rules.check(1, 0, 1, 0, c(2, 1), c(2, 2), 3, false)).toBe(false);
    expect(rules.check(1, 0, 1, 3, c(2, 1), c(2, 2), 3, false)).toBe(true);
    // ... and still its old cell mid-move: a reservation of (2,1) at t = 2 blocks it.
    table.reserve(2, c(2, 1), 0, 0);
    expect(rules.check(1, 0, 1, 0, c(2, 1), c(3, 1), 3, false)).toBe(false);
  });
});
