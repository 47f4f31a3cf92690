/**
 * League of Robot Runners problems (LoRR Start-Kit 2024, Input_Output_Format.md, "Input Problem
 * File"): a JSON file naming a map, an agents file and a tasks file (paths relative to it), the
 * team size and how many tasks are revealed at once.
 * More on this in README.md, "lorrProblem.ts".
 */
import { z } from 'zod';
import type { Grid } from '../grid/grid.ts';
import { Random } from '../util/random.ts';
import { FormatError, quoteInput } from './formatError.ts';
import { parseMap } from './movingAiMap.ts';
import { splitLines } from './textLines.ts';

export const LORR_PROBLEM_VERSIONS = ['2024 LoRR', '2023 LoRR'] as const;

/** The problem JSON, version 2024 (a 2023 file has the same fields; a missing version reads as 2024). */
export const LORR_PROBLEM_SCHEMA = z.looseObject({
  mapFile: z.string().min(1),
  agentFile: z.string().min(1),
  taskFile: z.string().min(1),
  teamSize: z.number().int().min(1).max(1_000_000),
  numTasksReveal: z.number().min(1).max(1000).default(1),
  version: z.enum(LORR_PROBLEM_VERSIONS).default('2024 LoRR'),
});

export type LorrProblemJson = z.infer<typeof LORR_PROBLEM_SCHEMA>;

/** Tasks as ordered errand lists, packed: task k's errands are errands[offsets[k] .. offsets[k + 1]). */
export interface LorrTasks {
  count: number;
  offsets: Int32Array;
  errands: Int32Array;
}

export interface LorrProblem {
  /** The problem file as given. */
  file: string;
  version: (typeof LORR_PROBLEM_VERSIONS)[number];
  grid: Grid;
  /** Each cell's map character ('.', '@', 'E', 'S', 'T'). */
  terrain: Uint8Array;
  mapFile: string;
  agentFile: string;
  taskFile: string;
  teamSize: number;
  /** The file's multiplier: numTasksReveal x teamSize tasks are kept revealed. */
  numTasksReveal: number;
  /** Tasks kept revealed: floor(numTasksReveal x teamSize), as the Start-Kit's task manager truncates. */
  revealedTasks: number;
  /** Start cell per robot (teamSize of them). */
  starts: Int32Array;
  tasks: LorrTasks;
}

/** Whether a JSON text is a League of Robot Runners problem (it names a map, an agents and a tasks file), to tell it from the app's own files. */
export function isLorrProblemText(text: string): boolean {
  if (!/"agentFile"/.test(text) || !/"taskFile"/.test(text)) return false;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    return typeof raw === 'object' && raw !== null && typeof raw.mapFile === 'string' && typeof raw.agentFile === 'string' && typeof raw.taskFile === 'string';
  } catch {
    return false;
  }
}

/** The problem JSON alone (the files it names are not read), with located errors as readLorrProblem's. */
export function parseLorrProblemJson(text: string, file: string): LorrProblemJson {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new FormatError(file, 1, 1, `not JSON: ${(error as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new FormatError(file, 1, 1, 'expected a JSON object with mapFile, agentFile, taskFile and teamSize');
  const parsed = LORR_PROBLEM_SCHEMA.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? '');
    const at = fieldPosition(text, field);
    const value = field === '' ? undefined : (raw as Record<string, unknown>)[field];
    const what = value === undefined && field !== '' ? `'${field}' is missing` : `'${field}': ${issue.message}${value === undefined ? '' : `, found ${quoteInput(JSON.stringify(value))}`}`;
    throw new FormatError(file, at.line, at.column, what);
  }
  return parsed.data;
}

/** Reads a problem; `readFile` gets each path as the JSON names it (relative to the problem) and returns its text. */
export function readLorrProblem(text: string, file: string, readFile: (relativePath: string) => string): LorrProblem {
  const json = parseLorrProblemJson(text, file);
  const read = (field: 'mapFile' | 'agentFile' | 'taskFile'): { name: string; text: string } => {
    const name = siblingPath(file, json[field]);
    try {
      return { name, text: readFile(json[field]) };
    } catch (error) {
      const at = fieldPosition(text, field);
      throw new FormatError(file, at.line, at.column, `${field} ${quoteInput(json[field], 80)} cannot be read: ${(error as Error).message}`);
    }
  };
  const mapText = read('mapFile');
  const map = parseMap(mapText.text, mapText.name, { alsoPassable: 'E' });
  const agentsText = read('agentFile');
  const starts = readAgents(agentsText.text, agentsText.name, map.grid, json.teamSize);
  const tasksText = read('taskFile');
  const tasks = readTasks(tasksText.text, tasksText.name, map.grid);
  return {
    file, version: json.version, grid: map.grid, terrain: map.terrain, mapFile: json.mapFile, agentFile: json.agentFile, taskFile: json.taskFile,
    teamSize: json.teamSize, numTasksReveal: json.numTasksReveal, revealedTasks: revealedTasks(json.numTasksReveal, json.teamSize), starts, tasks,
  };
}

/** Reads a `.agents` file: the first `teamSize` start locations, distinct free cells. */
export function readAgents(text: string, file: string, grid: Grid, teamSize: number): Int32Array {
  const { lines, first, count } = countedLines(text, file, 'robots');
  if (count < teamSize) throw new FormatError(file, first, 1, `the file has ${count} robots, the problem's teamSize asks for ${teamSize}`);
  const starts = new Int32Array(teamSize);
  const seen = new Map<number, number>();
  for (let i = 0; i < teamSize; i++) {
    const lineNo = first + 1 + i;
    const line = lines[lineNo - 1];
    if (line === undefined) throw new FormatError(file, lineNo, 1, `expected robot ${i + 1}'s start location, found the end of the file (the count says ${count})`);
    const cell = location(line.trim(), file, lineNo, 1, grid, `robot ${i + 1}'s start`);
    const other = seen.get(cell);
    if (other !== undefined) throw new FormatError(file, lineNo, 1, `robots ${other + 1} and ${i + 1} both start at location ${cell} (row ${grid.y(cell)}, column ${grid.x(cell)})`);
    seen.set(cell, i);
    starts[i] = cell;
  }
  return starts;
}

/** Reads a `.tasks` file: each line a task, its comma-separated errand locations in order. */
export function readTasks(text: string, file: string, grid: Grid): LorrTasks {
  const { lines, first, count } = countedLines(text, file, 'tasks');
  if (count < 1) throw new FormatError(file, first, 1, 'the file has no tasks');
  const offsets = new Int32Array(count + 1);
  const errands: number[] = [];
  for (let k = 0; k < count; k++) {
    const lineNo = first + 1 + k;
    const line = lines[lineNo - 1];
    if (line === undefined) throw new FormatError(file, lineNo, 1, `expected task ${k + 1}'s errands, found the end of the file (the count says ${count})`);
    let column = 1;
    for (const part of line.split(',')) {
      const trimmed = part.trim();
      if (trimmed !== '' || errands.length === offsets[k]) errands.push(location(trimmed, file, lineNo, column, grid, `task ${k + 1}'s errand`));
      column += part.length + 1;
    }
    offsets[k + 1] = errands.length;
  }
  return { count, offsets, errands: Int32Array.from(errands) };
}

/** The comment lines skipped, the count line read: its value and 1-based line number. */
function countedLines(text: string, file: string, what: string): { lines: string[]; first: number; count: number } {
  const { lines } = splitLines(text);
  let index = 0;
  while (index < lines.length && (lines[index].trimStart().startsWith('#') || lines[index].trim() === '')) index++;
  if (index >= lines.length) throw new FormatError(file, index + 1, 1, `expected the number of ${what}, found the end of the file`);
  const countText = lines[index].trim();
  if (!/^[0-9]+$/.test(countText)) throw new FormatError(file, index + 1, 1, `expected the number of ${what}, found ${quoteInput(countText)}`);
  return { lines, first: index + 1, count: Number(countText) };
}

function location(text: string, file: string, line: number, column: number, grid: Grid, what: string): number {
  if (!/^[0-9]+$/.test(text)) throw new FormatError(file, line, column, `${what}: expected a location (row * width + column), found ${quoteInput(text)}`);
  const cell = Number(text);
  if (cell >= grid.cells) throw new FormatError(file, line, column, `${what}: location ${cell} is outside the ${grid.width}x${grid.height} map (0 to ${grid.cells - 1})`);
  if (!grid.isFree(cell)) throw new FormatError(file, line, column, `${what}: location ${cell} (row ${grid.y(cell)}, column ${grid.x(cell)}) is a wall`);
  return cell;
}

/** A path relative to the problem file, for error messages. */
function siblingPath(problemFile: string, relative: string): string {
  const slash = Math.max(problemFile.lastIndexOf('/'), problemFile.lastIndexOf('\\'));
  return slash < 0 || relative.startsWith('/') ? relative : `${problemFile.slice(0, slash + 1)}${relative}`;
}

/** Line and column of a field's key in the JSON text (1, 1 when it is not there). */
export function fieldPosition(text: string, field: string): { line: number; column: number } {
  const offset = field === '' ? -1 : text.indexOf(`"${field}"`);
  if (offset < 0) return { line: 1, column: 1 };
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * The problem with `teamSize` robots whose starts are drawn from the free cells with `seed`
 * (distinct, uniform): for team sizes the agents file does not have (warehouse with 10,000).
 */
export function withDrawnStarts(problem: LorrProblem, teamSize: number, seed: number): LorrProblem {
  const free: number[] = [];
  for (let cell = 0; cell < problem.grid.cells; cell++) if (problem.grid.passable[cell] === 1) free.push(cell);
  if (teamSize > free.length) throw new RangeError(`${teamSize} robots do not fit on the map's ${free.length} free cells`);
  new Random(seed).shuffle(free);
  return { ...problem, teamSize, revealedTasks: revealedTasks(problem.numTasksReveal, teamSize), starts: Int32Array.from(free.slice(0, teamSize)) };
}

/** floor(multiplier x team size), at least one (the Start-Kit stores the product in an int). */
export function revealedTasks(numTasksReveal: number, teamSize: number): number {
  return Math.max(1, Math.floor(numTasksReveal * teamSize));
}
