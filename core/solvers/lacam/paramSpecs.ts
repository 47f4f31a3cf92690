/**
 * LaCAM's and LaCAM*'s params as the app's solver panel offers them (core/contract/types.ts
 * ParamSpec), read by lacamSolver.ts through readParams (names, ranges and defaults); lacam.ts's
 * own fallbacks are the same values, for callers of lacamSearch (a test holds them together).
 * LaCAM* adds its refiner's.
 */
import type { ParamSpec } from '../../contract/types.ts';
import { DEFAULT_SCATTER_MARGIN } from './scatter.ts';

function shared(anytime: boolean): ParamSpec[] {
  return [
    { name: 'swap', label: 'Swap operation', kind: 'boolean', default: true, help: 'PIBT\'s swap (LaCAM*, Okumura 2023): two units facing each other in a corridor back off and pass at the next branching' },
    { name: 'pibtRuns', label: 'PIBT runs per successor', kind: 'number', default: 1, min: 1, max: 100, integer: true, help: 'lacam3: try several PIBT orders per configuration and keep the best' },
    { name: 'restartRate', label: 'Restart rate', kind: 'number', default: 0.1, min: 0, max: 1, help: 'Chance of going back to the start configuration instead of the current one (lacam2\'s random restarts)' },
    {
      name: 'scatterMargin',
      label: 'Scatter margin',
      kind: 'number',
      default: anytime ? DEFAULT_SCATTER_MARGIN : 0,
      min: 0,
      max: 1000,
      integer: true,
      help: 'lacam3\'s scattered preferences: each unit prefers a path within this many moves of its shortest that crosses the others least; 0 = off',
    },
    { name: 'workLimit', label: 'Work limit', kind: 'number', default: null, min: 1, integer: true, help: 'Stop after this much work (PIBT calls and refinement expansions) instead of at a time: the same plan on a busy machine as on an idle one' },
    { name: 'memoryMb', label: 'Memory (MB)', kind: 'number', default: 2048, min: 1, help: 'Memory for the search\'s configurations; past it the run stops and says so' },
  ];
}

export const LACAM_PARAMS: readonly ParamSpec[] = shared(false);

export const LACAM_STAR_PARAMS: readonly ParamSpec[] = [
  ...shared(true),
  { name: 'refineShare', label: 'Refinement share', kind: 'number', default: 0.8, min: 0, max: 0.99, help: 'Share of the time spent replanning small groups of units once a plan exists (lacam3\'s refiner)' },
  { name: 'reverseEdges', label: 'Reverse edges', kind: 'boolean', default: true, help: 'lacam3: a configuration and the one it came from are linked both ways, so a cheaper way into one can lower the other\'s cost' },
  { name: 'refineGroup', label: 'Refinement group', kind: 'number', default: 8, min: 1, max: 1000, integer: true, help: 'Units replanned together by the refiner' },
];
