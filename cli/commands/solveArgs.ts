/**
 * `mapf-lab solve`'s command line: its options and usage, and the arguments they become (a
 * Moving AI run, an app scenario or level, or a League of Robot Runners problem).
 */
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, oneOf, parseCommandLine, wholeNumber } from '../args.ts';
import type { Connectivity, CornerRule } from '../../core/grid/movement.ts';
import { COST_MODELS, type CostModel, DEFAULT_COST_MODEL } from '../../core/mapf/plan.ts';
import { LIFELONG_PLANNERS, SOLVERS, findSolver, solverNames } from '../../core/registry/registry.ts';
import { DEFAULT_LIFELONG_SCHEDULER, lifelongSchedulerNames } from '../../core/solvers/lifelong/schedulers.ts';
import { EXPORT_FORMATS, type ExportRequest, parseExports } from './solveExports.ts';
import { STRATEGIES } from '../../core/simulation/obstacleRules.ts';
import { MAX_UNITS, formatCount } from '../../core/util/limits.ts';
import { CLOCK_KINDS, type ClockKind } from '../../core/util/clock.ts';
import type { LorrArgs } from './solveLorr.ts';
import { LEVEL_OPTIONS, choicesFromFlags } from '../levelFiles.ts';
import type { LevelChoices } from '../../core/scenario/levelSourceSchema.ts';

const OPTIONS = {
  scenario: { value: 'FILE.json', help: 'an app scenario file instead of --map/--scen/--agents: its\nmap (inline, or a .map or level beside it), units, events, solver\nsettings (the defaults here) and moving obstacles; or a level file\n(Tiled .tmx/.tmj, LDtk .ldtk, PNG/JPEG plan) whose objects give the\nunits, spawners, exits, regions and doors' },
  strategy: { value: 'NAME', help: `with moving obstacles: how units planning alone replan, one\nof ${STRATEGIES.join(', ')}\n(default: predict when the scenario's knowledge is timetable,\nelse recalc when blocked); the cooperative solvers take recalc\nand watch; its parameters by --param (recalc: every,\nwhenBlocked, whenChanged, knowledge; splice: m, every, limit;\nwatch: regionSize, horizon, notifyEvery, repair, m, limit,\nknowledge); knowledge=timetable (the default when the\nscenario's units know it) plans against the timetable` },
  lorr: { value: 'FILE.json', help: 'a League of Robot Runners problem (2024 LoRR) instead of\n--map/--scen/--agents: lifelong, robots that turn, tasks of\nerrands handed out by a task scheduler (--scheduler) to robots\nmoved by a lifelong planner (--planner); prints throughput' },
  planner: { value: 'NAME', help: `with --lorr: the lifelong planner, one of\n${LIFELONG_PLANNERS.map((p) => p.name).join(', ')} (default flow-pibt); --solver NAME\nis its older name and still works` },
  scheduler: { value: 'NAME', help: `with --lorr: the task scheduler, one of ${lifelongSchedulerNames().join(', ')}\n(default ${DEFAULT_LIFELONG_SCHEDULER}: the Start-Kit's; hungarian: min-cost\nassignment that may reassign tasks not yet started; ours: the\nsame with 5 x the distance to the first errand)` },
  guidance: { value: 'FILE', help: 'with --lorr and --planner epibt: the lanes of a guidance file\n(made by mapf-lab guidance for this map) instead of alternating\nrows and columns' },
  steps: { value: 'N', help: 'with --lorr: steps to simulate (default 500)' },
  'step-limit': { value: 'MS', help: 'with --lorr: planning time per step in CPU milliseconds\n(default 1000, as the League; a step over it costs whole\nsteps of every robot waiting)' },
  'team-size': { value: 'N', help: 'with --lorr: N robots with starts drawn from the free cells\n(seeded by --seed) instead of the agents file' },
  map: { value: 'FILE.map', help: 'Moving AI map, or a level (Tiled .tmx/.tmj, LDtk .ldtk, PNG/JPEG\nplan) read with the level options below' },
  scen: { value: 'FILE.scen', help: 'Moving AI scenario; its first K agents are used' },
  agents: { value: 'K', help: `number of agents (1 to ${formatCount(MAX_UNITS)}, the lab's unit limit)` },
  solver: { value: 'NAME', help: `one of: ${solverNames().join(', ')}` },
  window: { value: 'W', help: 'search window in turns (whca); same as --param window=W' },
  param: {
    value: 'NAME=VALUE',
    multiple: true,
    // The params the app's solver panel offers, from the registry (the solvers refuse unknown ones).
    help: `any solver parameter (VALUE read as JSON when it parses); the\nsolver panel's ones, with their defaults:\n${SOLVERS.filter((s) => s.params !== undefined && s.params.length > 0)
      .map((s) => `${s.name}: ${s.params!.map((p) => `${p.name}${p.default === null ? '' : `=${p.default}`}`).join(', ')}`)
      .join('\n')}`,
  },
  connectivity: { value: '4|8', help: 'movement (default 4, as in Silver\'s experiment)' },
  corners: { value: 'no-cut|cut', help: 'diagonal corner rule with 8-connectivity (default no-cut)' },
  'turn-limit': { value: 'T', help: 'turns a run may take (default 100; offline plans play to their end)' },
  'time-limit': { value: 'S', help: 'time limit in seconds, on --time-limit-clock' },
  'time-limit-clock': {
    value: 'wall|cpu',
    help: 'the clock the limit is counted on and times are measured on: wall\n(default) or cpu (this thread\'s CPU time: a busy machine slows the run\ndown but does not use up its limit; Linux; elsewhere the process\'s)',
  },
  seed: { value: 'N', help: 'seed for the solver\'s random choices (default 0)' },
  'cost-model': {
    value: 'rest|away',
    help: 'how sumOfCosts counts, and what the optimal solvers minimise:\nrest (default): time until each agent rests on its goal for good;\naway (Standley 2010): steps not waiting on the goal',
  },
  export: {
    value: 'FORMAT=FILE',
    multiple: true,
    help: `write the run to FILE as FORMAT, one of\n${EXPORT_FORMATS.join(', ')}\n(replay: the app's replay file; planviz-qt: PlanViz Qt interchange;\nlorr, lorr-2024: League of Robot Runners JSON (2023 or 2024 LoRR)\nfor PlanViz run.py;\ntracker: MAPF tracker submission, CSV or JSON by FILE's extension)`,
  },
  json: { help: 'print one JSON object: solver, status, paths ([x, y] per turn, per\nagent in scenario order), success, arrived, costModel, sumOfCosts and\nmakespan (null unless solved), metrics, costLowerBound where the\nsolver proved one (cbs, eecbs, lacam-star), and with --scenario the\nscenario\'s measured regions (regions: name, units, firstEntry, lastExit,\nthroughput, peakThroughput, entries, crossings, turnBacks, crossingRate,\npeakCrossings, totalWait, meanWait, maxWait, maxQueue; a crossing\nleaves by another side than it entered, a turn-back by the same)' },
  ...LEVEL_OPTIONS,
} as const satisfies OptionTable;

export const USAGE = commandUsage([
  'Usage: mapf-lab solve --map FILE.map --scen FILE.scen --agents K --solver NAME [options]',
  '       mapf-lab solve --scenario FILE.json [--solver NAME | --strategy NAME] [options]',
  '       mapf-lab solve --lorr PROBLEM.json --steps N [--planner NAME] [--scheduler NAME] [--guidance FILE] [--step-limit MS] [--json] [--export lorr-2024=FILE]',
  '',
  'Runs a solver on the first K agents of a Moving AI scenario (or on an app scenario file) in',
  'the turn simulator and prints the paths it executed, each agent\'s success and the run\'s',
  'metrics. Among moving obstacles (a scenario that has them) units plan alone (independent,',
  'the default) and replan by --strategy, or a cooperative solver (lra, ca, hca, whca: --solver,',
  'else the scenario\'s own) repairs its plans by recalc or watch; --json then adds',
  'obstaclePaths ([x, y] per turn per obstacle, as executed).',
  'A scenario with streams (spawners, exits, errands) runs a turn controller (pibt, lra, ca,',
  'hca, whca, rhcr) until the turn limit (default 1000) or until nothing more comes or moves, and',
  'prints goals reached and exits per 10 turns, time in system (mean, p95, max), each',
  'spawner\'s backlog and units on the map; --json gives them per turn (streams) and each',
  'unit\'s path with null while it is not on the map. Solvers that plan once refuse a stream.',
  '',
  'The engine crowd models (orca, flow-field, detour) move units as discs in continuous space',
  '(--param radius=0.3 maxSpeed=1 acceleration=4 stepsPerTurn=4 stuckTurns=20, in cells and',
  'turns); they print, and --json returns as crowd, arrivals, stuck units, overlapping discs,',
  'waits, direction reversals and step times, and are solved only when every unit arrived and no',
  'discs overlapped by more than 10% of the radius.',
], OPTIONS, ['Exit code 0 when every agent succeeded (a stream: ran without a collision, plan valid), 1 otherwise, 2 for a bad command line.']);

export interface SolveArgs {
  /** An app scenario file; then map, scen and agents are unset. */
  scenario?: string;
  strategy?: string;
  map: string;
  scen: string;
  agents: number;
  solver: string;
  params: Record<string, unknown>;
  connectivity: Connectivity;
  corners: CornerRule;
  turnLimit?: number;
  timeLimitMs?: number;
  /** Absent: the scenario file's, else wall. */
  timeLimitClock?: ClockKind;
  seed: number;
  costModel: CostModel;
  exports: ExportRequest[];
  json: boolean;
  /** Whether --solver and --seed were given (a scenario file's settings fill in the rest). */
  solverGiven?: boolean;
  seedGiven?: boolean;
  /** Level import choices from the flags (absent: the scenario's, else the importer's guess). */
  levelChoices?: LevelChoices;
}

/** --agents K: at least 1 and at most the lab's unit limit, refused before any file is read. */
function agentCount(text: string | undefined): number {
  const agents = wholeNumber('--agents', text);
  if (agents > MAX_UNITS) throw new UsageError(`--agents ${text}: at most ${formatCount(MAX_UNITS)} units per scenario (the lab's unit limit)`);
  return agents;
}

/** --param NAME=VALUE, each VALUE read as JSON when it parses (a bare word stays a string: order=random). */
function paramValues(texts: readonly string[] | undefined): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const text of texts ?? []) {
    const split = text.indexOf('=');
    if (split <= 0) throw new UsageError(`--param needs NAME=VALUE, got '${text}'`);
    const raw = text.slice(split + 1);
    try {
      params[text.slice(0, split)] = JSON.parse(raw);
    } catch {
      params[text.slice(0, split)] = raw;
    }
  }
  return params;
}

/** --seed N: a whole number, 0 when absent. */
function seedValue(text: string | undefined): number {
  if (text === undefined) return 0;
  const seed = Number(text);
  if (text.trim() === '' || !Number.isInteger(seed)) throw new UsageError(`--seed needs a whole number, got '${text}'`);
  return seed;
}

/** `--lorr FILE`: its own options; the Moving AI and scenario ones do not apply. */
export function parseLorrArgs(args: string[]): LorrArgs {
  const { values } = parseCommandLine(OPTIONS, args);
  for (const other of ['map', 'scen', 'agents', 'scenario', 'strategy', 'connectivity', 'corners', 'window', 'turn-limit', 'cost-model'] as const) {
    if (values[other] !== undefined) throw new UsageError(`--${other}: not with --lorr (a LoRR problem names its map, robots and tasks; robots turn)`);
  }
  const exports = parseExports(values.export ?? []);
  for (const e of exports) if (e.format !== 'lorr-2024') throw new UsageError(`--export ${e.format}: with --lorr only lorr-2024 (the League's output file)`);
  const seed = seedValue(values.seed);
  const params = paramValues(values.param);
  const stepLimit = values['step-limit'] === undefined ? 1000 : Number(values['step-limit']);
  if (!(stepLimit > 0) || !Number.isFinite(stepLimit)) throw new UsageError(`--step-limit needs milliseconds > 0, got '${values['step-limit']}'`);
  // --solver is the planner's name from before schedulers were a choice of their own.
  if (values.planner !== undefined && values.solver !== undefined && values.planner !== values.solver) {
    throw new UsageError(`--planner ${values.planner} and --solver ${values.solver}: with --lorr both name the lifelong planner; give one`);
  }
  return {
    file: values.lorr!,
    planner: values.planner ?? values.solver ?? 'flow-pibt',
    plannerFlag: values.planner !== undefined ? '--planner' : values.solver !== undefined ? '--solver' : '--planner',
    scheduler: values.scheduler ?? DEFAULT_LIFELONG_SCHEDULER,
    params,
    steps: values.steps === undefined ? 500 : wholeNumber('--steps', values.steps),
    stepLimitMs: stepLimit,
    teamSize: values['team-size'] === undefined ? undefined : wholeNumber('--team-size', values['team-size']),
    timeLimitMs: values['time-limit'] === undefined ? undefined : Number(values['time-limit']) * 1000,
    seed,
    json: values.json ?? false,
    exportFile: exports.length > 0 ? exports[exports.length - 1].file : undefined,
    guidanceFile: values.guidance,
  };
}

export function parseSolveArgs(args: string[]): SolveArgs {
  const { values } = parseCommandLine(OPTIONS, args);
  const params = paramValues(values.param);
  const scenario = values.scenario;
  const levelChoices = choicesFromFlags(values);
  if (scenario !== undefined) {
    for (const other of ['map', 'scen', 'agents'] as const) {
      if (values[other] !== undefined) throw new UsageError(`--${other}: not with --scenario (the scenario file names its map and units)`);
    }
  } else {
    for (const required of ['map', 'scen', 'agents', 'solver'] as const) {
      if (values[required] === undefined) throw new UsageError(`--${required} is required`);
    }
    if (values.strategy !== undefined) throw new UsageError('--strategy: only with --scenario (a scenario with moving obstacles)');
  }
  for (const lifelong of ['planner', 'scheduler', 'guidance'] as const) {
    if (values[lifelong] !== undefined) throw new UsageError(`--${lifelong}: only with --lorr (a League of Robot Runners problem)`);
  }
  const solver = values.solver ?? 'independent';
  if (!findSolver(solver)) throw new UsageError(`--solver: unknown solver '${solver}' (known: ${solverNames().join(', ')})`);
  const connectivity = oneOf('--connectivity', values.connectivity ?? '4', ['4', '8']);
  const corners = oneOf('--corners', values.corners ?? 'no-cut', ['no-cut', 'cut'] as const);
  if (values.window !== undefined) params.window = wholeNumber('--window', values.window);
  let timeLimitMs: number | undefined;
  if (values['time-limit'] !== undefined) {
    const seconds = Number(values['time-limit']);
    if (!(seconds > 0) || !Number.isFinite(seconds)) throw new UsageError(`--time-limit needs a number of seconds > 0, got '${values['time-limit']}'`);
    timeLimitMs = seconds * 1000;
  }
  const timeLimitClock = values['time-limit-clock'] === undefined ? undefined : oneOf('--time-limit-clock', values['time-limit-clock'], CLOCK_KINDS);
  const costModel = oneOf('--cost-model', values['cost-model'] ?? DEFAULT_COST_MODEL, COST_MODELS);
  const seed = seedValue(values.seed);
  return {
    scenario,
    strategy: values.strategy,
    solverGiven: values.solver !== undefined,
    seedGiven: values.seed !== undefined,
    map: values.map ?? '',
    scen: values.scen ?? '',
    agents: scenario !== undefined ? 0 : agentCount(values.agents),
    solver,
    params,
    connectivity: Number(connectivity) as Connectivity,
    corners,
    turnLimit: values['turn-limit'] !== undefined ? wholeNumber('--turn-limit', values['turn-limit'], 0) : undefined,
    timeLimitMs,
    ...(timeLimitClock !== undefined ? { timeLimitClock } : {}),
    seed,
    costModel,
    exports: parseExports(values.export ?? []),
    json: values.json ?? false,
    ...(levelChoices !== undefined ? { levelChoices } : {}),
  };
}
