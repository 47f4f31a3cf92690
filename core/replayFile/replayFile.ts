/**
 * Writing and reading replay files (schema.ts): the simulator's Replay with cells as [x, y],
 * plus the scenario facts and the solver's figures. Reading refuses another format or a version
 * this build does not know (never guesses), and checks every cell against the map's size, so a
 * file that parses gives a Replay checkReplay accepts.
 */
import { formatPath } from '../scenario/scenarioError.ts';
import type { MapEvent, ScenarioAgent } from '../scenario/schema.ts';
import { REPLAY_FORMAT, REPLAY_VERSION, checkReplay, type Replay } from '../contract/replay.ts';
import type { TurnEvent } from '../contract/controller.ts';
import { ABSENT } from '../mapf/plan.ts';
import { REPLAY_FILE_FORMAT, REPLAY_FILE_VERSION, REPLAY_FILE_VERSIONS, ReplayFileSchema, type ReplayFile, type ReplayFileEvent } from './schema.ts';

export class ReplayFileError extends Error {
  override name = 'ReplayFileError';
}

/** Everything a replay file holds besides the replay itself. */
export type ReplayFileInfo = Omit<ReplayFile, 'format' | 'version' | 'width' | 'height' | 'turns' | 'positions' | 'events' | 'mapChanges' | 'units' | 'mapEvents' | 'streams'> & {
  streams?: ReplayFile['streams'];
  units: readonly ScenarioAgent[];
  mapEvents: readonly MapEvent[];
};

/** The file form of `replay` (cells as [x, y]). */
export function replayFileFromReplay(replay: Replay, info: ReplayFileInfo): ReplayFile {
  checkReplay(replay);
  const { width, agents } = replay;
  if (info.units.length !== agents) throw new ReplayFileError(`the replay has ${agents} units but ${info.units.length} are described`);
  const xy = (cell: number): [number, number] => [cell % width, Math.floor(cell / width)];
  const positions: number[][] = [];
  for (let t = 0; t <= replay.turns; t++) {
    const row = new Array<number>(2 * agents);
    for (let a = 0; a < agents; a++) {
      const cell = replay.positions[t * agents + a];
      // ABSENT (-1): a stream's unit off the map, written [-1, -1].
      row[2 * a] = cell < 0 ? -1 : cell % width;
      row[2 * a + 1] = cell < 0 ? -1 : Math.floor(cell / width);
    }
    positions.push(row);
  }
  const events = replay.events.map((e): ReplayFileEvent => {
    const out: ReplayFileEvent = { kind: e.kind, t: e.t, agent: e.agent };
    if (e.others && e.others.length > 0) out.others = e.others.slice();
    if (e.cell !== undefined && e.cell >= 0) out.cell = xy(e.cell);
    if (e.detail !== undefined) out.detail = e.detail;
    return out;
  });
  return {
    format: REPLAY_FILE_FORMAT,
    version: REPLAY_FILE_VERSION,
    name: info.name,
    map: info.map,
    width: replay.width,
    height: replay.height,
    connectivity: info.connectivity,
    corners: info.corners,
    units: info.units.map((u) => ({ ...u, start: [u.start[0], u.start[1]], goal: [u.goal[0], u.goal[1]] })),
    turns: replay.turns,
    positions,
    events,
    mapChanges: replay.mapChanges.map((c) => ({ t: c.t, cells: c.cells.map(xy), action: c.passable ? 'open' : 'close' })),
    mapEvents: info.mapEvents.map((e) => ({ t: e.t, cells: e.cells.map(([x, y]) => [x, y] as [number, number]), action: e.action })),
    solver: info.solver,
    ...(info.streams ? { streams: info.streams } : {}),
    metrics: info.metrics,
  };
}

/** JSON text of a replay file: two-space indentation, one line per turn of positions. */
export function serializeReplayFile(file: ReplayFile): string {
  const entries = Object.entries(file).map(([key, value]) => {
    if (key === 'positions') {
      const rows = (value as number[][]).map((row) => `    ${JSON.stringify(row)}`);
      return rows.length === 0 ? '  "positions": []' : `  "positions": [\n${rows.join(',\n')}\n  ]`;
    }
    return `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`;
  });
  return `{\n${entries.join(',\n')}\n}\n`;
}

/** The value at `path` in `data`, or undefined. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A short JSON view of a value for a message. */
function shown(value: unknown): string {
  // An object or array is named, not written out: a hostile file nests thousands deep, and
  // JSON.stringify of it overflows the stack (the fuzzers' replay with params 5,000 deep).
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** What is wrong at one place, saying what was found: "missing, expected a string", "expected a number, found \"12\"". */
function issueText(issue: { code: string; message: string; expected?: unknown }, value: unknown): string {
  if (issue.code === 'invalid_type') {
    const expected = String(issue.expected);
    const article = /^[aeiou]/.test(expected) ? 'an' : 'a';
    return value === undefined ? `missing, expected ${article} ${expected}` : `expected ${article} ${expected}, found ${shown(value)}`;
  }
  const reason = issue.message.replace(/^Invalid input:?\s*/, '');
  return `${reason === '' ? 'not what a replay file holds here' : reason}, found ${shown(value)}`;
}

/** Reads a replay file's text; throws ReplayFileError saying what and where ("positions[3]: …"). */
export function parseReplayFile(text: string, fileName = '<replay>'): ReplayFile {
  const fail = (message: string): never => {
    throw new ReplayFileError(`${fileName}: ${message}`);
  };
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    fail(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('a replay file is a JSON object');
  const head = data as { format?: unknown; version?: unknown };
  if (head.format !== REPLAY_FILE_FORMAT) fail(`not a MAPF Lab replay: format is ${JSON.stringify(head.format)}, expected "${REPLAY_FILE_FORMAT}"`);
  if (!REPLAY_FILE_VERSIONS.includes(head.version as number)) {
    fail(`replay file version ${JSON.stringify(head.version)} is not supported (this build reads versions ${REPLAY_FILE_VERSIONS.join(' and ')})`);
  }
  const parsed = ReplayFileSchema.safeParse(data);
  if (!parsed.success) {
    // Up to three problems, each with what was found there ('name: Invalid input' said neither).
    const issues = parsed.error.issues;
    const shown = issues.slice(0, 3).map((issue) => `${formatPath(issue.path)}: ${issueText(issue, valueAt(data, issue.path))}`);
    fail(`${shown.join('; ')}${issues.length > 3 ? `; ${issues.length - 3} more` : ''}`);
  }
  // Version 1 migrates to 2 as it is: it adds only what a batch does not have.
  const file = { ...parsed.data!, version: REPLAY_FILE_VERSION } as ReplayFile;
  const readVersion = parsed.data!.version;
  const { width, height } = file;
  if (file.map.kind === 'inline' && (file.map.rows.length !== height || file.map.rows.some((r) => r.length !== width))) {
    fail(`map: the inline rows are not ${width}x${height}`);
  }
  const inside = (path: string, [x, y]: readonly [number, number]) => {
    if (x >= width || y >= height) fail(`${path}: cell (${x}, ${y}) is outside the ${width}x${height} map`);
  };
  const units = file.units.length;
  if (file.positions.length !== file.turns + 1) fail(`positions: ${file.positions.length} turns of positions, expected turns + 1 = ${file.turns + 1}`);
  file.positions.forEach((row, t) => {
    if (row.length !== 2 * units) fail(`positions[${t}]: ${row.length} numbers, expected 2 per unit = ${2 * units}`);
    for (let a = 0; a < units; a++) {
      const [x, y] = [row[2 * a], row[2 * a + 1]];
      // Off the map is [-1, -1], in version 2 only (a version-1 file holds a batch).
      if (x === -1 && y === -1 && readVersion >= 2) continue;
      if (x < 0 || y < 0) fail(`positions[${t}]: unit ${a + 1} at (${x}, ${y}): a cell has x, y >= 0${readVersion >= 2 ? ', or [-1, -1] off the map' : ''}`);
      inside(`positions[${t}]`, [x, y]);
    }
  });
  if (file.streams && file.streams.placed > units) fail(`streams.placed: ${file.streams.placed} units placed, but the file has ${units}`);
  file.units.forEach((u, i) => {
    inside(`units[${i}].start`, u.start);
    inside(`units[${i}].goal`, u.goal);
  });
  file.events.forEach((e, i) => {
    if (e.agent >= units) fail(`events[${i}].agent: unit ${e.agent} does not exist (${units} units)`);
    if (e.cell) inside(`events[${i}].cell`, e.cell);
  });
  file.mapChanges.forEach((c, i) => c.cells.forEach((cell, k) => inside(`mapChanges[${i}].cells[${k}]`, cell)));
  file.mapEvents.forEach((e, i) => e.cells.forEach((cell, k) => inside(`mapEvents[${i}].cells[${k}]`, cell)));
  return file;
}

/** The simulator's Replay of a (parsed) replay file: cells as numbers, positions one typed array. */
export function replayFromReplayFile(file: ReplayFile): Replay {
  const { width } = file;
  const agents = file.units.length;
  const positions = new Int32Array((file.turns + 1) * agents);
  file.positions.forEach((row, t) => {
    for (let a = 0; a < agents; a++) positions[t * agents + a] = row[2 * a] < 0 ? ABSENT : row[2 * a + 1] * width + row[2 * a];
  });
  const events = file.events.map((e): TurnEvent => {
    const out: TurnEvent = { kind: e.kind, t: e.t, agent: e.agent };
    if (e.others) out.others = e.others.slice();
    if (e.cell) out.cell = e.cell[1] * width + e.cell[0];
    if (e.detail !== undefined) out.detail = e.detail;
    return out;
  });
  const replay: Replay = {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    width,
    height: file.height,
    agents,
    turns: file.turns,
    positions,
    events,
    mapChanges: file.mapChanges.map((c) => ({ t: c.t, cells: c.cells.map(([x, y]) => y * width + x), passable: c.action === 'open' })),
  };
  checkReplay(replay);
  return replay;
}
