/**
 * Moving AI `.map` files (N. Sturtevant, "Benchmarks for Grid-Based Pathfinding", 2012; the
 * format is documented in /work/shared/benchmarks/movingai/README.md and on movingai.com):
 * More on this in README.md, "movingAiMap.ts".
 */
import { Grid, MAX_GRID_SIDE, mapCellsProblem } from '../grid/grid.ts';
import { MAX_MAP_CELLS } from '../util/limits.ts';
import { FormatError, looksBinary, quoteInput } from './formatError.ts';
import { type LineBreak, joinLines, splitLines } from './textLines.ts';

export interface MapReadOptions {
  /** Treat `W` (water) as passable; Moving AI's default is blocked. */
  waterPassable?: boolean;
  /**
   * More characters to read as passable: the League of Robot Runners' maps mark emitters `E`
   * (Start-Kit Input_Output_Format.md, "Map File Format"), which Moving AI does not define.
   */
  alsoPassable?: string;
  /**
   * Told how many map rows are read so far, every PROGRESS_ROWS rows and at the end: a big map
   * read off the UI thread shows its progress with it (renderer/src/state/mapParseWorker.ts).
   */
  onRows?: (rowsRead: number, height: number) => void;
}

/** Rows read between two calls of `onRows` (a 5000-row map: 40 calls). */
const PROGRESS_ROWS = 128;

export interface MovingAiMap {
  grid: Grid;
  /** The character code of each cell as read ('.', '@', 'T', …), indexed by cell. */
  terrain: Uint8Array;
  /** The `waterPassable` choice the grid was built with. */
  waterPassable: boolean;
  lineBreak: LineBreak;
  /** Whether the file ended with a line break (canonical: yes). */
  finalNewline: boolean;
}

const PASSABLE = 1;
const BLOCKED = 2;
const WATER = 3;

/** Character code -> PASSABLE, BLOCKED, WATER, or 0 for characters the format does not know. */
const CHAR_CLASS = new Uint8Array(128);
for (const c of '.GS') CHAR_CLASS[c.charCodeAt(0)] = PASSABLE;
for (const c of '@OT') CHAR_CLASS[c.charCodeAt(0)] = BLOCKED;
CHAR_CLASS['W'.charCodeAt(0)] = WATER;

const FREE_CODE = '.'.charCodeAt(0);
const WALL_CODE = '@'.charCodeAt(0);

function isPassableCode(code: number, waterPassable: boolean): boolean {
  const kind = code < 128 ? CHAR_CLASS[code] : 0;
  return kind === PASSABLE || (kind === WATER && waterPassable);
}

/** Parses the text of a `.map` file; `file` is only used in error messages. */
export function parseMap(text: string, file = '<map>', options: MapReadOptions = {}): MovingAiMap {
  const waterPassable = options.waterPassable ?? false;
  if (looksBinary(text)) throw new FormatError(file, 1, 1, "this is not a text file (it holds binary data); a Moving AI map is text that starts with 'type octile'");
  const alsoPassable = options.alsoPassable ?? '';
  const { lines, lineBreak, finalNewline } = splitLines(text);
  const fail = (line: number, column: number, reason: string): never => {
    throw new FormatError(file, line, column, reason);
  };
  const headerLine = (index: number, expected: string): string => {
    if (index >= lines.length) fail(index + 1, 1, `expected '${expected}', found the end of the file`);
    return lines[index];
  };

  const typeLine = headerLine(0, 'type octile');
  const typeMatch = /^type[ \t]+(\S+)[ \t]*$/.exec(typeLine);
  if (!typeMatch) fail(1, 1, `expected 'type octile', found ${quoteInput(typeLine)}`);
  if (typeMatch![1] !== 'octile') fail(1, typeLine.indexOf(typeMatch![1]) + 1, `unsupported map type ${quoteInput(typeMatch![1])} (only 'octile' is defined)`);

  // Height and width: the format puts height first; accept either order, write height first.
  let height = 0;
  let width = 0;
  for (let index = 1; index <= 2; index++) {
    const line = headerLine(index, index === 1 ? 'height H' : 'width W');
    const match = /^(height|width)[ \t]+(\S+)[ \t]*$/.exec(line);
    if (!match) fail(index + 1, 1, `expected '${index === 1 ? 'height H' : 'width W'}', found ${quoteInput(line)}`);
    const key = match![1];
    const column = line.indexOf(match![2], key.length) + 1;
    if ((key === 'height' && height > 0) || (key === 'width' && width > 0)) fail(index + 1, 1, `${key} given twice`);
    const value = parseSide(match![2], key, (reason) => fail(index + 1, column, reason));
    if (key === 'height') height = value;
    else width = value;
  }
  const mapLine = headerLine(3, 'map');
  if (mapLine.trimEnd() !== 'map') fail(4, 1, `expected 'map', found ${quoteInput(mapLine)}`);

  // Check the size and the row count before allocating: a map past the limit or a truncated file
  // must not cost width x height bytes.
  if (width * height > MAX_MAP_CELLS) fail(2, 1, mapCellsProblem(width, height));
  if (lines.length < 4 + height) fail(lines.length + 1, 1, `expected ${height} map rows, found ${lines.length - 4}`);
  const passable = new Uint8Array(width * height);
  const terrain = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const index = 4 + y;
    const row = lines[index];
    const n = Math.min(row.length, width);
    const base = y * width;
    for (let x = 0; x < n; x++) {
      const code = row.charCodeAt(x);
      let kind = code < 128 ? CHAR_CLASS[code] : 0;
      if (kind === 0 && alsoPassable.length > 0 && alsoPassable.includes(row[x])) kind = PASSABLE;
      if (kind === 0) fail(index + 1, x + 1, `unknown map character ${quoteInput(row[x])}`);
      terrain[base + x] = code;
      passable[base + x] = kind === PASSABLE || (kind === WATER && waterPassable) ? 1 : 0;
    }
    if (row.length < width) fail(index + 1, row.length + 1, `map row ${y} has ${row.length} characters, expected ${width}`);
    if (row.length > width) fail(index + 1, width + 1, `map row ${y} has ${row.length} characters, expected ${width}`);
    if (options.onRows && (y + 1) % PROGRESS_ROWS === 0) options.onRows(y + 1, height);
  }
  options.onRows?.(height, height);
  for (let index = 4 + height; index < lines.length; index++) {
    if (lines[index].trim() !== '') fail(index + 1, 1, `unexpected text after the ${height} map rows: ${quoteInput(lines[index])}`);
  }
  return { grid: new Grid(width, height, passable), terrain, waterPassable, lineBreak, finalNewline };
}

/**
 * A `.map` file's width and height from its header alone, without reading its rows (a big map
 * says what it will cost before it is read), or null when the header is not one parseMap reads
 * (parseMap then says what is wrong and where).
 */
export function readMapSize(text: string): { width: number; height: number } | null {
  const head = text.slice(0, 256).split(/\r\n|\n|\r/, 3);
  let width = 0;
  let height = 0;
  for (const line of head.slice(1)) {
    const match = /^(height|width)[ \t]+([0-9]+)[ \t]*$/.exec(line);
    if (!match) return null;
    if (match[1] === 'height') height = Number(match[2]);
    else width = Number(match[2]);
  }
  return width > 0 && height > 0 ? { width, height } : null;
}

function parseSide(text: string, what: string, fail: (reason: string) => never): number {
  if (!/^[0-9]+$/.test(text)) fail(`${what} must be a positive whole number, found ${quoteInput(text)}`);
  const value = Number(text);
  if (value < 1) fail(`${what} must be at least 1, found ${text}`);
  if (value > MAX_GRID_SIDE) fail(`${what} ${text} exceeds the limit of ${MAX_GRID_SIDE}`);
  return value;
}

/**
 * Writes the canonical `.map` text. Given a MovingAiMap, cells keep the character they were read
 * with unless the grid has changed them; given a bare Grid, free cells are `.` and walls `@`.
 */
export function writeMap(map: MovingAiMap | Grid): string {
  const grid = map instanceof Grid ? map : map.grid;
  const { width, height, passable } = grid;
  const cells = width * height;
  const known = map instanceof Grid || map.terrain.length !== cells ? null : map.terrain;
  const waterPassable = map instanceof Grid ? false : map.waterPassable;
  const codes = new Uint8Array(cells);
  for (let cell = 0; cell < cells; cell++) {
    const free = passable[cell] === 1;
    const original = known === null ? 0 : known[cell];
    codes[cell] = original !== 0 && isPassableCode(original, waterPassable) === free ? original : free ? FREE_CODE : WALL_CODE;
  }
  const lines = ['type octile', `height ${height}`, `width ${width}`, 'map'];
  for (let y = 0; y < height; y++) {
    // Rows are at most MAX_GRID_SIDE characters, well inside the argument limit of apply().
    lines.push(String.fromCharCode.apply(null, codes.subarray(y * width, (y + 1) * width) as unknown as number[]));
  }
  const lineBreak = map instanceof Grid ? '\n' : map.lineBreak;
  const finalNewline = map instanceof Grid ? true : map.finalNewline;
  return joinLines(lines, lineBreak, finalNewline);
}
