// Autosave's map rows, kept between writes: after any edit they are exactly what core writes for
// the grid (inlineMapFromGrid), and the rows no edit touched are the very strings of the last
// write, which the delta against the base then passes by reference.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { inlineMapFromGrid } from '../../../core/scenario/inlineMap.ts';
import { InlineMapRows, changedRows } from '../../../renderer/src/autosave/autosaveMapRows.ts';
import { Random } from '../../../core/util/random.ts';

/** Uniform numbers in [0, 1) from core's seeded generator, so a failing case can be run again. */
function random(seed: number): () => number {
  const generator = new Random(seed);
  return () => generator.next();
}

/** The rows that differ, cell by cell. */
function changedRowsByCell(was: Uint8Array, now: Uint8Array, width: number): number[] {
  const rows = new Set<number>();
  for (let c = 0; c < now.length; c++) if (was[c] !== now[c]) rows.add(Math.floor(c / width));
  return [...rows].sort((a, b) => a - b);
}

describe("autosave's map rows", () => {
  it('finds the changed rows as a cell-by-cell comparison does, for any width and alignment', () => {
    const next = random(7);
    for (const width of [1, 2, 3, 4, 5, 7, 8, 13, 64]) {
      for (const offset of [0, 1, 2, 3, 4]) {
        const height = 1 + Math.floor(next() * 20);
        const cells = width * height;
        const bufferA = new Uint8Array(cells + 8);
        const bufferB = new Uint8Array(cells + 8);
        const was = bufferA.subarray(offset, offset + cells);
        const now = bufferB.subarray(offset, offset + cells);
        for (let c = 0; c < cells; c++) was[c] = now[c] = next() < 0.5 ? 1 : 0;
        for (let k = Math.floor(next() * 6); k > 0; k--) now[Math.floor(next() * cells)] ^= 1;
        expect({ width, offset, rows: changedRows(was, now, width) }).toEqual({ width, offset, rows: changedRowsByCell(was, now, width) });
      }
    }
  });

  it('writes what inlineMapFromGrid writes after every edit, a new grid or a weighted one, redoing only the changed rows', () => {
    const next = random(11);
    const rows = new InlineMapRows();
    let grid = new Grid(23, 17);
    let last = rows.of(grid);
    expect(last).toEqual(inlineMapFromGrid(grid));
    for (let step = 0; step < 40; step++) {
      const y = Math.floor(next() * grid.height);
      grid.setPassable(y * grid.width + Math.floor(next() * grid.width), next() < 0.5);
      const map = rows.of(grid);
      expect(map).toEqual(inlineMapFromGrid(grid));
      for (let r = 0; r < grid.height; r++) if (r !== y) expect(map.rows[r]).toBe(last.rows[r]);
      last = map;
    }
    expect(rows.made(last.rows)).toBe(true);
    expect(rows.made([...last.rows.slice(1), last.rows[0]])).toBe(grid.height === 1);
    // The same grid again (no edit): the same strings; the caller's array is its own.
    const again = rows.of(grid);
    expect(again.rows).not.toBe(last.rows);
    again.rows[0] = 'changed by the caller';
    expect(rows.of(grid)).toEqual(inlineMapFromGrid(grid));
    // Another grid (a map opened, a resize): its own rows.
    grid = Grid.fromAscii(['..@.', '@...', '....']);
    expect(rows.of(grid)).toEqual(inlineMapFromGrid(grid));
    const copy = grid.clone();
    copy.setPassable(2 * 4 + 3, false);
    expect(rows.of(copy)).toEqual(inlineMapFromGrid(copy));
    // Weights are written as core writes them.
    const weighted = new Grid(3, 2, undefined, new Float32Array([1, 1.1, 2, 1, 1, 3]));
    expect(rows.of(weighted)).toEqual(inlineMapFromGrid(weighted));
    weighted.setPassable(0, false);
    const written = rows.of(weighted);
    expect(written).toEqual(inlineMapFromGrid(weighted));
    // Rows of a weighted map are not vouched for (core wrote them).
    expect(rows.made(written.rows)).toBe(false);
  });
});
