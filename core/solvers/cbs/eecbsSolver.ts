/**
 * EECBS (eecbs.ts) as a registry solver: a plan whose sum of costs (`rest` model) is at most w
 * times the optimum, with the proved lower bound reported as costLowerBound (so cost <= w x bound
 * is visible). Params: `w` (suboptimality factor, default 1.2; 1 is optimal), `targetReasoning`
 * (default true), `bypass` (default true), `prioritize` (cardinal conflicts first, default true),
 * `maxNodes`. Standley's `away` model is refused, as for
 * cbs.
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { checkInstance } from '../../mapf/instance.ts';
import type { SolveOptions, SolveResult } from '../types.ts';
import { eecbsSearch } from './eecbs.ts';

const DEFAULT_MAX_NODES = 2_000_000;
const DEFAULT_W = 1.2;
const ALLOWED = ['targetReasoning', 'w', 'maxNodes', 'costModel', 'bypass', 'prioritize'];

export function solveEecbs(instance: MapfInstance, options: SolveOptions): SolveResult {
  const started = performance.now();
  checkInstance(instance);
  if (instance.movement.connectivity !== 4) {
    throw new RangeError(`eecbs: plans on 4-connected grids (its conflicts are vertex and swap conflicts); this map is ${instance.movement.connectivity}-connected`);
  }
  instance.agents.forEach((a, i) => {
    if ((a.size ?? 1) !== 1 || (a.speed ?? 1) !== 1) throw new RangeError(`eecbs: unit ${i + 1} is not a one-cell unit moving a cell a turn; eecbs plans only those`);
  });
  const params = options.params ?? {};
  for (const key of Object.keys(params)) {
    if (!ALLOWED.includes(key)) throw new RangeError(`eecbs: unknown param '${key}'; allowed params are ${ALLOWED.map((k) => `'${k}'`).join(', ')}`);
  }
  if (params.costModel !== undefined && params.costModel !== 'rest') {
    throw new RangeError(`eecbs: bounds the rest cost model (time until each unit rests on its goal for good), not '${String(params.costModel)}'`);
  }
  const w = params.w ?? DEFAULT_W;
  if (typeof w !== 'number' || !(w >= 1) || w > 100) throw new RangeError(`eecbs: param 'w' (suboptimality factor) must be a number from 1 to 100, got ${String(w)}`);
  const maxNodes = params.maxNodes ?? DEFAULT_MAX_NODES;
  if (typeof maxNodes !== 'number' || !Number.isInteger(maxNodes) || maxNodes < 1) throw new RangeError(`eecbs: param 'maxNodes' must be a whole number >= 1, got ${String(maxNodes)}`);
  const bypass = params.bypass ?? true;
  if (typeof bypass !== 'boolean') throw new RangeError(`eecbs: param 'bypass' must be true or false, got ${String(bypass)}`);
  const prioritize = params.prioritize ?? true;
  if (typeof prioritize !== 'boolean') throw new RangeError(`eecbs: param 'prioritize' must be true or false, got ${String(prioritize)}`);
  const targetReasoning = params.targetReasoning ?? true;
  if (typeof targetReasoning !== 'boolean') throw new RangeError(`eecbs: param 'targetReasoning' must be true or false, got ${String(targetReasoning)}`);
  const deadline = options.timeLimitMs === undefined ? Infinity : started + options.timeLimitMs;
  const result = eecbsSearch(instance.grid, Int32Array.from(instance.agents, (a) => a.start), Int32Array.from(instance.agents, (a) => a.goal), {
    w,
    maxNodes,
    bypass,
    targetReasoning,
    prioritize,
    shouldStop: () => (options.shouldStop?.() ? 'cancelled' : performance.now() > deadline ? 'timeout' : null),
  });
  const stats = {
    expanded: result.lowExpanded,
    generated: result.highGenerated,
    elapsedMs: performance.now() - started,
    highExpanded: result.highExpanded,
    highGenerated: result.highGenerated,
    lowExpanded: result.lowExpanded,
    costLowerBound: result.lowerBound,
    bypasses: result.bypasses,
  };
  const paths = result.paths.map((p) => Array.from(p));
  switch (result.status) {
    case 'solved':
      return { solver: 'eecbs', status: 'solved', paths, message: `sum of costs ${result.cost} <= ${w} x lower bound ${result.lowerBound}`, stats };
    case 'unsolvable':
      return { solver: 'eecbs', status: 'unsolvable', paths: [], message: 'no plan exists: a unit cannot reach its goal, or every constraint tree branch ran dry', stats };
    case 'memory':
      return { solver: 'eecbs', status: 'failed', paths: [], message: `node limit of ${maxNodes} reached (lower bound ${result.lowerBound}); raise param maxNodes`, stats };
    case 'cancelled':
      return { solver: 'eecbs', status: 'cancelled', paths: [], message: `cancelled (lower bound ${result.lowerBound})`, stats };
    default:
      return { solver: 'eecbs', status: 'timeout', paths: [], message: `time limit of ${options.timeLimitMs} ms reached (lower bound ${result.lowerBound} on the sum of costs)`, stats };
  }
}
