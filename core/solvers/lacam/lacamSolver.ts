/**
 * LaCAM and LaCAM* (lacam.ts) as registry solvers: they plan offline, from the starts to the
 * goals, and answer with the whole plan. `lacam` stops at its first solution, `lacam-star` goes on
 * improving it (sum of loss, the `away` model) until the time limit or until it is proven optimal.
 * Params: memoryMb, swap (PIBT's swap operation, default true), pibtRuns (PIBT runs per successor,
 * default 1), restartRate (default 0.1), scatterMargin (lacam3's scattered preferences, 0 = off;
 * default 10 for lacam-star, 0 for lacam, whose first-solution figures were measured without),
 * workLimit (a budget of work instead of time: runs that give the same plan on a busy machine);
 * lacam-star also refineShare (default 0.8) and refineGroup (default 8). See lacam.ts, refine.ts
 * and scatter.ts.
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { checkInstance } from '../../mapf/instance.ts';
import type { SolveOptions, SolveResult } from '../types.ts';
import { lacamSearch } from './lacam.ts';
import { DEFAULT_SCATTER_MARGIN } from './scatter.ts';
import { checkPibtUnits } from './units.ts';

/** Default memory for the search's nodes; each holds three arrays of one number per unit. */
const DEFAULT_MEMORY_MB = 2048;

interface LacamParams {
  memoryMb: number;
  swap?: boolean;
  pibtRuns?: number;
  restartRate?: number;
  refineShare?: number;
  refineGroup?: number;
  workLimit?: number;
  scatterMargin?: number;
}

/** What each param may be: [check, what it must be]. The refinement's only matter to lacam-star. */
const PARAM_RULES: Record<string, [(value: unknown) => boolean, string, boolean]> = {
  memoryMb: [(v) => typeof v === 'number' && v >= 1, 'a number >= 1', false],
  swap: [(v) => typeof v === 'boolean', 'true or false', false],
  pibtRuns: [(v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100, 'a whole number from 1 to 100', false],
  restartRate: [(v) => typeof v === 'number' && v >= 0 && v <= 1, 'a number from 0 to 1', false],
  refineShare: [(v) => typeof v === 'number' && v >= 0 && v < 1, 'a number from 0 up to (not including) 1', true],
  refineGroup: [(v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 1000, 'a whole number from 1 to 1000', true],
  workLimit: [(v) => Number.isInteger(v) && (v as number) >= 1, 'a whole number >= 1', false],
  scatterMargin: [(v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 1000, 'a whole number from 0 to 1000', false],
};

function readParams(name: string, params: Record<string, unknown>, anytime: boolean): LacamParams {
  const allowed = Object.keys(PARAM_RULES).filter((key) => anytime || !PARAM_RULES[key][2]);
  for (const [key, value] of Object.entries(params)) {
    if (!allowed.includes(key)) throw new RangeError(`${name}: unknown param '${key}'; allowed params are ${allowed.map((k) => `'${k}'`).join(', ')}`);
    const [ok, what] = PARAM_RULES[key];
    if (!ok(value)) throw new RangeError(`${name}: param '${key}' must be ${what}, got ${JSON.stringify(value)}`);
  }
  return { ...(params as Partial<LacamParams>), memoryMb: (params.memoryMb as number | undefined) ?? DEFAULT_MEMORY_MB };
}

export function solveLacam(instance: MapfInstance, options: SolveOptions, anytime: boolean): SolveResult {
  const name = anytime ? 'lacam-star' : 'lacam';
  const started = performance.now();
  checkInstance(instance);
  checkPibtUnits(name, instance.movement, instance.agents);
  const params = readParams(name, options.params ?? {}, anytime);
  const memoryMb = params.memoryMb;
  const n = instance.agents.length;
  const deadline = options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs;
  const result = lacamSearch(instance.grid, Int32Array.from(instance.agents, (a) => a.start), Int32Array.from(instance.agents, (a) => a.goal), {
    seed: options.seed ?? 0,
    anytime,
    swap: params.swap,
    pibtRuns: params.pibtRuns,
    restartRate: params.restartRate,
    refineShare: params.refineShare,
    refineGroup: params.refineGroup,
    workLimit: params.workLimit,
    scatterMargin: params.scatterMargin ?? (anytime ? DEFAULT_SCATTER_MARGIN : 0),
    maxNodes: Math.max(16, Math.floor((memoryMb * 1024 * 1024) / (12 * n + 160))),
    shouldStop: () => (options.shouldStop?.() ? 'cancelled' : performance.now() > deadline ? 'timeout' : null),
    // Scatter gets at most half the time limit, as in lacam3 (planner.cpp set_scatter).
    scatterStop: () => options.shouldStop?.() === true || performance.now() > started + (deadline - started) / 2,
    onImproved: (cost, lowerBound) => options.onProgress?.({ message: `sum of loss ${cost} (lower bound ${lowerBound})` }),
  });
  const paths: number[][] = instance.agents.map((_, i) => result.configs.map((config) => config[i]));
  const stats = {
    expanded: result.iterations,
    generated: result.highNodes,
    elapsedMs: performance.now() - started,
    highNodes: result.highNodes,
    lowNodes: result.lowNodes,
    costLowerBound: result.lowerBound,
    sumOfLoss: result.cost,
    provenOptimal: result.optimal ? 1 : 0,
  };
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  switch (result.status) {
    case 'solved': {
      const message = !anytime
        ? undefined
        : result.optimal
          ? `optimal for the sum of loss (${result.cost})`
          : `best plan found in ${seconds} s (sum of loss ${result.cost}, lower bound ${result.lowerBound}); not proven optimal`;
      return { solver: name, status: 'solved', paths, message, stats };
    }
    case 'unsolvable':
      return { solver: name, status: 'unsolvable', paths: [], message: `no plan exists: every configuration reachable from the starts was explored (${result.highNodes} of them)`, stats };
    case 'memory':
      return { solver: name, status: 'failed', paths: [], message: `memory limit of ${memoryMb} MB reached after ${result.highNodes} configurations; raise param memoryMb`, stats };
    case 'cancelled':
      return { solver: name, status: 'cancelled', paths: [], message: `cancelled after ${seconds} s`, stats };
    default: {
      const limit = performance.now() > deadline ? `time limit of ${options.timeLimitMs} ms` : `work limit of ${params.workLimit}`;
      return { solver: name, status: 'timeout', paths: [], message: `${limit} reached with no plan yet (${result.highNodes} configurations)`, stats };
    }
  }
}
