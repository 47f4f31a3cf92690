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
import type { SolveOptions, SolveResult } from '../../contract/types.ts';
import { deadlineOf } from '../../util/clock.ts';
import { stopCheck } from '../../contract/stopCheck.ts';
import { readParams } from '../../contract/readParams.ts';
import { eecbsSearch } from './eecbs.ts';
import { EECBS_PARAMS } from './paramSpecs.ts';

const DEFAULT_MAX_NODES = 2_000_000;

export function solveEecbs(instance: MapfInstance, options: SolveOptions): SolveResult {
  checkInstance(instance);
  if (instance.movement.connectivity !== 4) {
    throw new RangeError(`eecbs: plans on 4-connected grids (its conflicts are vertex and swap conflicts); this map is ${instance.movement.connectivity}-connected`);
  }
  instance.agents.forEach((a, i) => {
    if ((a.size ?? 1) !== 1 || (a.speed ?? 1) !== 1) throw new RangeError(`eecbs: unit ${i + 1} is not a one-cell unit moving a cell a turn; eecbs plans only those`);
  });
  const params = options.params ?? {};
  // w and the improvements as declared for the panel (paramSpecs.ts); maxNodes and costModel are read here.
  const p = readParams('eecbs', EECBS_PARAMS, params, ['maxNodes', 'costModel']);
  if (params.costModel !== undefined && params.costModel !== 'rest') {
    throw new RangeError(`eecbs: bounds the rest cost model (time until each unit rests on its goal for good), not '${String(params.costModel)}'`);
  }
  const w = p.w as number;
  const maxNodes = params.maxNodes ?? DEFAULT_MAX_NODES;
  if (typeof maxNodes !== 'number' || !Number.isInteger(maxNodes) || maxNodes < 1) throw new RangeError(`eecbs: param 'maxNodes' must be a whole number >= 1, got ${String(maxNodes)}`);
  const bypass = p.bypass as boolean;
  const prioritize = p.prioritize as boolean;
  const targetReasoning = p.targetReasoning as boolean;
  // Started after the input checks, before any table is built: set-up counts against the limit.
  const deadline = deadlineOf(options);
  const result = eecbsSearch(instance.grid, Int32Array.from(instance.agents, (a) => a.start), Int32Array.from(instance.agents, (a) => a.goal), {
    w,
    maxNodes,
    bypass,
    targetReasoning,
    prioritize,
    shouldStop: stopCheck(options, deadline),
  });
  const stats = {
    expanded: result.lowExpanded,
    generated: result.highGenerated,
    elapsedMs: deadline.elapsedMs(),
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
      return { solver: 'eecbs', status: 'timeout', paths: [], message: `${deadline.words()} reached (lower bound ${result.lowerBound} on the sum of costs)`, stats };
  }
}
