/**
 * One of our solvers on one instance, in a process of its own (bench:peers spawns one per run,
 * as the C++ solvers run one process each): loads the instance, solves it under a limit on this
 * thread's CPU time, checks the plan with the validator and prints one `RESULT {json}` line.
 * Only the solve is timed, not Node's start-up nor reading the files.
 *
 * The limit is on the solving thread's CPU clock (/proc/thread-self/schedstat, nanoseconds), so
 * a loaded machine does not decide which runs time out. Where core has the CPU-clock limit
 * (SolveOptions.clock, core/util/clock.ts: what the CLI's `--time-limit-clock cpu` passes), the
 * runner hands the solver that clock and timeLimitMs, so each phase gets its share of the limit
 * (LaCAM*'s scatter half of it); until then the solver's `shouldStop`, polled by its search
 * loops, is the limit, and scatter runs until its paths stop improving. shouldStop stays as a
 * backstop 5% past the limit. A stop with a plan in hand (LaCAM*) is a solved run; a stop
 * without one is reported as a timeout.
 *
 * Usage: tsx bench/peers/oursRunner.ts --solver cbs --map random-32-32-20 --scen 1 --k 40
 *   --limit-s 60 [--params '{"w":1.2}'] [--seed 0]
 */
import { existsSync, readFileSync } from 'node:fs';
import { sumOfCosts } from '../../core/mapf/plan.ts';
import { validatePlan } from '../../core/mapf/validator.ts';
import { findSolver } from '../../core/registry/registry.ts';
import type { SolveOptions } from '../../core/solvers/types.ts';
import { loadInstance } from './instances.ts';

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
}

const SCHEDSTAT = '/proc/thread-self/schedstat';
const HAS_SCHEDSTAT = existsSync(SCHEDSTAT);
const CORE_HAS_CLOCK = existsSync(new URL('../../core/util/clock.ts', import.meta.url));

/** The last reading and when (wall ms): a solver may ask between every two units, a read costs a system call. */
let lastRead = -Infinity;
let lastSeconds = 0;

/** This thread's CPU time in seconds, read at most once a millisecond (elsewhere than Linux: the process's, V8's helper threads too). */
function threadCpuSeconds(fresh = false): number {
  const now = performance.now();
  if (!fresh && now - lastRead < 1) return lastSeconds;
  lastRead = now;
  if (HAS_SCHEDSTAT) lastSeconds = Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e9;
  else {
    const used = process.cpuUsage();
    lastSeconds = (used.user + used.system) / 1e6;
  }
  return lastSeconds;
}

function main(): void {
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

  const cpu0 = process.cpuUsage();
  const thread0 = threadCpuSeconds(true);
  const wall0 = performance.now();
  const options: SolveOptions = { seed, params, shouldStop: () => threadCpuSeconds() - thread0 > (CORE_HAS_CLOCK ? 1.05 * limitS : limitS) };
  if (CORE_HAS_CLOCK) Object.assign(options, { clock: Object.assign(() => 1000 * threadCpuSeconds(), { kind: 'cpu' }), timeLimitMs: 1000 * limitS });
  const result = solver.solve(instance, options);
  const threadCpuS = threadCpuSeconds(true) - thread0;
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
  };
  console.log(`RESULT ${JSON.stringify(out)}`);
}

main();
