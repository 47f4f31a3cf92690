/**
 * The map's rows as autosave writes them (an inline map: '.' free, '@' wall), kept between writes
 * and redone only where the grid changed. Writing a 5000 x 5000 map's 25 million cells again on
 * every edit was most of a 0.3-0.6 s task after each edit; now an edit redoes the rows it touched,
 * found by comparing the grid with a copy of it four cells at a time, and the rows it did not touch
 * stay the same strings, which the delta against the base (core/util/jsonDelta.ts) passes by
 * reference instead of by their characters.
 *
 * A weighted grid's rows are written whole again when it changes (core's inlineMapFromGrid): the
 * weights' decimals are not worth a second copy of the writer for maps that rare.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import { inlineMapFromGrid } from '../../../core/scenario/inlineMap.ts';
import type { InlineMap } from '../../../core/scenario/schema.ts';

const FREE = 46; // '.'
const WALL = 64; // '@'

export class InlineMapRows {
  private grid: Grid | null = null;
  private version = -1;
  /** The passable cells the rows were written from. */
  private written: Uint8Array | null = null;
  private map: InlineMap | null = null;
  /** '.' and '@' are ASCII, which UTF-8 decodes on its fast path (a 5000 x 5000 map: 20 ms; Latin-1: 69 ms). */
  private readonly decoder = new TextDecoder();

  /** Whether rows were made for `grid` (since edited or not: an edit redoes only its rows). */
  madeFor(grid: Grid): boolean {
    return grid === this.grid && this.map !== null;
  }

  /** Whether `rows` are the very strings last made here for an unweighted grid (so '.' and '@' only). */
  made(rows: readonly unknown[]): boolean {
    const mine = this.map;
    if (mine === null || mine.weights || this.written === null || rows.length !== mine.rows.length) return false;
    for (let y = 0; y < rows.length; y++) if (rows[y] !== mine.rows[y]) return false;
    return true;
  }

  /** The grid's inline map; its arrays are the caller's, its strings shared with the previous call's. */
  of(grid: Grid): InlineMap {
    if (grid !== this.grid || grid.version !== this.version || this.map === null) this.update(grid);
    const map = this.map!;
    return map.weights ? { kind: 'inline', rows: map.rows.slice(), weights: map.weights.map((row) => row.slice()) } : { kind: 'inline', rows: map.rows.slice() };
  }

  private update(grid: Grid): void {
    const { width, height, passable } = grid;
    const old = this.written;
    this.grid = grid;
    this.version = grid.version;
    if (grid.weight !== null) {
      this.map = inlineMapFromGrid(grid);
      this.written = null;
      return;
    }
    if (old === null || this.map === null || this.map.weights || old.length !== passable.length || this.map.rows.length !== height) {
      this.map = { kind: 'inline', rows: this.allRows(grid) };
      this.written = passable.slice();
      return;
    }
    const rows = this.map.rows;
    for (const y of changedRows(old, passable, width)) {
      rows[y] = this.row(passable, y * width, width);
      old.set(passable.subarray(y * width, (y + 1) * width), y * width);
    }
  }

  private allRows(grid: Grid): string[] {
    const { width, height, passable } = grid;
    const codes = codesOf(passable);
    // One string for the whole map, cut into rows that share it: one decode, not one per row.
    const text = this.decoder.decode(codes);
    const rows = new Array<string>(height);
    for (let y = 0; y < height; y++) rows[y] = text.slice(y * width, (y + 1) * width);
    return rows;
  }

  private row(passable: Uint8Array, start: number, width: number): string {
    return this.decoder.decode(codesOf(passable.subarray(start, start + width)));
  }
}

/**
 * '.' (46) for a free cell (1), '@' (64) for a wall (0): 64 - 18 p per byte, four bytes at a time
 * where aligned (no byte carries into the next: 18 < 256). A 5000 x 5000 map: 31 ms, not 87 ms
 * a byte at a time (Node 22, load 6).
 */
function codesOf(passable: Uint8Array): Uint8Array {
  const codes = new Uint8Array(passable.length);
  const words = passable.byteOffset % 4 === 0 ? passable.length >> 2 : 0;
  if (words > 0) {
    const from = new Uint32Array(passable.buffer, passable.byteOffset, words);
    const to = new Uint32Array(codes.buffer, 0, words);
    for (let w = 0; w < words; w++) to[w] = 0x40404040 - from[w] * 18;
  }
  for (let c = words << 2; c < codes.length; c++) codes[c] = passable[c] === 1 ? FREE : WALL;
  return codes;
}

/** The rows (in order) where `now` differs from `was`, both of `width`-wide rows; compared four cells at a time where aligned. */
export function changedRows(was: Uint8Array, now: Uint8Array, width: number): number[] {
  const rows: number[] = [];
  const cells = now.length;
  const aligned = was.byteOffset % 4 === 0 && now.byteOffset % 4 === 0;
  const words = aligned ? cells >> 2 : 0;
  const a = aligned ? new Uint32Array(was.buffer, was.byteOffset, words) : new Uint32Array(0);
  const b = aligned ? new Uint32Array(now.buffer, now.byteOffset, words) : new Uint32Array(0);
  /** The first cell of the rows not yet found changed. */
  let from = 0;
  for (let w = 0; w < words; w++) {
    if (a[w] === b[w]) continue;
    const end = (w << 2) + 4;
    let c = Math.max(w << 2, from);
    while (c < end && was[c] === now[c]) c++;
    // The word's difference is in a row already found.
    if (c === end) continue;
    const y = Math.floor(c / width);
    rows.push(y);
    // On from the word holding the next row's first cell.
    from = (y + 1) * width;
    w = (from >> 2) - 1;
  }
  // The cells after the last whole word (and all of them, unaligned): one by one.
  for (let c = Math.max(from, words << 2); c < cells; c++) {
    if (was[c] === now[c]) continue;
    const y = Math.floor(c / width);
    rows.push(y);
    c = (y + 1) * width - 1;
  }
  return rows;
}
