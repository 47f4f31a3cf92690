/**
 * `mapf-lab solve`: runs one registry solver on the first K agents of a Moving AI scenario, in the
 * turn simulator, and prints the executed paths with Silver's metrics (Silver 2005, "Experimental
 * Results"). Online solvers (lra, ca, hca, whca) run turn by turn; offline ones (independent, the
 * optimal solvers) solve first and their plan is played through the same simulator.
 */
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { readTextFile } from '../files.ts';
import { type OptionTable, commandUsage, oneOf, parseCommandLine, wholeNumber } from '../args.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { checkScenario, parseScenario } from '../../core/formats/movingAiScenario.ts';
import type { Connectivity, CornerRule } from '../../core/grid/movement.ts';
import type { MapfInstance } from '../../core/mapf/instance.ts';
import { COST_MODELS, type CostModel, DEFAULT_COST_MODEL, arrivedCount, reportedCosts } from '../../core/mapf/plan.ts';
import { describeViolations } from '../../core/mapf/validator.ts';
import { gridlockJson, placeGridlock } from '../../core/simulation/gridlock.ts';
import type { TimeScale } from '../../core/experiments/rateUnits.ts';
import { CONTROLLERS, SOLVERS, findSolver, paramsWithCostModel, prepareSolver, solverNames } from '../../core/registry/registry.ts';
import { paramsForRun } from '../../core/registry/runParams.ts';
import { measureSolver } from '../../core/simulation/measure.ts';
import { EXPORT_FORMATS, type ExportRequest, parseExports, writeExports } from './solveExports.ts';
import { runFigures } from '../../core/simulation/metrics.ts';
import type { MapEvent } from '../../core/mapf/mapEvents.ts';
import { loadAppScenario, solveAmongObstacles } from './solveScenario.ts';
import { solveStream } from './solveStream.ts';
import { hasStreams } from '../../core/mapf/streams.ts';
import { obstacleFactory } from '../../core/registry/registry.ts';
import { STRATEGIES } from '../../core/simulation/obstacleRules.ts';
import { type RegionRect, measureRegions } from '../../core/mapf/regionMeasures.ts';
import { regionsJson, regionsText } from './solveRegions.ts';
import { MAX_UNITS, formatCount } from '../../core/util/limits.ts';
import { CLOCK_KINDS, type Clock, type ClockKind, WALL_CLOCK } from '../../core/util/clock.ts';
import { createCpuClock } from '../solverWorker/threadCpuClock.ts';
import { type LorrArgs, runLorr } from './solveLorr.ts';
import { LEVEL_OPTIONS, choicesFromFlags, levelFormatOfFile, readLevelFile } from '../levelFiles.ts';
import type { LevelChoices } from '../../core/scenario/levelSourceSchema.ts';
import type { Grid } from '../../core/grid/grid.ts';

const OPTIONS = {
  scenario: { value: 'FILE.json', help: 'an app scenario file instead of --map/--scen/--agents: its\nmap (inline, or a .map or level beside it), units, events, solver\nsettings (the defaults here) and moving obstacles; or a level file\n(Tiled .tmx/.tmj, LDtk .ldtk, PNG/JPEG plan) whose objects give the\nunits, spawners, exits, regions and doors' },
  strategy: { value: 'NAME', help: `with moving obstacles: how units planning alone replan, one\nof ${STRATEGIES.join(', ')}\n(default: predict when the scenario's knowledge is timetable,\nelse recalc when blocked); the cooperative solvers take recalc\nand watch; its parameters by --param (recalc: every,\nwhenBlocked, whenChanged, knowledge; splice: m, every, limit;\nwatch: regionSize, horizon, notifyEvery, repair, m, limit,\nknowledge); knowledge=timetable (the default when the\nscenario's units know it) plans against the timetable` },
  lorr: { value: 'FILE.json', help: 'a League of Robot Runners problem (2024 LoRR) instead of\n--map/--scen/--agents: lifelong, robots that turn, tasks of\nerrands handed out by the Start-Kit\'s default scheduler; prints\nthroughput; --solver names a lifelong planner (flow-pibt,\nthe default, or pibt-rotations)' },
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

const USAGE = commandUsage([
  'Usage: mapf-lab solve --map FILE.map --scen FILE.scen --agents K --solver NAME [options]',
  '       mapf-lab solve --scenario FILE.json [--solver NAME | --strategy NAME] [options]',
  '       mapf-lab solve --lorr PROBLEM.json --steps N [--step-limit MS] [--json] [--export lorr-2024=FILE]',
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

/** The grid of --map: a Moving AI map, or a level file read with the level options. */
function mapGrid(file: string, choices: LevelChoices | undefined): Grid {
  const format = levelFormatOfFile(file);
  if (format) return readLevelFile(file, format, choices).grid;
  if (choices) throw new UsageError(`${file}: the level options are for level files (Tiled, LDtk, images), not a Moving AI map`);
  return parseMap(readTextFile(file, 'map'), file).grid;
}

/** --agents K: at least 1 and at most the lab's unit limit, refused before any file is read. */
function agentCount(text: string | undefined): number {
  const agents = wholeNumber('--agents', text);
  if (agents > MAX_UNITS) throw new UsageError(`--agents ${text}: at most ${formatCount(MAX_UNITS)} units per scenario (the lab's unit limit)`);
  return agents;
}

export const solveCommand: Command = {
  name: 'solve',
  summary: 'Run a solver on a Moving AI map and scenario, with Silver\'s metrics',
  usage: USAGE,
  async run(args, io) {
    if (args.includes('--lorr') || args.some((a) => a.startsWith('--lorr='))) return runLorr(parseLorrArgs(args), io);
    const options = parseSolveArgs(args);
    if (options.scenario !== undefined) return runScenarioFile(options, options.scenario, io);
    // A solver's once-per-process set-up (Detour's WebAssembly, warm-ups) before its clock starts.
    await prepareSolver(options.solver);
    const grid = mapGrid(options.map, options.levelChoices);
    const scenario = parseScenario(readTextFile(options.scen, 'scenario'), options.scen);
    checkScenario(scenario, grid, options.scen, options.map);
    if (options.agents > scenario.entries.length) {
      throw new UsageError(`--agents ${options.agents}: ${options.scen} has only ${scenario.entries.length} agents`);
    }
    const instance: MapfInstance = {
      grid,
      movement: { connectivity: options.connectivity, corners: options.corners },
      agents: scenario.entries.slice(0, options.agents).map((e) => ({ start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) })),
    };
    return runSolver(options, instance, [], { mapFile: options.map, scenFile: options.scen }, io);
  },
};

/** An app scenario file: among moving obstacles by strategy, else the named solver (the scenario's settings as defaults). */
async function runScenarioFile(options: SolveArgs, file: string, io: Parameters<Command['run']>[1]): Promise<number> {
  const loaded = loadAppScenario(file, solverNames(), options.levelChoices);
  const settings = loaded.scenario.solver;
  if (hasStreams(loaded.streams)) {
    // Units that keep coming: a turn controller runs them, obstacles and doors included.
    if (options.strategy !== undefined) throw new UsageError('--strategy: for units planning alone among moving obstacles; a stream runs a turn controller (--solver)');
    // The export formats hold a fixed set of units from t = 0; a stream's units come and go (its paths are in --json).
    if (options.exports.length > 0) throw new UsageError('--export: a stream\'s units appear and leave during the run, which the export formats do not hold yet; --json gives each unit\'s path');
    const solver = options.solverGiven ? options.solver : settings.solver;
    const fromScenario = options.solverGiven ? {} : { ...settings.params, ...(settings.window !== undefined ? { window: settings.window } : {}) };
    await prepareSolver(solver);
    return solveStream(loaded, {
      file, solver, params: { ...fromScenario, ...options.params }, turnLimit: options.turnLimit ?? settings.turnLimit,
      timeLimitMs: options.timeLimitMs ?? settings.timeLimitMs, seed: options.seedGiven ? options.seed : settings.seed, json: options.json,
    }, io);
  }
  if (loaded.obstacles.length > 0 || options.strategy !== undefined) {
    // Among obstacles: --solver, else the scenario's solver when it takes obstacles, else units planning alone.
    const solver = options.solverGiven ? options.solver : obstacleFactory(settings.solver) !== undefined ? settings.solver : 'independent';
    const fromScenario = options.solverGiven || solver === 'independent' ? {} : { ...settings.params, ...(settings.window !== undefined ? { window: settings.window } : {}) };
    await prepareSolver(solver);
    return solveAmongObstacles(loaded, {
      file, solver, strategy: options.strategy, params: { ...fromScenario, ...options.params }, turnLimit: options.turnLimit ?? settings.turnLimit,
      timeLimitMs: options.timeLimitMs ?? settings.timeLimitMs, clock: solveClock(options.timeLimitClock ?? settings.timeLimitClock),
      seed: options.seedGiven ? options.seed : settings.seed, costModel: options.costModel, json: options.json,
    }, io);
  }
  const solver = options.solverGiven ? options.solver : settings.solver;
  // The scenario's params as the app keeps them may hold another solver's or a run among obstacles'
  // (a strategy set before its obstacles were removed): those are left out, as the app does
  // (core/registry/runParams.ts). An explicit --param is the user's intent and goes to the solver as given.
  const fromScenario = paramsForRun(solver, settings.params, { obstacles: false }).params;
  const merged: SolveArgs = {
    ...options,
    solver,
    params: { ...fromScenario, ...(settings.window !== undefined && solver === 'whca' ? { window: settings.window } : {}), ...options.params },
    connectivity: loaded.instance.movement.connectivity,
    corners: loaded.instance.movement.corners,
    turnLimit: options.turnLimit ?? settings.turnLimit,
    timeLimitMs: options.timeLimitMs ?? settings.timeLimitMs,
    timeLimitClock: options.timeLimitClock ?? settings.timeLimitClock,
    seed: options.seedGiven ? options.seed : settings.seed,
    agents: loaded.instance.agents.length,
  };
  if (!findSolver(merged.solver)) throw new UsageError(`${file}: unknown solver '${merged.solver}' (known: ${solverNames().join(', ')})`);
  await prepareSolver(merged.solver);
  return runSolver(merged, loaded.instance, loaded.mapEvents, { mapFile: file, scenFile: file }, io, loaded.scenario.regions, loaded.scenario.scale);
}

/** The clock of a solve on this thread: wall, or this thread's CPU time. */
function solveClock(kind: ClockKind | undefined): Clock {
  return kind === 'cpu' ? createCpuClock().clock : WALL_CLOCK;
}

/** Runs the solver on `instance` in the simulator; prints the run and writes the exports; returns the exit code. */
function runSolver(options: SolveArgs, instance: MapfInstance, mapEvents: MapEvent[], files: { mapFile: string; scenFile: string }, io: Parameters<Command['run']>[1], regions: readonly RegionRect[] = [], scale?: TimeScale): number {
    const grid = instance.grid;
    const entry = findSolver(options.solver)!;
    const measured = measureSolver(entry, instance, {
      seed: options.seed,
      params: paramsWithCostModel(entry, options.params, options.costModel),
      turnLimit: options.turnLimit,
      timeLimitMs: options.timeLimitMs,
      clock: solveClock(options.timeLimitClock),
      ...(mapEvents.length > 0 ? { mapEvents } : {}),
    }, CONTROLLERS);
    const sim = measured.simulation;
    // A lock is placed by the scenario's measured regions: "gridlock at bridge from turn 11: …".
    const placed = placeGridlock(measured.message, sim.gridlock, grid, regions);
    const message = placed.message;
    const goals = instance.agents.map((a) => a.goal);
    // A run that did not solve has no cost; `arrived` is what it reached.
    const { sumOfCosts, makespan } = reportedCosts(measured.status === 'solved', sim.paths, goals, options.costModel);
    const arrived = arrivedCount(sim.paths, goals);
    const xy = (cell: number): [number, number] => [grid.x(cell), grid.y(cell)];
    const { run } = sim;
    const metrics = runFigures(run);
    const measuredRegions = measureRegions({ width: grid.width, paths: sim.paths, goals, sizes: instance.agents.map((a) => a.size ?? 1) }, regions);
    if (options.json) {
      const out: Record<string, unknown> = {
        solver: options.solver,
        status: measured.status,
        ...(message !== undefined ? { message } : {}),
        ...(sim.gridlock ? { gridlock: gridlockJson(sim.gridlock, grid, placed.region) } : {}),
        agents: instance.agents.length,
        paths: sim.paths.map((path) => path.map(xy)),
        success: Array.from(sim.agents.success, (s) => s === 1),
        pathLength: Array.from(sim.agents.pathLength, (l) => (l < 0 ? null : l)),
        lowerBound: Array.from(sim.agents.lowerBound, (b) => (Number.isFinite(b) ? b : null)),
        cycles: Array.from(sim.agents.cycles),
        waits: Array.from(sim.agents.waits),
        collisions: Array.from(sim.agents.collisions),
        arrived,
        costModel: options.costModel,
        sumOfCosts,
        makespan,
        metrics,
        // Whether the plan passes the validator: a run that did not solve has no plan to judge
        // (what was executed is a placeholder), so null, as for its costs.
        valid: measured.status === 'solved' ? (sim.validation?.valid ?? true) : null,
      };
      // A proved lower bound on the sum of costs (cbs, lacam-star), so cost <= w x bound can be checked.
      const bound = measured.solverStats?.costLowerBound;
      if (typeof bound === 'number' && Number.isFinite(bound)) out.costLowerBound = bound;
      if (regions.length > 0) out.regions = regionsJson(measuredRegions);
      const crowd = crowdFigures(measured.solverStats);
      if (crowd) out.crowd = crowd;
      io.out(JSON.stringify(out));
    } else {
      const ms = (v: number) => `${v.toFixed(3)} ms`;
      io.out([
        `solver: ${options.solver}`,
        `status: ${measured.status}${message ? ` (${message})` : ''}`,
        `agents: ${run.successes} of ${instance.agents.length} succeeded (${(100 * run.successRate).toFixed(1)}%) in ${run.turns} turns`,
        Number.isNaN(run.pathRatio)
          ? 'path length: no agent reached its goal'
          : `path length: mean ${run.meanPathLength.toFixed(2)}, lower bound ${run.meanLowerBound.toFixed(2)}, ratio ${run.pathRatio.toFixed(3)}`,
        `cycles per agent: ${run.cyclesPerAgent.toFixed(3)}, waits per agent: ${run.waitsPerAgent.toFixed(3)}, collisions: ${run.collisions}, replans: ${run.replans}`,
        `time: initial planning ${ms(run.initMs)}, max turn ${ms(run.maxTurnMs)}, mean turn ${ms(run.meanTurnMs)}`,
        `search: ${run.expanded} nodes expanded, reservation table up to ${run.reservationsMax} entries`,
        sumOfCosts === null
          ? `sum of costs: none, makespan: none (not solved: ${arrived} of ${instance.agents.length} agents on their goal)`
          : `sum of costs: ${sumOfCosts} (cost model ${options.costModel}), makespan: ${makespan}`,
        ...regionsText(measuredRegions, scale),
        ...crowdText(measured.solverStats),
      ].join('\n'));
    }
    const problems = writeExports(options.exports, {
      grid, movement: instance.movement, goals, sim, status: measured.status, message, solver: options.solver, optimal: entry.optimal,
      seed: options.seed, params: paramsWithCostModel(entry, options.params, options.costModel), costModel: options.costModel, mapFile: files.mapFile, scenFile: files.scenFile,
      stats: Object.fromEntries(Object.entries(metrics).filter(([, v]) => Number.isFinite(v))),
    });
    for (const problem of problems) io.err(`mapf-lab solve: ${problem}`);
    if (sim.validation && !sim.validation.valid) io.err(`mapf-lab solve: the executed paths do not validate:\n${describeViolations(sim.validation)}`);
    return measured.status === 'solved' && problems.length === 0 ? 0 : 1;
}

/** `--lorr FILE`: its own options; the Moving AI and scenario ones do not apply. */
export function parseLorrArgs(args: string[]): LorrArgs {
  const { values } = parseCommandLine(OPTIONS, args);
  for (const other of ['map', 'scen', 'agents', 'scenario', 'strategy', 'connectivity', 'corners', 'window', 'turn-limit', 'cost-model'] as const) {
    if (values[other] !== undefined) throw new UsageError(`--${other}: not with --lorr (a LoRR problem names its map, robots and tasks; robots turn)`);
  }
  const exports = parseExports(values.export ?? []);
  for (const e of exports) if (e.format !== 'lorr-2024') throw new UsageError(`--export ${e.format}: with --lorr only lorr-2024 (the League's output file)`);
  let seed = 0;
  if (values.seed !== undefined) {
    seed = Number(values.seed);
    if (values.seed.trim() === '' || !Number.isInteger(seed)) throw new UsageError(`--seed needs a whole number, got '${values.seed}'`);
  }
  const params: Record<string, unknown> = {};
  for (const text of values.param ?? []) {
    const split = text.indexOf('=');
    if (split <= 0) throw new UsageError(`--param needs NAME=VALUE, got '${text}'`);
    try {
      params[text.slice(0, split)] = JSON.parse(text.slice(split + 1));
    } catch {
      params[text.slice(0, split)] = text.slice(split + 1);
    }
  }
  const stepLimit = values['step-limit'] === undefined ? 1000 : Number(values['step-limit']);
  if (!(stepLimit > 0) || !Number.isFinite(stepLimit)) throw new UsageError(`--step-limit needs milliseconds > 0, got '${values['step-limit']}'`);
  return {
    file: values.lorr!,
    planner: values.solver ?? 'flow-pibt',
    params,
    steps: values.steps === undefined ? 500 : wholeNumber('--steps', values.steps),
    stepLimitMs: stepLimit,
    teamSize: values['team-size'] === undefined ? undefined : wholeNumber('--team-size', values['team-size']),
    timeLimitMs: values['time-limit'] === undefined ? undefined : Number(values['time-limit']) * 1000,
    seed,
    json: values.json ?? false,
    exportFile: exports.length > 0 ? exports[exports.length - 1].file : undefined,
  };
}

export function parseSolveArgs(args: string[]): SolveArgs {
  const { values } = parseCommandLine(OPTIONS, args);
  const params: Record<string, unknown> = {};
  for (const text of values.param ?? []) {
    const split = text.indexOf('=');
    if (split <= 0) throw new UsageError(`--param needs NAME=VALUE, got '${text}'`);
    const raw = text.slice(split + 1);
    let parsed: unknown = raw;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // a bare word stays a string (e.g. order=random)
    }
    params[text.slice(0, split)] = parsed;
  }
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
  let seed = 0;
  if (values.seed !== undefined) {
    seed = Number(values.seed);
    if (values.seed.trim() === '' || !Number.isInteger(seed)) throw new UsageError(`--seed needs a whole number, got '${values.seed}'`);
  }
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

/** The engine crowd models' steering measures (core/contract/crowdTrack.ts) from a run's solver stats, if it was one. */
function crowdFigures(stats: Record<string, number> | undefined): Record<string, number> | undefined {
  if (!stats || stats.overlaps === undefined || stats.stuck === undefined) return undefined;
  const keys = ['arrived', 'lastArrival', 'waits', 'stuck', 'overlaps', 'deepestOverlapPct', 'reversals', 'maxReversals', 'turns', 'steps', 'stepMsMean', 'stepMsMax', 'setupMs'];
  return Object.fromEntries(keys.filter((k) => stats[k] !== undefined).map((k) => [k, stats[k]]));
}

function crowdText(stats: Record<string, number> | undefined): string[] {
  const c = crowdFigures(stats);
  if (!c) return [];
  return [
    `crowd: arrived ${c.arrived} (last at turn ${c.lastArrival}), ${c.stuck} stuck, ${c.overlaps} overlaps (deepest ${c.deepestOverlapPct}% of the radius), waits ${c.waits}, direction reversals ${c.reversals} (most for one unit ${c.maxReversals})`,
    `crowd steps: ${c.steps} in ${c.turns} turns, mean ${c.stepMsMean.toFixed(3)} ms, max ${c.stepMsMax.toFixed(3)} ms a step, set-up ${c.setupMs.toFixed(1)} ms`,
  ];
}
