/**
 * LaCAM and LaCAM* (lacam.ts) as registry solvers: they plan offline, from the starts to the
 * goals, and answer with the whole plan. `lacam` stops at its first solution, `lacam-star` goes on
 * improving it (sum of loss, the `away` model) until the time limit or until it is proven optimal.
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { checkInstance } from '../../mapf/instance.ts';
import type { SolveOptions, SolveResult } from '../types.ts';
import { lacamSearch } from './lacam.ts';
import { checkPibtUnits } from './units.ts';

/** Default memory for the search's nodes; each holds three arrays of one number per unit. */
const DEFAULT_MEMORY_MB = 2048;

export function solveLacam(instance: MapfInstance, options: SolveOptions, anytime: boolean): SolveResult {
  const name = anytime ? 'lacam-star' : 'lacam';
  const started = performance.now();
  checkInstance(instance);
  checkPibtUnits(name, instance.movement, instance.agents);
  const params = options.params ?? {};
  for (const key of Object.keys(params)) {
    if (key !== 'memoryMb') throw new RangeError(`${name}: unknown param '${key}'; allowed params are 'memoryMb'`);
  }
  const memoryMb = params.memoryMb ?? DEFAULT_MEMORY_MB;
  if (typeof memoryMb !== 'number' || !(memoryMb >= 1)) throw new RangeError(`${name}: param 'memoryMb' must be a number >= 1, got ${String(memoryMb)}`);
  const n = instance.agents.length;
  const deadline = options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs;
  const result = lacamSearch(instance.grid, Int32Array.from(instance.agents, (a) => a.start), Int32Array.from(instance.agents, (a) => a.goal), {
    seed: options.seed ?? 0,
    anytime,
    maxNodes: Math.max(16, Math.floor((memoryMb * 1024 * 1024) / (12 * n + 160))),
    shouldStop: () => (options.shouldStop?.() ? 'cancelled' : performance.now() > deadline ? 'timeout' : null),
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
    default:
      return { solver: name, status: 'timeout', paths: [], message: `time limit of ${options.timeLimitMs} ms reached with no plan yet (${result.highNodes} configurations)`, stats };
  }
}
