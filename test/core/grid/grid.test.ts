import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { stepCell, FOUR_CONNECTED, OCTILE_NO_CUT, OCTILE_CUT, gridDistance } from '../../../core/grid/movement.ts';
import { buildDistanceTable, UNREACHABLE } from '../../../core/search/distanceTable.ts';

describe('Grid', () => {
  it('reads ASCII rows with (0,0) top-left and x as the column', () => {
    const grid = Grid.fromAscii(['..@', '...']);
    expect(grid.width).toBe(3);
    expect(grid.height).toBe(2);
    expect(grid.isFreeXY(2, 0)).toBe(false);
    expect(grid.isFreeXY(2, 1)).toBe(true);
    expect(grid.cell(2, 1)).toBe(5);
    expect([grid.x(5), grid.y(5)]).toEqual([2, 1]);
  });

  it('bumps the version on every real edit and only then', () => {
    const grid = new Grid(4, 4);
    const v = grid.version;
    grid.setPassable(3, true);
    expect(grid.version).toBe(v);
    grid.setPassable(3, false);
    expect(grid.version).toBe(v + 1);
    grid.setWeight(2, 3);
    expect(grid.version).toBe(v + 2);
    grid.resize(6, 2);
    expect(grid.version).toBe(v + 3);
    expect(grid.isFreeXY(3, 0)).toBe(false);
    expect(grid.weightOf(2)).toBe(3);
  });

  it('rejects bad sizes and weights with a message that says what', () => {
    expect(() => new Grid(0, 3)).toThrow(/positive whole numbers, got 0x3/);
    expect(() => new Grid(100000, 3)).toThrow(/exceeds the limit/);
    expect(() => new Grid(2, 2).setWeight(0, 0.5)).toThrow(/cell \(0, 0\) must be a finite number >= 1/);
    expect(() => Grid.fromAscii(['...', '..'])).toThrow(/row 1 has 2 cells, expected 3/);
  });
});

describe('movement rules', () => {
  // A blocked corner at (1,0): the diagonal (0,0) -> (1,1) cuts it.
  const grid = Grid.fromAscii(['.@', '..']);
  it('4-connected has no diagonals', () => {
    const reached = [0, 1, 2, 3].map((d) => stepCell(grid, FOUR_CONNECTED, 0, d)).filter((c) => c >= 0);
    expect(reached).toEqual([grid.cell(0, 1)]);
  });
  it('no-cut refuses a diagonal past a blocked corner, cut allows it', () => {
    expect(stepCell(grid, OCTILE_NO_CUT, 0, 5)).toBe(-1);
    expect(stepCell(grid, OCTILE_CUT, 0, 5)).toBe(3);
  });
  it('grid distance is Manhattan for 4 and octile for 8', () => {
    const g = new Grid(10, 10);
    expect(gridDistance(g, FOUR_CONNECTED, 0, g.cell(3, 4))).toBe(7);
    expect(gridDistance(g, OCTILE_NO_CUT, 0, g.cell(3, 4))).toBeCloseTo(1 + 3 * Math.SQRT2);
  });
});

describe('distance tables', () => {
  it('give true distances around walls and Infinity for unreachable cells', () => {
    const grid = Grid.fromAscii([
      '.....',
      '.@@@.',
      '...@.',
      '@@@@.',
      '..@..',
    ]);
    const table = buildDistanceTable(grid, FOUR_CONNECTED, grid.cell(0, 2));
    expect(table.distance[grid.cell(4, 4)]).toBe(2 + 4 + 4); // (4,4) up to (4,0), left to (0,0), down to (0,2)
    expect(table.distance[grid.cell(0, 4)]).toBe(UNREACHABLE);
    expect(table.distance[grid.cell(1, 1)]).toBe(UNREACHABLE); // a wall
  });
  it('weights the cell being entered', () => {
    const grid = Grid.fromAscii(['...']);
    grid.setWeight(1, 5);
    const table = buildDistanceTable(grid, FOUR_CONNECTED, 2);
    expect(table.distance[0]).toBe(5 + 1);
    expect(table.distance[1]).toBe(1);
  });
});
