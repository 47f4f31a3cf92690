/**
 * The lab form's common fields over the experiment JSON: each edit in the form rewrites the
 * definition (the JSON editor shows the result), and the form reads what the text holds. Pure:
 * text and objects in, text and objects out. The schema itself (core/experiments/schema.ts)
 * stays the judge of what is valid.
 */
import { EXPERIMENT_FORMAT, EXPERIMENT_VERSION } from '../../../core/experiments/schema.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { LIFELONG_PLANNERS, solverNames } from '../../../core/registry/registry.ts';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { checkScenario, parseScenario } from '../../../core/formats/movingAiScenario.ts';
import { fileName, fileStem } from '../../../core/util/names.ts';

export type ExperimentJson = Record<string, unknown>;

/** A small sweep a first visit can run at once: random 16×16 maps, two cooperative solvers. */
export function defaultExperiment(): ExperimentJson {
  return {
    format: EXPERIMENT_FORMAT,
    version: EXPERIMENT_VERSION,
    name: 'lab-sweep',
    description: 'How does success fall as units are added?',
    maps: [{ kind: 'random', name: 'random-16', width: 16, height: 16, density: 0.2, seeds: [1, 2, 3] }],
    agents: [4, 8, 12, 16],
    placement: 'random',
    solvers: [
      { solver: 'whca', label: 'WHCA*(8)', params: { window: 8 } },
      { solver: 'lra', label: 'LRA*', params: {} },
    ],
    repeats: 2,
    seed: 1,
    turnLimit: 100,
  };
}

export function experimentText(json: ExperimentJson): string {
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** The JSON object the text holds, or null when it is not a JSON object (the editor shows why). */
export function readExperimentJson(text: string): ExperimentJson | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as ExperimentJson) : null;
  } catch {
    return null;
  }
}

/**
 * Whole numbers from "4, 8, 12" or ranges "2-10:2" (from 2 to 10 in steps of 2) and "1-5".
 * Throws a RangeError naming the part it cannot read.
 */
export function parseIntList(text: string): number[] {
  const out: number[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    if (raw === '') continue;
    const range = /^(-?\d+)-(-?\d+)(?::(\d+))?$/.exec(raw);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      const step = range[3] === undefined ? 1 : Number(range[3]);
      if (step < 1 || to < from) throw new RangeError(`'${raw}': a range is FROM-TO or FROM-TO:STEP with FROM <= TO and STEP >= 1`);
      if ((to - from) / step > 10_000) throw new RangeError(`'${raw}': more than 10,000 values`);
      for (let v = from; v <= to; v += step) out.push(v);
    } else if (/^-?\d+$/.test(raw)) {
      out.push(Number(raw));
    } else {
      throw new RangeError(`'${raw}' is not a whole number or a range like 2-10:2`);
    }
  }
  if (out.length === 0) throw new RangeError('give at least one number');
  return out;
}

export function formatIntList(values: unknown): string {
  return Array.isArray(values) ? values.join(', ') : '';
}

/** The experiment with one top-level field set, or removed when `value` is undefined. Keeps the field order. */
export function withField(json: ExperimentJson, field: string, value: unknown): ExperimentJson {
  const out: ExperimentJson = { ...json };
  if (value === undefined) delete out[field];
  else out[field] = value;
  return out;
}

/** An optional positive number field from a form input: '' removes it. */
export function optionalNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw new RangeError(`'${text}' is not a number`);
  return value;
}

export interface SolverRow {
  solver: string;
  label: string;
  /** The params as JSON text, '{}' for none. */
  params: string;
  /** LoRR problems: the task scheduler ('' or absent for the default, the Start-Kit's greedy one). */
  scheduler?: string;
}

export function solverRows(json: ExperimentJson): SolverRow[] {
  const solvers = Array.isArray(json.solvers) ? json.solvers : [];
  return solvers.map((s: unknown) => {
    const o = (s ?? {}) as Record<string, unknown>;
    return { solver: String(o.solver ?? ''), label: typeof o.label === 'string' ? o.label : '', params: JSON.stringify(o.params ?? {}), scheduler: typeof o.scheduler === 'string' ? o.scheduler : '' };
  });
}

/** Solver rows back into the definition; a params text that is not a JSON object throws, naming the row. */
export function withSolvers(json: ExperimentJson, rows: readonly SolverRow[]): ExperimentJson {
  const solvers = rows.map((row, i) => {
    let params: unknown;
    try {
      params = JSON.parse(row.params.trim() === '' ? '{}' : row.params);
    } catch {
      throw new RangeError(`solver ${i + 1}: parameters must be a JSON object like {"window": 16}`);
    }
    if (params === null || typeof params !== 'object' || Array.isArray(params)) throw new RangeError(`solver ${i + 1}: parameters must be a JSON object like {"window": 16}`);
    const out: Record<string, unknown> = { solver: row.solver };
    if (row.label.trim() !== '') out.label = row.label.trim();
    if (row.scheduler !== undefined && row.scheduler !== '') out.scheduler = row.scheduler;
    out.params = params;
    return out;
  });
  return withField(json, 'solvers', solvers);
}

/** A one-line description of a map entry for the form's list. */
export function describeMap(spec: unknown): string {
  const m = (spec ?? {}) as Record<string, unknown>;
  const name = typeof m.name === 'string' ? `${m.name}: ` : '';
  if (m.kind === 'random') {
    const seeds = Array.isArray(m.seeds) ? m.seeds.length : 0;
    return `${name}random ${String(m.width)}×${String(m.height)}, ${Math.round(Number(m.density) * 100)}% walls, ${seeds} seed${seeds === 1 ? '' : 's'}`;
  }
  if (m.kind === 'inline') {
    const rows = Array.isArray(m.rows) ? (m.rows as string[]) : [];
    const agents = Array.isArray(m.agents) ? `, ${m.agents.length} units` : '';
    return `${name}inline ${rows[0]?.length ?? 0}×${rows.length}${agents}`;
  }
  if (m.kind === 'movingai') return `${name}Moving AI ${String(m.map)}`;
  if (m.kind === 'lorr') {
    // The schema's defaults where the entry leaves them out.
    const sizes = Array.isArray(m.teamSizes) ? `, ${m.teamSizes.length === 1 ? 'team size' : 'team sizes'} ${m.teamSizes.join(', ')}` : '';
    return `${name}LoRR problem ${fileName(String(m.problem))}${sizes}, ${String(m.steps ?? 500)} steps at ${String(m.stepLimitMs ?? 1000)} ms a step`;
  }
  return `${name}unknown kind '${String(m.kind)}'`;
}

export function randomMapSpec(width: number, height: number, density: number, seeds: number[]): Record<string, unknown> {
  return { kind: 'random', name: `random-${width}x${height}-${Math.round(density * 100)}`, width, height, density, seeds };
}

/**
 * The editor's current map as an inline map ('.' free, '@' wall), with its units as the map's
 * agents so that placement 'scenario' (or 'auto') runs the first K of them; 'random' places
 * units anew on the same walls.
 */
export function inlineMapSpec(name: string, grid: Grid, units: readonly { start: readonly [number, number]; goal: readonly [number, number] }[]): Record<string, unknown> {
  const rows = grid.toAscii();
  const spec: Record<string, unknown> = { kind: 'inline', name, rows };
  if (units.length > 0) spec.agents = units.map((u) => [u.start[0], u.start[1], u.goal[0], u.goal[1]]);
  return spec;
}

export function withMaps(json: ExperimentJson, maps: readonly unknown[]): ExperimentJson {
  return withField(json, 'maps', maps);
}

export function mapsOf(json: ExperimentJson): unknown[] {
  return Array.isArray(json.maps) ? json.maps : [];
}

/** The solvers the form offers: LoRR problems run with the lifelong planners only, other maps with the MAPF solvers. */
export function solverChoices(json: ExperimentJson): string[] {
  return hasLorrMaps(json) ? LIFELONG_PLANNERS.map((p) => p.name) : solverNames();
}

/** Whether the experiment runs LoRR problems (then each solver row also names a task scheduler). */
export function hasLorrMaps(json: ExperimentJson): boolean {
  return mapsOf(json).some((m) => (m as { kind?: unknown } | null)?.kind === 'lorr');
}

/**
 * A Moving AI .map opened in the app, as an inline map: the page has no file system to read it
 * from at run time, so the experiment carries the map itself. Throws the format's error.
 */
export function movingAiMapSpec(fileName: string, text: string): Record<string, unknown> {
  const map = parseMap(text, fileName);
  return { kind: 'inline', name: fileStem(fileName, /\.(map|scen)$/i), rows: map.grid.toAscii() };
}

/** The inline map with a .scen file's queries as its agents (placement 'scenario' runs the first K). */
export function withScenarioAgents(spec: Record<string, unknown>, fileName: string, text: string): Record<string, unknown> {
  if (spec.kind !== 'inline' || !Array.isArray(spec.rows)) throw new RangeError('a scenario file goes with an inline map (add a .map first)');
  const grid = Grid.fromAscii(spec.rows as string[]);
  const scenario = parseScenario(text, fileName);
  checkScenario(scenario, grid, fileName, String(spec.name ?? 'the map'));
  return { ...spec, agents: scenario.entries.map((e) => [e.startX, e.startY, e.goalX, e.goalY]) };
}

/**
 * Agent counts: a list ("4, 8, 12", "2-10:2") or Standley's draw, "2-60x10": a count drawn
 * uniformly in 2..60 for each of 10 instances per map. Throws a RangeError saying what is wrong.
 */
export function parseAgents(text: string): number[] | { min: number; max: number; instances: number } {
  const draw = /^\s*(\d+)\s*-\s*(\d+)\s*[x×]\s*(\d+)\s*$/.exec(text);
  if (!draw) return parseIntList(text);
  const [min, max, instances] = [Number(draw[1]), Number(draw[2]), Number(draw[3])];
  if (min < 1 || max < min || instances < 1) throw new RangeError(`'${text.trim()}': a draw is MIN-MAXxINSTANCES with 1 <= MIN <= MAX and INSTANCES >= 1`);
  return { min, max, instances };
}

export function formatAgents(agents: unknown): string {
  if (Array.isArray(agents)) return formatIntList(agents);
  const a = (agents ?? {}) as { min?: unknown; max?: unknown; instances?: unknown };
  return typeof a.min === 'number' && typeof a.max === 'number' && typeof a.instances === 'number' ? `${a.min}-${a.max}x${a.instances}` : '';
}

/** The experiment with map `index`'s seeds replaced (random maps: one map per seed). */
export function withMapSeeds(json: ExperimentJson, index: number, seeds: number[]): ExperimentJson {
  const maps = mapsOf(json);
  const spec = maps[index] as Record<string, unknown> | undefined;
  if (!spec || spec.kind !== 'random') throw new RangeError(`map ${index + 1} is not a random map`);
  return withMaps(json, maps.map((m, i) => (i === index ? { ...spec, seeds } : m)));
}
