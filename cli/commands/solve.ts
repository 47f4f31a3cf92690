/**
 * `mapf-lab solve`: runs one registry solver on the first K agents of a Moving AI scenario, in the
 * turn simulator, and prints the executed paths with Silver's metrics (seed 001, "Experimental
 * Results"). Online solvers (lra, ca, hca, whca) run turn by turn; offline ones (independent, the
 * optimal solvers) solve first and their plan is played through the same simulator.
 */
import { readFileSync } from 'node:fs';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { checkScenario, parseScenario } from '../../core/formats/movingAiScenario.ts';
import type { Connectivity, CornerRule } from '../../core/grid/movement.ts';
import type { MapfInstance } from '../../core/mapf/instance.ts';
import { COST_MODELS, type CostModel, makespan as makespanOf, sumOfCosts as sumOfPaths } from '../../core/mapf/plan.ts';
import { describeViolations } from '../../core/mapf/validator.ts';
import { CONTROLLERS, findSolver, paramsWithCostModel, solverNames } from '../../core/registry/registry.ts';
import { measureSolver } from '../../core/simulation/measure.ts';
import { runFigures } from '../../core/simulation/metrics.ts';

const USAGE = [
  'Usage: mapf-lab solve --map FILE.map --scen FILE.scen --agents K --solver NAME [options]',
  '',
  'Runs a solver on the first K agents of a Moving AI scenario in the turn simulator and prints',
  'the paths it executed, each agent\'s success and the run\'s metrics.',
  '',
  'Options:',
  '  --map FILE.map         Moving AI map',
  '  --scen FILE.scen       Moving AI scenario; its first K agents are used',
  '  --agents K             number of agents (1 or more)',
  `  --solver NAME          one of: ${solverNames().join(', ')}`,
  '  --window W             search window in turns (whca); same as --param window=W',
  '  --param NAME=VALUE     any solver parameter (repeatable; VALUE read as JSON when it parses)',
  '  --connectivity 4|8     movement (default 4, as in Silver\'s experiment)',
  '  --corners no-cut|cut   diagonal corner rule with 8-connectivity (default no-cut)',
  '  --turn-limit T         turns a run may take (default 100; offline plans play to their end)',
  '  --time-limit S         wall-clock limit in seconds',
  '  --seed N               seed for the solver\'s random choices (default 0)',
  '  --cost-model away|rest how sumOfCosts counts, and what the optimal solvers minimise:',
  '                         away (default, Standley 2010): steps not waiting on the goal;',
  '                         rest: time until each agent rests on its goal for good',
  '  --json                 print one JSON object: solver, status, paths ([x, y] per turn, per',
  '                         agent in scenario order), success, sumOfCosts, makespan, metrics',
  '',
  'Exit code 0 when every agent succeeded, 1 otherwise, 2 for a bad command line.',
].join('\n');

export interface SolveArgs {
  map: string;
  scen: string;
  agents: number;
  solver: string;
  params: Record<string, unknown>;
  connectivity: Connectivity;
  corners: CornerRule;
  turnLimit?: number;
  timeLimitMs?: number;
  seed: number;
  costModel: CostModel;
  json: boolean;
}

export const solveCommand: Command = {
  name: 'solve',
  summary: 'Run a solver on a Moving AI map and scenario, with Silver\'s metrics',
  usage: USAGE,
  async run(args, io) {
    const options = parseSolveArgs(args);
    const map = parseMap(readFileSync(options.map, 'utf8'), options.map);
    const scenario = parseScenario(readFileSync(options.scen, 'utf8'), options.scen);
    checkScenario(scenario, map.grid, options.scen, options.map);
    if (options.agents > scenario.entries.length) {
      throw new UsageError(`--agents ${options.agents}: ${options.scen} has only ${scenario.entries.length} agents`);
    }
    const grid = map.grid;
    const instance: MapfInstance = {
      grid,
      movement: { connectivity: options.connectivity, corners: options.corners },
      agents: scenario.entries.slice(0, options.agents).map((e) => ({ start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) })),
    };
    const entry = findSolver(options.solver)!;
    const measured = measureSolver(entry, instance, {
      seed: options.seed,
      params: paramsWithCostModel(entry, options.params, options.costModel),
      turnLimit: options.turnLimit,
      timeLimitMs: options.timeLimitMs,
    }, CONTROLLERS);
    const sim = measured.simulation;
    const goals = instance.agents.map((a) => a.goal);
    const sumOfCosts = sumOfPaths(sim.paths, goals, options.costModel);
    const makespan = makespanOf(sim.paths, goals);
    const xy = (cell: number): [number, number] => [grid.x(cell), grid.y(cell)];
    const { run } = sim;
    const metrics = runFigures(run);
    if (options.json) {
      const out: Record<string, unknown> = {
        solver: options.solver,
        status: measured.status,
        ...(measured.message !== undefined ? { message: measured.message } : {}),
        agents: options.agents,
        paths: sim.paths.map((path) => path.map(xy)),
        success: Array.from(sim.agents.success, (s) => s === 1),
        pathLength: Array.from(sim.agents.pathLength, (l) => (l < 0 ? null : l)),
        lowerBound: Array.from(sim.agents.lowerBound, (b) => (Number.isFinite(b) ? b : null)),
        cycles: Array.from(sim.agents.cycles),
        waits: Array.from(sim.agents.waits),
        collisions: Array.from(sim.agents.collisions),
        costModel: options.costModel,
        sumOfCosts,
        makespan,
        metrics,
        valid: sim.validation?.valid ?? true,
      };
      io.out(JSON.stringify(out));
    } else {
      const ms = (v: number) => `${v.toFixed(3)} ms`;
      io.out([
        `solver: ${options.solver}`,
        `status: ${measured.status}${measured.message ? ` (${measured.message})` : ''}`,
        `agents: ${run.successes} of ${options.agents} succeeded (${(100 * run.successRate).toFixed(1)}%) in ${run.turns} turns`,
        Number.isNaN(run.pathRatio)
          ? 'path length: no agent reached its goal'
          : `path length: mean ${run.meanPathLength.toFixed(2)}, lower bound ${run.meanLowerBound.toFixed(2)}, ratio ${run.pathRatio.toFixed(3)}`,
        `cycles per agent: ${run.cyclesPerAgent.toFixed(3)}, waits per agent: ${run.waitsPerAgent.toFixed(3)}, collisions: ${run.collisions}, replans: ${run.replans}`,
        `time: initial planning ${ms(run.initMs)}, max turn ${ms(run.maxTurnMs)}, mean turn ${ms(run.meanTurnMs)}`,
        `search: ${run.expanded} nodes expanded, reservation table up to ${run.reservationsMax} entries`,
        `sum of costs: ${sumOfCosts} (cost model ${options.costModel}), makespan: ${makespan}`,
      ].join('\n'));
    }
    if (sim.validation && !sim.validation.valid) io.err(`mapf-lab solve: the executed paths do not validate:\n${describeViolations(sim.validation)}`);
    return measured.status === 'solved' ? 0 : 1;
  },
};

function positiveInteger(option: string, text: string | undefined, min = 1): number {
  const value = Number(text);
  if (text === undefined || text === '' || !Number.isInteger(value) || value < min) {
    throw new UsageError(`${option} needs a whole number >= ${min}, got ${text === undefined ? 'nothing' : `'${text}'`}`);
  }
  return value;
}

export function parseSolveArgs(args: string[]): SolveArgs {
  const values = new Map<string, string>();
  const params: Record<string, unknown> = {};
  let json = false;
  const known = ['--map', '--scen', '--agents', '--solver', '--window', '--connectivity', '--corners', '--turn-limit', '--time-limit', '--seed', '--param', '--cost-model'];
  for (let i = 0; i < args.length; i++) {
    let arg = args[i];
    let value: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (arg === '--json') {
      json = true;
      continue;
    }
    if (!known.includes(arg)) throw new UsageError(`unknown option '${args[i]}'`);
    if (value === undefined) {
      value = args[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    }
    if (arg === '--param') {
      const split = value.indexOf('=');
      if (split <= 0) throw new UsageError(`--param needs NAME=VALUE, got '${value}'`);
      const raw = value.slice(split + 1);
      let parsed: unknown = raw;
      try {
        parsed = JSON.parse(raw);
      } catch {
        // a bare word stays a string (e.g. order=random)
      }
      params[value.slice(0, split)] = parsed;
    } else values.set(arg, value);
  }
  for (const required of ['--map', '--scen', '--agents', '--solver']) {
    if (!values.has(required)) throw new UsageError(`${required} is required`);
  }
  const solver = values.get('--solver')!;
  if (!findSolver(solver)) throw new UsageError(`--solver: unknown solver '${solver}' (known: ${solverNames().join(', ')})`);
  const connectivity = values.get('--connectivity') ?? '4';
  if (connectivity !== '4' && connectivity !== '8') throw new UsageError(`--connectivity must be 4 or 8, got '${connectivity}'`);
  const corners = values.get('--corners') ?? 'no-cut';
  if (corners !== 'no-cut' && corners !== 'cut') throw new UsageError(`--corners must be no-cut or cut, got '${corners}'`);
  if (values.has('--window')) params.window = positiveInteger('--window', values.get('--window'));
  let timeLimitMs: number | undefined;
  if (values.has('--time-limit')) {
    const seconds = Number(values.get('--time-limit'));
    if (!(seconds > 0) || !Number.isFinite(seconds)) throw new UsageError(`--time-limit needs a number of seconds > 0, got '${values.get('--time-limit')}'`);
    timeLimitMs = seconds * 1000;
  }
  const costModel = values.get('--cost-model') ?? 'away';
  if (!COST_MODELS.includes(costModel as CostModel)) throw new UsageError(`--cost-model must be ${COST_MODELS.join(' or ')}, got '${costModel}'`);
  let seed = 0;
  if (values.has('--seed')) {
    seed = Number(values.get('--seed'));
    if (!Number.isInteger(seed)) throw new UsageError(`--seed needs a whole number, got '${values.get('--seed')}'`);
  }
  return {
    map: values.get('--map')!,
    scen: values.get('--scen')!,
    agents: positiveInteger('--agents', values.get('--agents')),
    solver,
    params,
    connectivity: Number(connectivity) as Connectivity,
    corners,
    turnLimit: values.has('--turn-limit') ? positiveInteger('--turn-limit', values.get('--turn-limit'), 0) : undefined,
    timeLimitMs,
    seed,
    costModel: costModel as CostModel,
    json,
  };
}
