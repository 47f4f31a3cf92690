/**
 * One of our solvers on one instance, in a process of its own (bench:peers spawns one per run,
 * as the C++ solvers run one process each): loads the instance, solves it under a limit on this
 * thread's CPU time, checks the plan with the validator and prints one `RESULT {json}` line.
 * Only the solve is timed, not Node's start-up, reading the files nor the solver's once-per-process
 * prepare() (its warm-up, which every host awaits first; its CPU is reported apart).
 *
 * The limit is on the solving thread's CPU clock (the CLI's `--time-limit-clock cpu`:
 * cli/solverWorker/threadCpuClock.ts), so a loaded machine does not decide which runs time out;
 * the solver gets that clock and timeLimitMs, so each phase gets its share of the limit (LaCAM*'s
 * scatter half of it). A stop with a plan in hand (LaCAM*) is a solved run; a stop without one
 * is reported as a timeout.
 *
 * Usage: tsx bench/peers/oursRunner.ts --solver cbs --map random-32-32-20 --scen 1 --k 40
 *   --limit-s 60 [--params '{"w":1.2}'] [--seed 0]
 */
import { sumOfCosts } from '../../core/mapf/plan.ts';
import { validatePlan } from '../../core/mapf/validator.ts';
import { findSolver } from '../../core/registry/registry.ts';
import type { SolveOptions } from '../../core/contract/types.ts';
import { loadInstance } from './instances.ts';
import { createCpuClock } from '../../cli/solverWorker/threadCpuClock.ts';

export interface OursResult {
  status: string;
  /** CPU seconds of the solving thread (the limit's clock). */
  threadCpuS: number;
  /** CPU seconds of the whole process during the solve: the thread plus V8's collector and compiler threads. */
  processCpuS: number;
  wallS: number;
  /** Sum of costs in the `rest` model and sum of loss (the `away` model); null without a plan. */
  soc: number | null;
  sumOfLoss: number | null;
  /** The solver's proved lower bound on the sum of costs (CBS, EECBS; LaCAM: the sum of distances). */
  provedLb: number | null;
  valid: boolean | null;
  message?: string;
  /** CPU seconds of the process for the solver's prepare() before the clock started (0: none). */
  prepareCpuS?: number;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string): string => {
    const i = args.indexOf(`--${name}`);
    if (i < 0 || i + 1 >= args.length) throw new Error(`oursRunner: --${name} is required`);
    return args[i + 1];
  };
  const solverName = option('solver');
  const key = { map: option('map'), scen: Number(option('scen')), k: Number(option('k')) };
  const limitS = Number(option('limit-s'));
  const params = args.includes('--params') ? (JSON.parse(option('params')) as Record<string, unknown>) : {};
  const seed = args.includes('--seed') ? Number(option('seed')) : 0;
  const solver = findSolver(solverName);
  if (solver === undefined) throw new Error(`oursRunner: no solver ${solverName}`);
  const instance = loadInstance(key);
  // As every host does before a solve's clock starts (the CLI, the solver process): the solver's
  // once-per-process set-up (SolverEntry.prepare: warm-ups), its CPU time reported apart.
  const prepare0 = process.cpuUsage();
  await solver.prepare?.();
  const prepared = process.cpuUsage(prepare0);

  const cpu0 = process.cpuUsage();
  const { clock } = createCpuClock();
  const thread0 = clock();
  const wall0 = performance.now();
  const options: SolveOptions = { seed, params, clock, timeLimitMs: 1000 * limitS };
  const result = solver.solve(instance, options);
  const threadCpuS = (clock() - thread0) / 1000;
  const wallS = (performance.now() - wall0) / 1000;
  const used = process.cpuUsage(cpu0);
  const processCpuS = (used.user + used.system) / 1e6;

  const solved = result.status === 'solved';
  const goals = instance.agents.map((a) => a.goal);
  const out: OursResult = {
    status: result.status === 'cancelled' ? 'timeout' : result.status,
    threadCpuS,
    processCpuS,
    wallS,
    soc: solved ? sumOfCosts(result.paths, goals, 'rest') : null,
    sumOfLoss: solved ? sumOfCosts(result.paths, goals, 'away') : null,
    provedLb: Number.isFinite(result.stats.costLowerBound) ? result.stats.costLowerBound : null,
    valid: solved ? validatePlan(instance, result.paths).valid : null,
    message: result.message,
    prepareCpuS: (prepared.user + prepared.system) / 1e6,
  };
  console.log(`RESULT ${JSON.stringify(out)}`);
}

main();
