/**
 * Loading a scenario file: JSON text -> migrated to the current version -> checked against the
 * schema -> units filled in -> checked against the map. Every problem found is reported at once
 * in a ScenarioError, each with its JSON path and the line and column of the field in the text.
 */
import type { Grid } from '../grid/grid.ts';
import { ScenarioSchema, type Scenario, UNITS_LIMIT_MESSAGE } from './schema.ts';
import { MAX_UNITS, formatCount } from '../util/limits.ts';
import { migrateScenarioJson } from './migrations.ts';
import { checkScenarioOnGrid, checkScenarioStructure } from './checks.ts';
import { gridFromInlineMap } from './inlineMap.ts';
import { completeAgent } from './content.ts';
import { findJsonSyntaxError, locateJsonPaths, positionAt } from './jsonText.ts';
import { countTopLevelArray } from './jsonArrayCount.ts';
import { ScenarioError, formatPath, type PathKey, type ScenarioProblem } from './scenarioError.ts';

export interface ScenarioParseOptions {
  /** The solver registry's names; an unknown solver is then a problem naming the known ones. */
  solverNames?: readonly string[];
  /** For a scenario whose map is a file: its grid, so units and events are checked too. */
  mapGrid?: Grid;
}

/**
 * Refuses a scenario file of more than MAX_UNITS units by counting them in the text, before
 * JSON.parse builds each as an object (10^6 units took 4.5-5.3 s and 600 MB that way). Throws
 * ScenarioError at the units' line and column.
 */
export function refuseOverUnitLimit(text: string, fileName: string): void {
  const units = countTopLevelArray(text, 'agents', MAX_UNITS);
  if (units === null || units.count <= MAX_UNITS) return;
  const at = positionAt(text, units.offset);
  throw new ScenarioError(fileName, [{ path: 'agents', message: `more than ${formatCount(MAX_UNITS)} units; ${UNITS_LIMIT_MESSAGE}`, line: at.line, column: at.column }]);
}

/** Parses a scenario file's text; `fileName` appears in error messages. Throws ScenarioError. */
export function parseScenarioJson(text: string, fileName: string, options: ScenarioParseOptions = {}): Scenario {
  // Some Windows editors start UTF-8 files with a byte order mark, which JSON.parse rejects.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  refuseOverUnitLimit(text, fileName);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const syntax = findJsonSyntaxError(text);
    const where = syntax ?? { line: 1, column: 1, reason: 'not valid JSON' };
    throw new ScenarioError(fileName, [{ path: '', message: `JSON syntax error: ${where.reason}`, line: where.line, column: where.column }]);
  }
  const migrated = migrateScenarioJson(json, fileName);
  if (!migrated.ok) throw located(text, fileName, migrated.problems);
  const parsed = ScenarioSchema.safeParse(migrated.json);
  if (!parsed.success) {
    throw located(text, fileName, parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })));
  }
  const scenario: Scenario = { ...parsed.data, agents: parsed.data.agents.map(completeAgent) };
  const problems = checkScenarioStructure(scenario, options.solverNames);
  if (problems.length === 0) {
    const grid = scenario.map.kind === 'inline' ? gridFromInlineMap(scenario.map) : options.mapGrid;
    if (grid) problems.push(...checkScenarioOnGrid(scenario, grid));
  }
  if (problems.length > 0) throw located(text, fileName, problems);
  return scenario;
}

/** Adds the line and column of each problem's field (all found in one scan of the text). */
function located(text: string, fileName: string, problems: readonly ScenarioProblem[]): ScenarioError {
  const unplaced = problems.filter((problem) => problem.line === undefined);
  const positions = locateJsonPaths(text, unplaced.map((problem) => parsePath(problem.path)));
  const at = new Map(unplaced.map((problem, i) => [problem, positions[i]]));
  return new ScenarioError(fileName, problems.map((problem) => {
    const position = at.get(problem);
    return position ? { ...problem, line: position.line, column: position.column } : problem;
  }));
}

/** "agents[2].start" -> ["agents", 2, "start"]. */
function parsePath(path: string): PathKey[] {
  const keys: PathKey[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) keys.push(match[2] !== undefined ? Number(match[2]) : match[1]);
  return keys;
}
