/**
 * `mapf-lab solve`: runs one registry solver on the first K agents of a Moving AI scenario, in the
 * turn simulator, and prints the executed paths with Silver's metrics (Silver 2005, "Experimental
 * Results"). Online solvers (lra, ca, hca, whca) run turn by turn; offline ones (independent, the
 * optimal solvers) solve first and their plan is played through the same simulator.
 */
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { readTextFile } from '../files.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { checkScenario, parseScenario } from '../../core/formats/movingAiScenario.ts';
import type { MapfInstance } from '../../core/mapf/instance.ts';
import { arrivedCount, reportedCosts } from '../../core/mapf/plan.ts';
import { describeViolations } from '../../core/mapf/validator.ts';
import { gridlockJson, placeGridlock } from '../../core/simulation/gridlock.ts';
import type { TimeScale } from '../../core/experiments/rateUnits.ts';
import { CONTROLLERS, findSolver, paramsWithCostModel, prepareSolver, solverNames } from '../../core/registry/registry.ts';
import { paramsForRun } from '../../core/registry/runParams.ts';
import { measureSolver } from '../../core/simulation/measure.ts';
import { writeExports } from './solveExports.ts';
import { runFigures } from '../../core/simulation/metrics.ts';
import type { MapEvent } from '../../core/mapf/mapEvents.ts';
import { loadAppScenario, solveAmongObstacles } from './solveScenario.ts';
import { solveStream } from './solveStream.ts';
import { hasStreams } from '../../core/mapf/streams.ts';
import { obstacleFactory } from '../../core/registry/registry.ts';
import { type RegionRect, measureRegions } from '../../core/mapf/regionMeasures.ts';
import { regionsJson, regionsText } from './solveRegions.ts';
import { type Clock, type ClockKind, WALL_CLOCK } from '../../core/util/clock.ts';
import { createCpuClock } from '../solverWorker/threadCpuClock.ts';
import { runLorr } from './solveLorr.ts';
import { type SolveArgs, USAGE, parseLorrArgs, parseSolveArgs } from './solveArgs.ts';
import { levelFormatOfFile, readLevelFile } from '../levelFiles.ts';
import type { LevelChoices } from '../../core/scenario/levelSourceSchema.ts';
import type { Grid } from '../../core/grid/grid.ts';

/** The grid of --map: a Moving AI map, or a level file read with the level options. */
function mapGrid(file: string, choices: LevelChoices | undefined): Grid {
  const format = levelFormatOfFile(file);
  if (format) return readLevelFile(file, format, choices).grid;
  if (choices) throw new UsageError(`${file}: the level options are for level files (Tiled, LDtk, images), not a Moving AI map`);
  return parseMap(readTextFile(file, 'map'), file).grid;
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
