/**
 * What the scenario loader throws: every problem it found, each naming the field by its JSON
 * path ("agents[2].start") and, where the text is at hand, the line and column, so the JSON
 * editor can put a marker on it and the terminal shows `file:line:column: path: reason`.
 */
export interface ScenarioProblem {
  /** JSON path of the field at fault ("agents[2].start"); '' for the whole file or a syntax error. */
  path: string;
  /** What is wrong, without the location. */
  message: string;
  /** 1-based line and column of the field (or of the syntax error) in the text, when known. */
  line?: number;
  column?: number;
}

export class ScenarioError extends Error {
  override name = 'ScenarioError';
  readonly file: string;
  readonly problems: readonly ScenarioProblem[];

  constructor(file: string, problems: readonly ScenarioProblem[]) {
    super(problems.map((p) => formatProblem(file, p)).join('\n'));
    this.file = file;
    this.problems = problems;
  }
}

export function formatProblem(file: string, problem: ScenarioProblem): string {
  const where = problem.line !== undefined ? `${file}:${problem.line}:${problem.column ?? 1}` : file;
  return problem.path === '' ? `${where}: ${problem.message}` : `${where}: ${problem.path}: ${problem.message}`;
}

export type PathKey = string | number;

/** ["agents", 2, "start"] -> "agents[2].start". */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out;
}
