/**
 * The library's words for the map: cells as { x, y } (x to the right, y down, from 0) and a
 * map of free and blocked cells built from rows of text, a Moving AI map or a Tiled map. Each
 * wraps the lab's grid (core/grid/grid.ts), which the solvers read.
 */
import { Grid } from '../../../core/grid/grid.ts';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { readTiledMap } from '../../../core/level/readLevel.ts';
import { importTiledMap } from '../../../core/level/tiledImport.ts';
import { MapfInputError } from './errors.ts';

/** A cell of the map: x counts columns from the left, y rows from the top, both from 0. */
export interface Cell {
  /** Column, from 0 at the left edge. */
  x: number;
  /** Row, from 0 at the top edge. */
  y: number;
}

/** A map of free and blocked cells; units move between free cells that share a side. */
export class GridMap {
  /** @internal The lab's grid the solvers read. */
  readonly grid: Grid;

  /** @internal Use gridFromRows, gridFromMovingAi or gridFromTiled. */
  constructor(grid: Grid) {
    this.grid = grid;
  }

  /** Cells across. */
  get width(): number {
    return this.grid.width;
  }

  /** Cells down. */
  get height(): number {
    return this.grid.height;
  }

  /** Whether (x, y) is on the map and free. */
  isFree(x: number, y: number): boolean {
    return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < this.width && y < this.height && this.grid.isFree(this.grid.cell(x, y));
  }

  /** @internal The cell index of `cell`, or an error naming `what` when it is off the map or on a wall. */
  indexOf(cell: Cell, what: string): number {
    if (cell === null || typeof cell !== 'object' || !Number.isInteger(cell.x) || !Number.isInteger(cell.y)) {
      throw new MapfInputError(`${what}: expected a cell { x, y } of whole numbers, got ${JSON.stringify(cell)}`);
    }
    if (cell.x < 0 || cell.y < 0 || cell.x >= this.width || cell.y >= this.height) {
      throw new MapfInputError(`${what}: (${cell.x}, ${cell.y}) is outside the ${this.width}x${this.height} map`);
    }
    const index = this.grid.cell(cell.x, cell.y);
    if (!this.grid.isFree(index)) throw new MapfInputError(`${what}: (${cell.x}, ${cell.y}) is a wall`);
    return index;
  }

  /** @internal The cell at `index`. */
  cellAt(index: number): Cell {
    return { x: this.grid.x(index), y: this.grid.y(index) };
  }
}

/**
 * A map from rows of text, one character a cell: `blocked` lists the characters that are walls
 * (default `@#TO`, as Moving AI maps draw them); any other character is free.
 */
export function gridFromRows(rows: readonly string[] | string, blocked = '@#TO'): GridMap {
  const lines = typeof rows === 'string' ? rows.split(/\r?\n/).filter((line) => line.length > 0) : rows;
  if (lines.length === 0) throw new MapfInputError('gridFromRows: no rows given');
  const width = lines[0].length;
  const uneven = lines.findIndex((line) => line.length !== width);
  if (uneven >= 0) throw new MapfInputError(`gridFromRows: row ${uneven + 1} has ${lines[uneven].length} cells, row 1 has ${width}`);
  return new GridMap(Grid.fromAscii(lines, blocked));
}

/** A map from the text of a Moving AI `.map` file (movingai.com/benchmarks). */
export function gridFromMovingAi(text: string, file = 'map'): GridMap {
  return new GridMap(wrapErrors(() => parseMap(text, file).grid));
}

/** How gridFromTiled finds the files a Tiled map names (external tilesets, templates). */
export interface TiledFiles {
  /**
   * The text of `path` as the map names it, relative to the file `from`; undefined when it is
   * missing. The Node entry (`@mapf-lab/core/node`) reads them from disk.
   */
  read: (path: string, from: string) => string | undefined;
}

/**
 * A map from a Tiled map's text (`.tmj` JSON or `.tmx` XML, told apart by its first character).
 * Walls are guessed as the lab's Level dialog guesses them (a layer or tiles marked `collides`,
 * `solid`, `blocked` or `wall`), one cell a tile.
 */
export function gridFromTiled(text: string, file = 'level.tmj', files: TiledFiles = { read: () => undefined }): GridMap {
  const format = text.trimStart().startsWith('<') ? 'tiled-xml' : 'tiled-json';
  return new GridMap(wrapErrors(() => importTiledMap(readTiledMap(text, file, format, files.read)).grid));
}

/** The lab's format errors as MapfInputError, their messages (file, line, layer) kept. */
function wrapErrors<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof MapfInputError) throw error;
    throw new MapfInputError(error instanceof Error ? error.message : String(error));
  }
}
