/**
 * The experiment file: a sweep of maps x agent counts x solvers, versioned
 * (`format: "mapf-lab/experiment", version: 1`). Silver's experiment (Silver 2005, "Experimental
 * Results") and Standley's (Standley 2010: agent counts drawn uniformly per instance, a time limit per
 * instance) are both expressible; experiments/silver2005.json is the first.
 *
 * Relative paths (maps, scenarios) are resolved by whoever reads files (the CLI: against the
 * experiment file's folder); core never touches the file system.
 */
import { z } from 'zod';
import { COST_MODELS, DEFAULT_COST_MODEL } from '../mapf/plan.ts';
import { SolverParamsSchema } from '../scenario/schema.ts';
import { LevelChoicesSchema } from '../scenario/levelSourceSchema.ts';
import { MAX_GRID_SIDE, mapCellsProblem } from '../grid/grid.ts';
import { MAX_MAP_CELLS, MAX_RUNS, MAX_UNITS, formatCount } from '../util/limits.ts';
import { ExperimentError } from './experimentError.ts';
import { CLOCK_KINDS } from '../util/clock.ts';
import { LIFELONG_PLANNERS, LIFELONG_SCHEDULERS } from '../solvers/lifelong/index.ts';
import { ExitSchema, SpawnerSchema } from '../scenario/streamSchema.ts';

export const EXPERIMENT_FORMAT = 'mapf-lab/experiment';
export const EXPERIMENT_VERSION = 1;

const whole = (min: number) => z.number().int().min(min);
/** An agent count: at most the lab's unit limit, named when refused. */
const unitCount = whole(0).max(MAX_UNITS, `at most ${formatCount(MAX_UNITS)} units per scenario (the lab's unit limit)`);

/** Random obstacle maps, one per seed (Silver 2005: 32x32, density 0.2, fill). */
const RandomMapSchema = z.object({
  kind: z.literal('random'),
  name: z.string().min(1).optional(),
  width: whole(1).max(MAX_GRID_SIDE),
  height: whole(1).max(MAX_GRID_SIDE),
  density: z.number().min(0).lt(1),
  seeds: z.array(z.number().int()).min(1),
  /** Wall off every region but the largest 4-connected one (Silver 2005). */
  fill: z.boolean().default(true),
}).strict();

/**
 * A Moving AI map with its scenarios: with scenario placement, each file is one instance. `map`
 * may be a level file instead (Tiled .tmx/.tmj, LDtk .ldtk), read with `level`'s choices (absent:
 * the importer's guess).
 */
const MovingAiMapSchema = z.object({
  kind: z.literal('movingai'),
  name: z.string().min(1).optional(),
  map: z.string().min(1),
  scen: z.array(z.string().min(1)).default([]),
  level: LevelChoicesSchema.optional(),
}).strict();

/** A small map written in the file, '.' free and '@' / 'T' walls, with optional agents [sx, sy, gx, gy]. */
const InlineMapSchema = z.object({
  kind: z.literal('inline'),
  name: z.string().min(1),
  rows: z.array(z.string().min(1).max(MAX_GRID_SIDE)).min(1).max(MAX_GRID_SIDE),
  agents: z.array(z.tuple([whole(0), whole(0), whole(0), whole(0)])).max(MAX_UNITS, `at most ${formatCount(MAX_UNITS)} units per scenario (the lab's unit limit)`).optional(),
}).strict();

/**
 * A League of Robot Runners problem (core/formats/lorrProblem.ts), run lifelong by the lifelong
 * planners for `steps` steps at `stepLimitMs` a step, at each of `teamSizes` (default: the
 * experiment's agent counts): the first robots of its agents file, or starts drawn from the free
 * cells (seeded) when the file has fewer. Its runs measure tasks finished per step (throughput).
 */
const LorrMapSchema = z.object({
  kind: z.literal('lorr'),
  name: z.string().min(1).optional(),
  problem: z.string().min(1),
  teamSizes: z.array(unitCount).min(1).optional(),
  steps: whole(1).max(100_000).default(500),
  stepLimitMs: z.number().positive().default(1000),
}).strict();

export const MapSpecSchema = z.discriminatedUnion('kind', [RandomMapSchema, MovingAiMapSchema, InlineMapSchema, LorrMapSchema]);

/** A list of agent counts, or (Standley) a count drawn uniformly in [min, max] for each of `instances`. */
const AgentCountsSchema = z.union([
  z.array(unitCount).min(1),
  z.object({ min: unitCount, max: unitCount, instances: whole(1) }).strict().refine((r) => r.max >= r.min, { message: 'max must be >= min' }),
]);

export const SolverSpecSchema = z.object({
  /** A registry name: lra, ca, hca, whca, independent, astar, od, … */
  solver: z.string().min(1),
  /** Shown in tables, e.g. 'WHCA*(16)'; defaults to the solver name. */
  label: z.string().min(1).optional(),
  params: SolverParamsSchema.default({}),
  /**
   * LoRR problems only: the task scheduler beside the lifelong planner `solver` (the League's two
   * tracks; core/solvers/lifelong/schedulers.ts), default the Start-Kit's greedy one. Listing a
   * planner once per scheduler makes the scheduler an axis of the sweep.
   */
  scheduler: z.string().min(1).optional(),
}).strict();

export const ExperimentSchema = z.object({
  format: z.literal(EXPERIMENT_FORMAT),
  version: z.literal(EXPERIMENT_VERSION),
  name: z.string().min(1),
  description: z.string().optional(),
  maps: z.array(MapSpecSchema).min(1),
  connectivity: z.union([z.literal(4), z.literal(8)]).default(4),
  corners: z.enum(['no-cut', 'cut']).default('no-cut'),
  agents: AgentCountsSchema,
  /**
   * How agents are placed: 'random' (unique starts and goals in the largest region, seeded),
   * 'scenario' (the first K of each .scen file or of an inline map's agents), or 'auto':
   * scenario where the map has one, random otherwise.
   */
  placement: z.enum(['auto', 'random', 'scenario']).default('auto'),
  solvers: z.array(SolverSpecSchema).min(1),
  /** Random placements per map, map seed and agent count (ignored for scenario placement). */
  repeats: whole(1).default(1),
  /** Seeds placements and solvers; a run's own seed is derived from it and the run's place in the sweep. */
  seed: z.number().int().default(1),
  /** Turns a run may take (Silver 2005: 100); offline plans are played to their end when omitted. */
  turnLimit: whole(1).optional(),
  /** Limit per run in seconds, on timeLimitClock (Standley 2010: 1 s for the optimal solvers). */
  timeLimitSeconds: z.number().positive().optional(),
  /**
   * The clock the limit is counted on and the init and turn times are measured on: 'wall'
   * (elapsed time, the default) or 'cpu' (the solving thread's CPU time: a busy machine slows
   * the sweep down but does not change its results). Absent means 'wall'; a file that says
   * 'wall' is the same definition (same fingerprint) as one that leaves it out.
   */
  timeLimitClock: z.enum(CLOCK_KINDS).optional().transform((clock) => (clock === 'cpu' ? clock : undefined)),
  /**
   * How the sum of costs is counted, and what the optimal solvers minimise: 'rest' (default: the
   * time until each agent rests on its goal for good, as most MAPF work, Moving AI's results and
   * the MAPF tracker count it) or 'away' (Standley 2010: the steps an agent is not waiting on its goal;
   * experiments/standley2010.json names it to reproduce the paper).
   */
  costModel: z.enum(COST_MODELS).default(DEFAULT_COST_MODEL),
  /**
   * Moving obstacles: random patrols on every map of the experiment, the same for
   * every solver of an instance. Run with solver 'independent' and params.strategy (recalc,
   * splice, watch, predict, incremental); the other solvers record an error.
   */
  obstacles: z.object({
    count: whole(0).max(10_000),
    routeLength: whole(1).max(MAX_GRID_SIDE).default(20),
    speed: whole(1).max(65535).default(1),
  }).strict().optional(),
  /**
   * A measured region: a named rectangle (corners inclusive, as in scenario files)
   * whose traffic every run records: the units that stood in it, their throughput per 10 turns
   * and the mean wait in it and next to it (core/mapf/regionMeasures.ts). A map it does not fit
   * records NaN.
   */
  region: z.object({
    name: z.string().min(1).max(80),
    from: z.tuple([whole(0), whole(0)]),
    to: z.tuple([whole(0), whole(0)]),
  }).strict().optional(),
  /**
   * A stream (units that keep coming): spawners and exits in the scenario file's form (version
   * 4), the same cells on every map. Runs with a turn controller (pibt, whca, rhcr, …) as
   * `mapf-lab solve --scenario` runs a stream, for `turnLimit` turns (default 1,000), and records
   * the stream columns (throughput, time in system, backlog). Agent counts may then be 0: units
   * placed besides the spawned ones.
   */
  streams: z.object({
    spawners: z.array(SpawnerSchema).min(1),
    exits: z.array(ExitSchema).default([]),
  }).strict().optional(),
  /**
   * The region is a door: chart its flow per metre of width against the width, beside the
   * pedestrian experiments' line (report/doorFlow.ts), with a cell this many metres wide and a
   * turn this many seconds long. The width is the region's free cells on each inline map.
   */
  doorFlow: z.object({
    cellMetres: z.number().positive().max(1000),
    turnSeconds: z.number().positive().max(3600),
  }).strict().optional(),
}).strict();

export type Experiment = z.infer<typeof ExperimentSchema>;

/** Whether `text` is JSON that says it is an experiment file (before any full validation). */
export function looksLikeExperiment(text: string): boolean {
  try {
    return (JSON.parse(text) as { format?: unknown } | null)?.format === EXPERIMENT_FORMAT;
  } catch {
    return false;
  }
}
export type MapSpec = z.infer<typeof MapSpecSchema>;
export type SolverSpec = z.infer<typeof SolverSpecSchema>;

/** A solver setting's label: its own, else the solver's name, with the scheduler's when one is named. */
export function solverLabel(solver: { solver: string; label?: string; scheduler?: string }): string {
  return solver.label ?? (solver.scheduler === undefined ? solver.solver : `${solver.solver} + ${solver.scheduler}`);
}

export { ExperimentError };

function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out === '' ? '(top level)' : out;
}

/**
 * Parses and checks an experiment (already JSON-decoded). `solverNames` are the registry's: an
 * unknown solver is reported with the allowed names. Throws ExperimentError.
 */
export function parseExperiment(json: unknown, solverNames?: readonly string[]): Experiment {
  const header = json as { format?: unknown; version?: unknown } | null;
  if (header && typeof header === 'object' && header.format === EXPERIMENT_FORMAT && typeof header.version === 'number' && header.version > EXPERIMENT_VERSION) {
    throw new ExperimentError([`version: experiment version ${header.version} is newer than this program reads (${EXPERIMENT_VERSION})`]);
  }
  const parsed = ExperimentSchema.safeParse(json);
  if (!parsed.success) {
    throw new ExperimentError(parsed.error.issues.map((issue) => `${fieldPath(issue.path)}: ${issue.message}`));
  }
  const experiment = parsed.data;
  const problems: string[] = [];
  // LoRR problems run with the lifelong planners only, and they run nothing else.
  const lorrMaps = experiment.maps.filter((m) => m.kind === 'lorr').length;
  const lifelong = LIFELONG_PLANNERS.map((p) => p.name);
  if (lorrMaps > 0 && lorrMaps < experiment.maps.length) problems.push('maps: LoRR problems (kind \'lorr\') run with the lifelong planners, the other maps with the MAPF solvers; put them in experiments of their own');
  const schedulers = LIFELONG_SCHEDULERS.map((s) => s.name);
  experiment.solvers.forEach((s, i) => {
    if (lorrMaps > 0) {
      if (!lifelong.includes(s.solver)) problems.push(`solvers[${i}].solver: '${s.solver}' does not run LoRR problems (lifelong planners: ${lifelong.join(', ')})`);
      if (s.scheduler !== undefined && !schedulers.includes(s.scheduler)) problems.push(`solvers[${i}].scheduler: unknown task scheduler '${s.scheduler}' (known: ${schedulers.join(', ')})`);
    } else {
      if (solverNames && !solverNames.includes(s.solver)) problems.push(`solvers[${i}].solver: unknown solver '${s.solver}' (known: ${solverNames.join(', ')})`);
      if (s.scheduler !== undefined) problems.push(`solvers[${i}].scheduler: a task scheduler runs only on LoRR problems (maps of kind 'lorr')`);
    }
  });
  if (lorrMaps > 0 && !Array.isArray(experiment.agents) && experiment.maps.some((m) => m.kind === 'lorr' && !m.teamSizes)) {
    problems.push('agents: a LoRR problem without teamSizes takes the experiment\'s agent counts, which must be a list');
  }
  const labels = new Set<string>();
  experiment.solvers.forEach((s, i) => {
    const label = solverLabel(s);
    if (labels.has(label)) problems.push(`solvers[${i}].label: '${label}' is used twice; give each solver setting its own label`);
    labels.add(label);
  });
  experiment.maps.forEach((m, i) => {
    if (experiment.placement === 'scenario') {
      if (m.kind === 'random') problems.push(`maps[${i}]: a random map has no scenario; use placement 'random' or 'auto'`);
      if (m.kind === 'movingai' && m.scen.length === 0) problems.push(`maps[${i}].scen: placement 'scenario' needs at least one .scen file`);
      if (m.kind === 'inline' && !m.agents) problems.push(`maps[${i}].agents: placement 'scenario' needs the map's agents`);
    }
    if (m.kind === 'inline') {
      const width = m.rows[0].length;
      m.rows.forEach((row, y) => {
        if (row.length !== width) problems.push(`maps[${i}].rows[${y}]: row has ${row.length} cells, expected ${width}`);
      });
    }
    const size = m.kind === 'random' ? [m.width, m.height] : m.kind === 'inline' ? [m.rows[0].length, m.rows.length] : null;
    if (size && size[0] * size[1] > MAX_MAP_CELLS) {
      problems.push(`maps[${i}]: ${mapCellsProblem(size[0], size[1])}`);
    }
  });
  const counts = Array.isArray(experiment.agents) ? experiment.agents : [experiment.agents.min];
  if (!experiment.streams && counts.some((k) => k === 0)) problems.push('agents: 0 units is a stream experiment\'s count (units besides the spawned ones); without streams give at least 1');
  if (experiment.streams) {
    const exits = new Set(experiment.streams.exits.map((e) => e.name));
    experiment.streams.spawners.forEach((s, i) => {
      const targets = [s.goal, ...(s.errands?.goals ?? [])];
      for (const t of targets) if (t.exit !== undefined && !exits.has(t.exit)) problems.push(`streams.spawners[${i}]: spawner '${s.name}' goes to exit '${t.exit}', which the experiment's streams do not have (exits: ${[...exits].map((e) => `'${e}'`).join(', ') || 'none'})`);
      for (const t of targets) if (t.region !== undefined && t.region !== experiment.region?.name) problems.push(`streams.spawners[${i}]: spawner '${s.name}' goes to region '${t.region}'; the experiment's region is ${experiment.region ? `'${experiment.region.name}'` : 'not given'}`);
      if (s.errands?.tasks !== undefined) problems.push(`streams.spawners[${i}].errands.tasks: task lists are not part of an experiment's streams; give the goals`);
    });
  }
  // Counted, not planned: a definition of 1e9 runs is refused at once.
  const runs = runCountProblem(experiment);
  if (runs !== null) problems.push(runs);
  if (problems.length > 0) throw new ExperimentError(problems);
  return experiment;
}

/** The JSON Schema of the file, for the app's editor (input shape: defaulted fields optional). */
export function experimentJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ExperimentSchema, { io: 'input' }) as Record<string, unknown>;
}

/**
 * How many runs `planRuns` would plan, counted without building them (as planRuns nests them:
 * per map its instances, each with its repeats, each with its agent counts, each with every solver).
 */
export function countRuns(experiment: Experiment): number {
  const counts = Array.isArray(experiment.agents) ? experiment.agents.length : experiment.agents.instances;
  const wantScenario = experiment.placement !== 'random';
  let total = 0;
  for (const spec of experiment.maps) {
    let instances: number;
    if (spec.kind === 'random') instances = spec.seeds.length * experiment.repeats;
    else if (spec.kind === 'movingai') instances = wantScenario && spec.scen.length > 0 ? spec.scen.length : experiment.repeats;
    else if (spec.kind === 'lorr') instances = experiment.repeats;
    else instances = wantScenario && spec.agents ? 1 : experiment.repeats;
    total += instances * (spec.kind === 'lorr' && spec.teamSizes ? spec.teamSizes.length : counts) * experiment.solvers.length;
  }
  return total;
}

/** The problem line of an experiment past MAX_RUNS (saying how many it asks for and what multiplies up), or null. */
export function runCountProblem(experiment: Experiment): string | null {
  const runs = countRuns(experiment);
  if (runs <= MAX_RUNS) return null;
  const counts = Array.isArray(experiment.agents) ? experiment.agents.length : experiment.agents.instances;
  return `(top level): this experiment asks for ${formatCount(runs)} runs (maps and their seeds or scenarios x repeats ${experiment.repeats} x agent counts ${counts} x solvers ${experiment.solvers.length}); at most ${formatCount(MAX_RUNS)} per experiment (the lab's run limit): lower repeats, seeds, agent counts or solvers, or split it into several experiments`;
}
