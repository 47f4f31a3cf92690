/**
 * Inline maps: rows of '.' (free) and '@' (wall), with optional rows of weights. Writing keeps
 * the weights out when every cell costs 1, so plain maps stay plain.
 */
import { Grid, mapCellsProblem } from '../grid/grid.ts';
import { MAX_MAP_CELLS } from '../util/limits.ts';
import type { InlineMap } from './schema.ts';
import type { ScenarioProblem } from './scenarioError.ts';

const FREE = 46; // '.'
const WALL = 64; // '@'

/** Problems with the rows and weights: ragged rows, unknown characters, weights of the wrong shape. */
export function checkInlineMap(map: InlineMap, problems: ScenarioProblem[]): void {
  const width = map.rows[0].length;
  if (width * map.rows.length > MAX_MAP_CELLS) {
    // Before scanning the rows: nothing else about a map past the limit is worth saying.
    problems.push({ path: 'map.rows', message: mapCellsProblem(width, map.rows.length) });
    return;
  }
  map.rows.forEach((row, y) => {
    if (row.length !== width) {
      problems.push({ path: `map.rows[${y}]`, message: `row ${y} has ${row.length} cells, expected ${width} (the width of row 0)` });
    }
    for (let x = 0; x < row.length; x++) {
      const code = row.charCodeAt(x);
      if (code !== FREE && code !== WALL) {
        problems.push({ path: `map.rows[${y}]`, message: `unknown map character ${JSON.stringify(row[x])} at x = ${x}; use '.' for free and '@' for wall` });
        break;
      }
    }
  });
  if (map.weights) {
    if (map.weights.length !== map.rows.length) {
      problems.push({ path: 'map.weights', message: `has ${map.weights.length} rows, expected ${map.rows.length} (one per map row)` });
    }
    map.weights.forEach((row, y) => {
      if (y < map.rows.length && row.length !== width) {
        problems.push({ path: `map.weights[${y}]`, message: `has ${row.length} weights, expected ${width} (one per cell)` });
      }
    });
  }
}

/** The grid of a checked inline map. */
export function gridFromInlineMap(map: InlineMap): Grid {
  const height = map.rows.length;
  const width = map.rows[0].length;
  const passable = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = map.rows[y];
    for (let x = 0; x < width; x++) passable[y * width + x] = row.charCodeAt(x) === WALL ? 0 : 1;
  }
  let weight: Float32Array | null = null;
  if (map.weights) {
    weight = new Float32Array(width * height);
    for (let y = 0; y < height; y++) weight.set(map.weights[y], y * width);
  }
  return new Grid(width, height, passable, weight);
}

/** The inline form of a grid; weights only when some cell's weight is not 1. */
export function inlineMapFromGrid(grid: Grid): InlineMap {
  const { width, height, passable, weight } = grid;
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    const codes = new Array<number>(width);
    for (let x = 0; x < width; x++) codes[x] = passable[y * width + x] === 1 ? FREE : WALL;
    rows.push(String.fromCharCode(...codes));
  }
  const map: InlineMap = { kind: 'inline', rows };
  if (weight && weight.some((w) => w !== 1)) {
    const weights: number[][] = [];
    for (let y = 0; y < height; y++) weights.push(Array.from(weight.subarray(y * width, (y + 1) * width), shortestFloat32));
    map.weights = weights;
  }
  return map;
}

/** The shortest decimal that reads back as the same 32-bit float (1.1, not 1.100000023841858). */
function shortestFloat32(value: number): number {
  for (let digits = 6; digits < 9; digits++) {
    const candidate = Number(value.toPrecision(digits));
    if (Math.fround(candidate) === value) return candidate;
  }
  return value;
}
