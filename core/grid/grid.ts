/**
 * The grid model every search and solver works on.
 *
 * A cell is the integer `y * width + x`; (0, 0) is the top-left cell and x is the column, as in
 * the Moving AI formats. Terrain lives in typed arrays so searches can index it without
 * allocation. Every edit bumps `version`, which caches (JPS+ jump tables, distance tables) compare
 * against the version they were built for.
 */

import { MAX_MAP_CELLS, formatCount } from '../util/limits.ts';

/** Largest side we accept: keeps width * height inside a typed array and the UI usable. */
export const MAX_GRID_SIDE = 8192;
/**
 * Terrain weights are kept as float32: this is the first number float32 rounds to Infinity
 * (2^128 - 2^103; saved, Infinity became null and the file no longer opened). Weights must be
 * below it; float32's largest, 3.4028235e38 as the app writes it, is.
 */
export const CELL_WEIGHT_LIMIT = 2 ** 128 - 2 ** 103;

export class Grid {
  width: number;
  height: number;
  /** 1 = passable, 0 = blocked. */
  passable: Uint8Array;
  /**
   * Optional terrain weights (>= 1, so the octile and Manhattan heuristics stay admissible).
   * A move costs its length times the weight of the cell it enters. null = uniform cost.
   */
  weight: Float32Array | null;
  /** Bumped by every edit. */
  version = 0;

  constructor(width: number, height: number, passable?: Uint8Array, weight?: Float32Array | null) {
    checkSize(width, height);
    this.width = width;
    this.height = height;
    const cells = width * height;
    if (passable && passable.length !== cells) {
      throw new RangeError(`passable has ${passable.length} cells, expected ${width}x${height} = ${cells}`);
    }
    if (weight && weight.length !== cells) {
      throw new RangeError(`weight has ${weight.length} cells, expected ${width}x${height} = ${cells}`);
    }
    this.passable = passable ?? new Uint8Array(cells).fill(1);
    this.weight = weight ?? null;
  }

  /** Builds a grid from rows of characters: '.' free, anything in `blocked` (default "@#TO") a wall. */
  static fromAscii(rows: readonly string[] | string, blocked = '@#TO'): Grid {
    const lines = typeof rows === 'string' ? rows.split('\n').map((r) => r.trim()).filter((r) => r.length > 0) : rows;
    const height = lines.length;
    const width = height === 0 ? 0 : lines[0].length;
    const grid = new Grid(width, height);
    for (let y = 0; y < height; y++) {
      const row = lines[y];
      if (row.length !== width) throw new RangeError(`row ${y} has ${row.length} cells, expected ${width}`);
      for (let x = 0; x < width; x++) {
        if (blocked.includes(row[x])) grid.passable[y * width + x] = 0;
      }
    }
    return grid;
  }

  get cells(): number {
    return this.width * this.height;
  }

  cell(x: number, y: number): number {
    return y * this.width + x;
  }

  x(cell: number): number {
    return cell % this.width;
  }

  y(cell: number): number {
    return (cell / this.width) | 0;
  }

  inBounds(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  isFree(cell: number): boolean {
    return this.passable[cell] === 1;
  }

  isFreeXY(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height && this.passable[y * this.width + x] === 1;
  }

  /** Weight of entering `cell` (1 when the grid has uniform cost). */
  weightOf(cell: number): number {
    return this.weight === null ? 1 : this.weight[cell];
  }

  setPassable(cell: number, free: boolean): void {
    const value = free ? 1 : 0;
    if (this.passable[cell] !== value) {
      this.passable[cell] = value;
      this.version++;
    }
  }

  setWeight(cell: number, weight: number): void {
    if (!(weight >= 1) || !Number.isFinite(weight)) {
      throw new RangeError(`weight of cell (${this.x(cell)}, ${this.y(cell)}) must be a finite number >= 1, got ${weight}`);
    }
    if (this.weight === null) {
      if (weight === 1) return;
      this.weight = new Float32Array(this.cells).fill(1);
    }
    if (this.weight[cell] !== weight) {
      this.weight[cell] = weight;
      this.version++;
    }
  }

  /** Resizes in place, keeping the overlapping top-left region; new cells are free. */
  resize(width: number, height: number): void {
    checkSize(width, height);
    const passable = new Uint8Array(width * height).fill(1);
    const weight = this.weight ? new Float32Array(width * height).fill(1) : null;
    const w = Math.min(width, this.width);
    const h = Math.min(height, this.height);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        passable[y * width + x] = this.passable[y * this.width + x];
        if (weight && this.weight) weight[y * width + x] = this.weight[y * this.width + x];
      }
    }
    this.width = width;
    this.height = height;
    this.passable = passable;
    this.weight = weight;
    this.version++;
  }

  clone(): Grid {
    const copy = new Grid(this.width, this.height, this.passable.slice(), this.weight ? this.weight.slice() : null);
    copy.version = this.version;
    return copy;
  }

  /** Rows of '.' and '@', for tests and debugging. */
  toAscii(): string[] {
    const rows: string[] = [];
    for (let y = 0; y < this.height; y++) {
      let row = '';
      for (let x = 0; x < this.width; x++) row += this.passable[y * this.width + x] ? '.' : '@';
      rows.push(row);
    }
    return rows;
  }
}

function checkSize(width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`grid size must be positive whole numbers, got ${width}x${height}`);
  }
  if (width > MAX_GRID_SIDE || height > MAX_GRID_SIDE) {
    throw new RangeError(`grid size ${width}x${height} exceeds the limit of ${MAX_GRID_SIDE} per side`);
  }
  if (width * height > MAX_MAP_CELLS) throw new RangeError(mapCellsProblem(width, height));
}

/** The message for a map past MAX_MAP_CELLS, naming the limit (every parser says the same). */
export function mapCellsProblem(width: number, height: number): string {
  return `a ${width}x${height} map has ${formatCount(width * height)} cells; at most ${formatCount(MAX_MAP_CELLS)} per map (the lab's map limit)`;
}
