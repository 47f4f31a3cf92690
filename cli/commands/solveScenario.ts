/**
 * `mapf-lab solve --scenario FILE.json`: an app scenario file (its map inline or a Moving AI
 * file beside it, its units, map events and moving obstacles) run from the command line.
 *
 * Without moving obstacles, the named solver runs it as `solve --map/--scen` does. With moving
 * obstacles (Patel's article), units planning alone (independent) replan by `--strategy`
 * (recalc, splice, watch, predict, incremental; core/simulation/obstacleFollow.ts) with its
 * parameters from `--param`; the default follows the scenario's knowledge: 'timetable' predicts,
 * 'now' recalculates when blocked, and recalc or watch plan against the timetable when units
 * know it (param knowledge). The cooperative solvers (lra, ca, hca, whca) repair by recalc
 * or watch (core/simulation/amongObstacles.ts); the optimal and scale solvers refuse, saying why.
 */
import { UsageError } from '../command.ts';
import { readTextFile } from '../files.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import type { Grid } from '../../core/grid/grid.ts';
import type { MapEvent } from '../../core/mapf/mapEvents.ts';
import { type CostModel, arrivedCount, reportedCosts } from '../../core/mapf/plan.ts';
import { resolveMapPath } from '../../core/scenario/mapPath.ts';
import { contentFromScenario, instanceFromContent } from '../../core/scenario/content.ts';
import { parseScenarioJson, refuseOverUnitLimit } from '../../core/scenario/parse.ts';
import { streamsFromContent } from '../../core/scenario/streamInstance.ts';
import type { ReplanRule } from '../../core/simulation/obstacleRules.ts';
import { STRATEGY_PARAMS, StrategyError, replanRule } from '../../core/simulation/obstacleRules.ts';
import { type SolverObstacleRun, runSolverAmongObstacles, scenarioObstacleParams } from '../../core/simulation/amongObstacles.ts';
import { noObstaclesMessage, obstacleFactory } from '../../core/registry/registry.ts';
import { regionsJson, regionsText } from './solveRegions.ts';
import { measureRegions } from '../../core/mapf/regionMeasures.ts';
import type { Clock } from '../../core/util/clock.ts';
import type { LevelChoices } from '../../core/scenario/levelSourceSchema.ts';
import { levelFormatOfFile, readLevelFile, scenarioFromLevelFile } from '../levelFiles.ts';

/**
 * A scenario file read with its map: the solvers' instance, units' names, events and obstacles.
 * A level file (Tiled, LDtk, an image) is imported as a scenario, with `levelChoices` or the
 * importer's guess; a scenario whose map is a level file re-imports it with `levelChoices`, else
 * the choices its source remembers.
 */
export function loadAppScenario(file: string, solverNames: readonly string[], levelChoices?: LevelChoices) {
  const levelFormat = levelFormatOfFile(file);
  if (levelFormat) {
    const { scenario, level } = scenarioFromLevelFile(file, levelFormat, levelChoices);
    return fromScenarioText(JSON.stringify(scenario), file, solverNames, level.grid);
  }
  const text = readTextFile(file, 'scenario');
  // A map given as a file is read first, from beside the scenario, so units are checked on it.
  let mapGrid: Grid | undefined;
  refuseOverUnitLimit(text, file);
  const head = scenarioHead(text);
  if (head?.map?.kind === 'file' && typeof head.map.path === 'string') {
    const mapFile = resolveMapPath(file, head.map.path);
    const format = levelFormatOfFile(mapFile);
    mapGrid = format ? readLevelFile(mapFile, format, levelChoices ?? head.source?.choices).grid : parseMap(readTextFile(mapFile, 'map'), mapFile).grid;
  } else if (levelChoices) {
    throw new UsageError(`${file}: the level options are for a level file, and this scenario's map is written in it`);
  }
  return fromScenarioText(text, file, solverNames, mapGrid);
}

function fromScenarioText(text: string, file: string, solverNames: readonly string[], mapGrid: Grid | undefined) {
  const scenario = parseScenarioJson(text, file, { solverNames, mapGrid });
  const content = contentFromScenario(scenario, { mapGrid, fileName: file });
  const { instance, units, events, obstacles } = instanceFromContent(content);
  const mapEvents: MapEvent[] = events.map((e) => ({ t: e.t, cells: e.cells, passable: e.action === 'open' }));
  const streams = streamsFromContent(content, instance.grid);
  return { scenario, instance, units, mapEvents, obstacles, streams };
}

/** The scenario's map reference, or null when the text is not JSON (parseScenarioJson then names the syntax error's line and column). */
function scenarioHead(text: string): { map?: { kind?: unknown; path?: unknown }; source?: { choices?: LevelChoices } } | null {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as { map?: { kind?: unknown; path?: unknown }; source?: { choices?: LevelChoices } };
  } catch {
    return null;
  }
}

/** The parameters strategy `name` takes (none for an unknown name: strategyRule refuses it). */
function strategyParamNames(name: string): readonly string[] {
  return (STRATEGY_PARAMS as Record<string, readonly string[]>)[name] ?? [];
}

/** The replanning rule of `--strategy` and its `--param`s, refused in the command line's words. */
export function strategyRule(strategy: string, params: Record<string, unknown>): ReplanRule {
  try {
    return replanRule(strategy, params);
  } catch (error) {
    if (!(error instanceof StrategyError)) throw error;
    throw new UsageError(error.field === 'strategy' ? `--strategy: ${error.message}` : `--param ${error.field}: ${error.message}`);
  }
}

export interface ObstacleSolveOptions {
  file: string;
  /** 'independent' (units planning alone) or a cooperative solver. */
  solver: string;
  strategy: string | undefined;
  /** The strategy's parameters and, for a cooperative solver, its own. */
  params: Record<string, unknown>;
  turnLimit?: number;
  timeLimitMs?: number;
  /** The clock the limit is on and times are measured on (default wall). */
  clock?: Clock;
  seed: number;
  costModel: CostModel;
  json: boolean;
}

/** Runs a scenario with moving obstacles; prints the run; returns the exit code. */
export function solveAmongObstacles(loaded: ReturnType<typeof loadAppScenario>, options: ObstacleSolveOptions, io: { out(text: string): void; err(text: string): void }): number {
  const { scenario, instance, units, obstacles } = loaded;
  const { grid } = instance;
  const factory = obstacleFactory(options.solver);
  if (factory === undefined) throw new UsageError(`--solver ${options.solver}: ${noObstaclesMessage(options.solver)}`);
  const cooperative = factory !== null;
  const { strategy: named, ...given } = scenarioObstacleParams(cooperative, scenario.knowledge, { ...options.params, ...(options.strategy !== undefined ? { strategy: options.strategy } : {}) });
  const strategy = String(named);
  // The rule is checked first, so a bad --param is named as the command line names it.
  const own: Record<string, unknown> = {};
  const solverParams: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) ((cooperative && !strategyParamNames(strategy).includes(key)) ? solverParams : own)[key] = value;
  const rule = strategyRule(strategy, own);
  // What units knew in this run: the timetable for predict, and for recalc or watch when told so.
  const known = rule.kind === 'predict' || ((rule.kind === 'recalc' || rule.kind === 'watch') && rule.knowledge === 'timetable') ? 'timetable' : 'now';
  let solved0: SolverObstacleRun;
  try {
    solved0 = runSolverAmongObstacles(options.solver, factory, instance, obstacles, { strategy, ...own, ...solverParams }, {
      turnLimit: options.turnLimit ?? 4 * grid.cells, timeLimitMs: options.timeLimitMs, clock: options.clock, seed: options.seed, mapEvents: loaded.mapEvents,
    });
  } catch (error) {
    if (error instanceof StrategyError) throw new UsageError(`${error.field === 'strategy' ? '--strategy' : `--param ${error.field}`}: ${error.message}`);
    throw new UsageError(`${options.file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { run, simulation } = solved0;
  const paths = run.units.map((u) => u.path);
  const goals = instance.agents.map((a) => a.goal);
  const solved = run.units.every((u) => u.arrived);
  const { sumOfCosts, makespan } = reportedCosts(solved, paths, goals, options.costModel);
  const total = (key: 'pathStepsComputed' | 'replans' | 'notifications' | 'obstacleBlocks' | 'waits') => run.units.reduce((sum, u) => sum + u[key], 0);
  const arrivedUnits = run.units.filter((u) => u.arrived);
  const overHindsight = arrivedUnits.length > 0 ? arrivedUnits.reduce((sum, u) => sum + u.arrival / Math.max(1, u.hindsight), 0) / arrivedUnits.length : null;
  const metrics = {
    turns: run.turns, pathStepsComputed: total('pathStepsComputed'), expanded: run.expanded, replans: total('replans'), notifications: total('notifications'),
    obstacleBlocks: total('obstacleBlocks'), waits: total('waits'), obstacleWaits: run.obstacleWaits, arrivalOverHindsight: overHindsight,
    ...(simulation ? { initMs: simulation.run.initMs, meanTurnMs: simulation.run.meanTurnMs, maxTurnMs: simulation.run.maxTurnMs, collisions: simulation.collisions.length } : {}),
  };
  const xy = (cell: number): [number, number] => [grid.x(cell), grid.y(cell)];
  const regions = measureRegions({ width: grid.width, paths, goals }, scenario.regions);
  if (options.json) {
    io.out(JSON.stringify({
      scenario: scenario.name, solver: options.solver, strategy, rule, knowledge: known, status: solved ? 'solved' : 'unsolved', agents: units.length,
      paths: paths.map((p) => p.map(xy)), obstaclePaths: run.obstaclePaths.map((p) => p.map(xy)), obstacles: obstacles.map((o) => o.id),
      arrived: arrivedCount(paths, goals), costModel: options.costModel, sumOfCosts, makespan, metrics,
      units: run.units.map((u, k) => ({
        id: units[k].id, arrived: u.arrived, arrival: u.arrived ? u.arrival : null, hindsight: Number.isFinite(u.hindsight) ? u.hindsight : null,
        pathStepsComputed: u.pathStepsComputed, ...(cooperative ? {} : { expanded: u.expanded }), replans: u.replans, notifications: u.notifications, obstacleBlocks: u.obstacleBlocks, waits: u.waits,
      })),
      ...(scenario.regions.length > 0 ? { regions: regionsJson(regions) } : {}),
    }));
  } else {
    const missing = run.units.map((u, k) => (u.arrived ? null : `${k + 1} (${units[k].name})`)).filter((s) => s !== null);
    io.out([
      cooperative
        ? `scenario: ${scenario.name}, ${units.length} units among ${obstacles.length} moving obstacles, ${options.solver} repairing its plans (units know: now)`
        : `scenario: ${scenario.name}, ${units.length} units planning alone among ${obstacles.length} moving obstacles (units know: ${known})`,
      `strategy: ${strategy} ${JSON.stringify(rule)}`,
      `status: ${solved ? 'solved' : `unsolved: ${missing.length} of ${units.length} units did not arrive within ${run.turns} turns: ${missing.join(', ')}`}`,
      `path steps computed: ${metrics.pathStepsComputed}; expanded ${metrics.expanded}; replans ${metrics.replans}; notifications ${metrics.notifications}`,
      `blocked by obstacles: ${metrics.obstacleBlocks} turns; waits ${metrics.waits}; obstacles held up ${metrics.obstacleWaits} steps`,
      ...(simulation ? [`turn time: init ${simulation.run.initMs.toFixed(1)} ms, mean ${simulation.run.meanTurnMs.toFixed(2)} ms, max ${simulation.run.maxTurnMs.toFixed(2)} ms`] : []),
      overHindsight === null ? 'arrival: no unit arrived' : `arrival over the hindsight bound: ${overHindsight.toFixed(3)} (mean of the units that arrived)`,
      sumOfCosts === null ? 'sum of costs: none, makespan: none (not solved)' : `sum of costs: ${sumOfCosts} (cost model ${options.costModel}), makespan: ${makespan}`,
      ...regionsText(regions, loaded.scenario.scale),
    ].join('\n'));
  }
  return solved ? 0 : 1;
}
