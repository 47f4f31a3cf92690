/**
 * Reading and writing the comparisons file (comparisonSchema.ts). Reading refuses another format
 * or a version this build does not know (never guesses; version 1 is the only one so far, so
 * there is nothing to migrate yet), and names what is wrong by its JSON path with the line and
 * column in the text, so "comparisons[0].rows[2].status" can be found in an editor.
 */
import { findJsonSyntaxError, locateJsonPath } from '../scenario/jsonText.ts';
import { formatPath } from '../scenario/scenarioError.ts';
import { COMPARISONS_FORMAT, COMPARISONS_VERSION, ComparisonsFileSchema, type Comparison, type ComparisonsFile } from './comparisonSchema.ts';

export class ComparisonsFileError extends Error {
  override name = 'ComparisonsFileError';
  constructor(
    readonly file: string,
    /** JSON path of the field at fault ('' for the whole file), and where it is in the text. */
    readonly path: string,
    readonly reason: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(`${line !== undefined ? `${file}:${line}:${column ?? 1}` : file}: ${path === '' ? reason : `${path}: ${reason}`}`);
  }
}

/** The side file's name for a scenario file's: "bridge.json" → "bridge.compare.json". */
export function comparisonsFileName(scenarioFileName: string): string {
  return `${scenarioFileName.replace(/\.json$/i, '')}.compare.json`;
}

export function comparisonsFile(scenario: string, comparisons: readonly Comparison[]): ComparisonsFile {
  return { format: COMPARISONS_FORMAT, version: COMPARISONS_VERSION, scenario, comparisons: comparisons.slice() };
}

/** Marks an array of numbers written on one line (a string no name can hold: it starts with U+0000). */
const ONE_LINE = '\u0000line:';

/** JSON text: two-space indentation, one line per path and per queue (a big plan stays a readable file). */
export function serializeComparisonsFile(file: ComparisonsFile): string {
  const text = JSON.stringify(file, (key, value: unknown) => {
    if (key === 'paths' || key === 'obstaclePaths') return (value as unknown[]).map((p) => ONE_LINE + JSON.stringify(p));
    if (key === 'queue') return ONE_LINE + JSON.stringify(value);
    return value;
  }, 2);
  return `${text.replace(/"\\u0000line:(\[[0-9,]*\])"/g, '$1')}\n`;
}

/** Reads a comparisons file's text; throws ComparisonsFileError saying what and where. */
export function parseComparisonsFile(text: string, fileName = '<comparisons>'): ComparisonsFile {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    const at = findJsonSyntaxError(body);
    throw new ComparisonsFileError(fileName, '', `not JSON: ${at?.reason ?? 'unreadable'}`, at?.line, at?.column);
  }
  const fail = (path: readonly PropertyKey[], reason: string): never => {
    const at = path.length > 0 ? locateJsonPath(body, path as (string | number)[]) : null;
    throw new ComparisonsFileError(fileName, formatPath(path), reason, at?.line, at?.column);
  };
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail([], 'a comparisons file is a JSON object');
  const head = data as { format?: unknown; version?: unknown };
  if (head.format !== COMPARISONS_FORMAT) fail(['format'], `not a MAPF Lab comparisons file: format is ${JSON.stringify(head.format)}, expected "${COMPARISONS_FORMAT}"`);
  if (head.version !== COMPARISONS_VERSION) fail(['version'], `version ${JSON.stringify(head.version)} is not supported (this build reads version ${COMPARISONS_VERSION})`);
  const parsed = ComparisonsFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const more = parsed.error.issues.length - 1;
    fail(issue.path, `${issue.message.replace(/^Invalid input:?\s*/, '') || 'not what a comparisons file holds here'}${more > 0 ? ` (and ${more} more problems)` : ''}`);
  }
  const file = parsed.data!;
  const ids = new Set<string>();
  file.comparisons.forEach((c, i) => {
    if (ids.has(c.id)) fail(['comparisons', i, 'id'], `id "${c.id}" is used twice`);
    ids.add(c.id);
    c.rows.forEach((row, k) => {
      if (row.paths.length > 0 && row.paths.length !== row.agents) fail(['comparisons', i, 'rows', k, 'paths'], `${row.paths.length} paths for ${row.agents} units`);
      if (row.regions.length > 0 && row.regions.length !== c.regions.length) fail(['comparisons', i, 'rows', k, 'regions'], `${row.regions.length} regions measured, the comparison names ${c.regions.length}`);
    });
  });
  return file;
}
