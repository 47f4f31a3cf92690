/**
 * LaCAM and LaCAM* (lacam.ts) as registry solvers: they plan offline, from the starts to the
 * goals, and answer with the whole plan. `lacam` stops at its first solution, `lacam-star` goes on
 * improving it (sum of loss, the `away` model) until the time limit or until it is proven optimal.
 * Params: memoryMb, swap (PIBT's swap operation, default true), pibtRuns (PIBT runs per successor,
 * default 1), restartRate (default 0.1), scatterMargin (lacam3's scattered preferences, 0 = off;
 * default 10 for lacam-star, 0 for lacam, whose first-solution figures were measured without),
 * workLimit (a budget of work instead of time: runs that give the same plan on a busy machine);
 * lacam-star also refineShare (default 0.8), refineGroup (default 8) and reverseEdges (default true). See lacam.ts, refine.ts
 * and scatter.ts.
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { checkInstance } from '../../mapf/instance.ts';
import type { SolveOptions, SolveResult } from '../../contract/types.ts';
import { deadlineOf } from '../../util/clock.ts';
import { stopCheck } from '../../contract/stopCheck.ts';
import { lacamSearch } from './lacam.ts';
import { readParams } from '../../contract/readParams.ts';
import { LACAM_PARAMS, LACAM_STAR_PARAMS } from './paramSpecs.ts';
import { checkPibtUnits } from './units.ts';

interface LacamParams {
  memoryMb: number;
  swap?: boolean;
  pibtRuns?: number;
  restartRate?: number;
  refineShare?: number;
  refineGroup?: number;
  workLimit?: number;
  scatterMargin?: number;
  reverseEdges?: boolean;
}

/** The params as declared for the panel (paramSpecs.ts), checked and with their defaults. */
function readLacamParams(name: string, params: Record<string, unknown>, anytime: boolean): LacamParams {
  return readParams(name, anytime ? LACAM_STAR_PARAMS : LACAM_PARAMS, params) as unknown as LacamParams;
}

export function solveLacam(instance: MapfInstance, options: SolveOptions, anytime: boolean): SolveResult {
  const name = anytime ? 'lacam-star' : 'lacam';
  checkInstance(instance);
  checkPibtUnits(name, instance.movement, instance.agents);
  const params = readLacamParams(name, options.params ?? {}, anytime);
  const memoryMb = params.memoryMb;
  const n = instance.agents.length;
  // Started before the distance tables are set up: set-up counts against the limit.
  const deadline = deadlineOf(options);
  const result = lacamSearch(instance.grid, Int32Array.from(instance.agents, (a) => a.start), Int32Array.from(instance.agents, (a) => a.goal), {
    seed: options.seed ?? 0,
    anytime,
    swap: params.swap,
    pibtRuns: params.pibtRuns,
    restartRate: params.restartRate,
    refineShare: params.refineShare,
    refineGroup: params.refineGroup,
    workLimit: params.workLimit,
    scatterMargin: params.scatterMargin,
    reverseEdges: params.reverseEdges,
    maxNodes: Math.max(16, Math.floor((memoryMb * 1024 * 1024) / (12 * n + 160))),
    shouldStop: stopCheck(options, deadline),
    clock: deadline.clock,
    // Scatter gets at most half the time limit, as in lacam3 (planner.cpp set_scatter).
    scatterStop: () => options.shouldStop?.() === true || deadline.sharePassed(0.5),
    onImproved: (cost, lowerBound) => options.onProgress?.({ message: `sum of loss ${cost} (lower bound ${lowerBound})` }),
  });
  const paths: number[][] = instance.agents.map((_, i) => result.configs.map((config) => config[i]));
  const stats = {
    expanded: result.iterations,
    generated: result.highNodes,
    elapsedMs: deadline.elapsedMs(),
    highNodes: result.highNodes,
    lowNodes: result.lowNodes,
    costLowerBound: result.lowerBound,
    sumOfLoss: result.cost,
    provenOptimal: result.optimal ? 1 : 0,
  };
  const seconds = (deadline.elapsedMs() / 1000).toFixed(2);
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
      const limit = deadline.passed() ? deadline.words() : `work limit of ${params.workLimit}`;
      return { solver: name, status: 'timeout', paths: [], message: `${limit} reached with no plan yet (${result.highNodes} configurations)`, stats };
    }
  }
}
