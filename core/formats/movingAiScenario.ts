/**
 * Moving AI `.scen` files: a `version 1` line (`version 1.0` tolerated), then one query per line
 * with nine TAB-separated fields:
 *
 *     bucket  map  map_width  map_height  start_x  start_y  goal_x  goal_y  optimal_length
 *
 * Width comes before height; (0, 0) is the top-left cell and x the column. Reading keeps the
 * optimal length's original text (e.g. `172.06601715`) and the file's line breaks so writing
 * reproduces an unedited file byte for byte. Malformed input throws a FormatError naming file,
 * line and column; `checkScenario` checks a parsed scenario against the map it is meant for.
 */
import { type Grid, MAX_GRID_SIDE } from '../grid/grid.ts';
import { MAX_UNITS, formatCount } from '../util/limits.ts';
import { FormatError, looksBinary, quoteInput } from './formatError.ts';
import { type LineBreak, joinLines, splitLines } from './textLines.ts';

export interface ScenarioEntry {
  bucket: number;
  /** Map file name as written in the scenario (e.g. `den520d.map`). */
  map: string;
  mapWidth: number;
  mapHeight: number;
  startX: number;
  startY: number;
  goalX: number;
  goalY: number;
  /** Octile length of a shortest path (8-connected, diagonal √2, no corner cutting). */
  optimalLength: number;
  /** The optimal length as written in the file; the writer prints this text. */
  optimalText: string;
  /** 1-based source line, for error messages (0 for entries built in code). */
  line: number;
  /** 1-based column where each of the nine fields starts on that line (empty when built in code). */
  columns: readonly number[];
}

export interface MovingAiScenario {
  /** The version as written: '1' or '1.0'. */
  version: string;
  entries: ScenarioEntry[];
  lineBreak: LineBreak;
  finalNewline: boolean;
}

const FIELD_NAMES = ['bucket', 'map', 'map width', 'map height', 'start x', 'start y', 'goal x', 'goal y', 'optimal length'];
const WHOLE = /^[0-9]+$/;
const DECIMAL = /^[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?$/;

/** Parses the text of a `.scen` file; `file` is only used in error messages. */
export function parseScenario(text: string, file = '<scen>'): MovingAiScenario {
  if (looksBinary(text)) throw new FormatError(file, 1, 1, "this is not a text file (it holds binary data); a Moving AI scenario is text that starts with 'version 1'");
  const fail = (line: number, column: number, reason: string): never => {
    throw new FormatError(file, line, column, reason);
  };
  // Counted before splitting: a file of 10^6 queries is refused at once, not after reading them.
  const past = lineOfQueryPastLimit(text);
  if (past > 0) fail(past, 1, `the scenario has more than ${formatCount(MAX_UNITS)} queries; at most ${formatCount(MAX_UNITS)} units per scenario (the lab's unit limit)`);
  const { lines, lineBreak, finalNewline } = splitLines(text);
  if (lines.length === 0) fail(1, 1, `expected 'version 1', found an empty file`);
  const versionMatch = /^version[ \t]+(\S+)[ \t]*$/.exec(lines[0]);
  if (!versionMatch) fail(1, 1, `expected 'version 1', found ${quoteInput(lines[0])}`);
  const version = versionMatch![1];
  if (version !== '1' && version !== '1.0') fail(1, lines[0].indexOf(version) + 1, `unsupported scenario version ${quoteInput(version)} (expected 1)`);

  const entries: ScenarioEntry[] = [];
  for (let index = 1; index < lines.length; index++) {
    const text = lines[index];
    const line = index + 1;
    if (text.trim() === '') {
      // Blank lines carry nothing; only trailing ones are common. Anything after them is an error.
      for (let rest = index + 1; rest < lines.length; rest++) {
        if (lines[rest].trim() !== '') fail(index + 1, 1, 'empty line in the middle of the scenario');
      }
      break;
    }
    const fields = text.split('\t');
    const columns: number[] = [];
    let column = 1;
    for (const field of fields) {
      columns.push(column);
      column += field.length + 1;
    }
    if (fields.length !== 9) {
      fail(line, fields.length > 9 ? columns[9] : text.length + 1, `expected 9 TAB-separated fields (${FIELD_NAMES.join(', ')}), found ${fields.length}`);
    }
    const whole = (i: number): number => {
      if (!WHOLE.test(fields[i])) fail(line, columns[i], `${FIELD_NAMES[i]} must be a whole number, found ${quoteInput(fields[i])}`);
      return Number(fields[i]);
    };
    const bucket = whole(0);
    if (fields[1] === '') fail(line, columns[1], 'map name is empty');
    const mapWidth = whole(2);
    const mapHeight = whole(3);
    for (const i of [2, 3]) {
      const side = i === 2 ? mapWidth : mapHeight;
      if (side < 1 || side > MAX_GRID_SIDE) fail(line, columns[i], `${FIELD_NAMES[i]} ${fields[i]} is outside 1..${MAX_GRID_SIDE}`);
    }
    const startX = whole(4);
    const startY = whole(5);
    const goalX = whole(6);
    const goalY = whole(7);
    for (const [what, x, y, col] of [['start', startX, startY, 4], ['goal', goalX, goalY, 6]] as const) {
      if (x >= mapWidth || y >= mapHeight) {
        fail(line, columns[x >= mapWidth ? col : col + 1], `${what} (${x}, ${y}) is outside the ${mapWidth}x${mapHeight} map`);
      }
    }
    const optimalText = fields[8];
    if (!DECIMAL.test(optimalText) || !Number.isFinite(Number(optimalText))) {
      fail(line, columns[8], `optimal length must be a non-negative number, found ${quoteInput(optimalText)}`);
    }
    entries.push({ bucket, map: fields[1], mapWidth, mapHeight, startX, startY, goalX, goalY, optimalLength: Number(optimalText), optimalText, line, columns });
  }
  return { version, entries, lineBreak, finalNewline };
}

/**
 * The 1-based line of the first query past MAX_UNITS (non-blank lines after the version line),
 * or 0 when the file has no more: scans no further than that line.
 */
function lineOfQueryPastLimit(text: string): number {
  let queries = -1; // the version line
  let line = 0;
  let start = 0;
  while (start < text.length) {
    line++;
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    // A line of only spaces, TABs or a CR is blank.
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 13) {
        if (++queries > MAX_UNITS) return line;
        break;
      }
    }
    start = end + 1;
  }
  return 0;
}

/** Writes the canonical `.scen` text (TAB-separated, the optimal length's original text kept). */
export function writeScenario(scenario: MovingAiScenario): string {
  const lines = [`version ${scenario.version}`];
  for (const e of scenario.entries) {
    const optimal = e.optimalText !== '' && Number(e.optimalText) === e.optimalLength ? e.optimalText : e.optimalLength.toFixed(8);
    lines.push(`${e.bucket}\t${e.map}\t${e.mapWidth}\t${e.mapHeight}\t${e.startX}\t${e.startY}\t${e.goalX}\t${e.goalY}\t${optimal}`);
  }
  return joinLines(lines, scenario.lineBreak, scenario.finalNewline);
}

/**
 * Checks every query against the grid it will run on: the scenario's map size must be the
 * grid's, and starts and goals must be free cells. Throws a FormatError at the offending field.
 */
export function checkScenario(scenario: MovingAiScenario, grid: Grid, file = '<scen>', mapFile = 'the map'): void {
  for (let i = 0; i < scenario.entries.length; i++) {
    const e = scenario.entries[i];
    const line = e.line > 0 ? e.line : i + 2;
    const column = (field: number): number => (e.columns.length === 9 ? e.columns[field] : 1);
    if (e.mapWidth !== grid.width || e.mapHeight !== grid.height) {
      throw new FormatError(file, line, column(e.mapWidth !== grid.width ? 2 : 3), `scenario map size ${e.mapWidth}x${e.mapHeight} (width x height) does not match ${mapFile}, which is ${grid.width}x${grid.height}`);
    }
    for (const [what, x, y, field] of [['start', e.startX, e.startY, 4], ['goal', e.goalX, e.goalY, 6]] as const) {
      if (!grid.inBounds(x, y)) throw new FormatError(file, line, column(field), `${what} (${x}, ${y}) is outside ${mapFile} (${grid.width}x${grid.height})`);
      if (!grid.isFreeXY(x, y)) throw new FormatError(file, line, column(field), `${what} (${x}, ${y}) is on a wall of ${mapFile}`);
    }
  }
}
