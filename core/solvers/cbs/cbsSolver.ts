/**
 * CBS (cbs.ts) as a registry solver: optimal for the `rest` cost model (the Moving AI standard:
 * each unit's time until it rests on its goal for good). Standley's `away` model is refused: a
 * unit's cost there ends with its last move, which the constraint tree's path costs do not count.
 * Params: `targetReasoning` (default true), `bypass` (ICBS, default true), `prioritize` (ICBS's cardinal conflicts first, default true), `heuristic` ('wdg', CBSH2's
 * weighted dependency graph, default; 'cg', CBSH's conflict graph; 'none'), `rectangle` (rectangle
 * reasoning with MDDs, default true), `corridor` (corridor reasoning, default true), `maxNodes`.
 * More on this in README.md, "cbsSolver.ts".
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { checkInstance } from '../../mapf/instance.ts';
import { buildStepTable } from '../../search/stepTable.ts';
import type { SolveOptions, SolveResult } from '../../contract/types.ts';
import { deadlineOf } from '../../util/clock.ts';
import { stopCheck } from '../../contract/stopCheck.ts';
import { readParams } from '../../contract/readParams.ts';
import { CBS_PARAMS } from './paramSpecs.ts';
import { cbsSearch } from './cbs.ts';

const DEFAULT_MAX_NODES = 2_000_000;

export function solveCbs(instance: MapfInstance, options: SolveOptions): SolveResult {
  checkInstance(instance);
  const connectivity: number = instance.movement.connectivity;
  if (connectivity !== 4 && connectivity !== 8) {
    throw new RangeError(`cbs: plans on 4- and 8-connected grids; this map is ${connectivity}-connected`);
  }
  instance.agents.forEach((a, i) => {
    if ((a.size ?? 1) !== 1 || (a.speed ?? 1) !== 1) throw new RangeError(`cbs: unit ${i + 1} is not a one-cell unit moving a cell a turn; cbs plans only those`);
  });
  const params = options.params ?? {};
  // The improvements and the heuristic as declared for the panel (paramSpecs.ts); maxNodes and
  // costModel are read here.
  const p = readParams('cbs', CBS_PARAMS, params, ['maxNodes', 'costModel']);
  if (params.costModel !== undefined && params.costModel !== 'rest') {
    throw new RangeError(`cbs: minimises the rest cost model (time until each unit rests on its goal for good), not '${String(params.costModel)}'; use id+od for Standley's away model`);
  }
  const maxNodes = params.maxNodes ?? DEFAULT_MAX_NODES;
  if (typeof maxNodes !== 'number' || !Number.isInteger(maxNodes) || maxNodes < 1) throw new RangeError(`cbs: param 'maxNodes' must be a whole number >= 1, got ${String(maxNodes)}`);
  const prioritize = p.prioritize as boolean;
  const bypass = p.bypass as boolean;
  const heuristic = p.heuristic as 'wdg' | 'cg' | 'none';
  const targetReasoning = p.targetReasoning as boolean;
  const rectangle = p.rectangle as boolean;
  const corridor = p.corridor as boolean;
  // Started after the input checks, before any table is built: set-up counts against the limit.
  const deadline = deadlineOf(options);
  const result = cbsSearch(instance.grid, Int32Array.from(instance.agents, (a) => a.start), Int32Array.from(instance.agents, (a) => a.goal), {
    maxNodes,
    prioritize,
    heuristic,
    bypass,
    targetReasoning,
    // Not applied on 8-connected maps (see above): the params are accepted and checked alone.
    rectangle: rectangle && connectivity === 4,
    corridor: corridor && connectivity === 4,
    steps: connectivity === 8 ? buildStepTable(instance.grid, instance.movement) : undefined,
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
    rectangleSplits: result.rectangleSplits,
    corridorSplits: result.corridorSplits,
  };
  const paths = result.paths.map((p) => Array.from(p));
  switch (result.status) {
    case 'solved':
      return { solver: 'cbs', status: 'solved', paths, stats };
    case 'unsolvable':
      return { solver: 'cbs', status: 'unsolvable', paths: [], message: 'no plan exists: a unit cannot reach its goal, or every constraint tree branch ran dry', stats };
    case 'memory':
      return { solver: 'cbs', status: 'failed', paths: [], message: `node limit of ${maxNodes} reached (lower bound ${result.lowerBound}); raise param maxNodes`, stats };
    case 'cancelled':
      return { solver: 'cbs', status: 'cancelled', paths: [], message: `cancelled (lower bound ${result.lowerBound})`, stats };
    default:
      return { solver: 'cbs', status: 'timeout', paths: [], message: `${deadline.words()} reached (lower bound ${result.lowerBound} on the sum of costs)`, stats };
  }
}
