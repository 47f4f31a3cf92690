/**
 * CBS's and EECBS's params as the app's solver panel offers them (core/contract/types.ts
 * ParamSpec): the improvements, each switchable for ablations, and EECBS's bound w.
 * cbsSolver.ts and eecbsSolver.ts read them through readParams (names, ranges and defaults).
 */
import type { ParamSpec } from '../../contract/types.ts';

const SHARED: readonly ParamSpec[] = [
  { name: 'prioritize', label: 'Cardinal conflicts first', kind: 'boolean', default: true, help: 'ICBS (Boyarski et al. 2015): split on cardinal conflicts first, then semi-cardinal, found with MDDs' },
  { name: 'bypass', label: 'Bypass', kind: 'boolean', default: true, help: 'ICBS: a child as cheap as its parent with fewer conflicts lends the parent its path instead of branching' },
  { name: 'targetReasoning', label: 'Target reasoning', kind: 'boolean', default: true, help: 'A unit resting on its goal and another passing over it later: split on whether the first unit\'s path is longer than that turn (Li et al. 2020)' },
];

export const CBS_PARAMS: readonly ParamSpec[] = [
  { name: 'heuristic', label: 'High-level heuristic', kind: 'choice', default: 'wdg', choices: ['wdg', 'cg', 'none'], help: 'wdg: weighted dependency graph (CBSH2, Li et al. 2019); cg: conflict graph of cardinal conflicts (CBSH); none: plain CBS' },
  ...SHARED,
  { name: 'rectangle', label: 'Rectangle reasoning', kind: 'boolean', default: true, help: 'Two units crossing in open ground: one split with barrier constraints instead of many (Li et al. 2021); 4-connected maps only, not applied on 8-connected ones' },
  { name: 'corridor', label: 'Corridor reasoning', kind: 'boolean', default: true, help: 'Two units meeting head-on in a corridor: one split with range constraints (Li et al. 2021); 4-connected maps only, not applied on 8-connected ones' },
];

export const EECBS_PARAMS: readonly ParamSpec[] = [
  { name: 'w', label: 'Suboptimality w', kind: 'number', default: 1.2, min: 1, max: 100, help: 'The plan costs at most w times the optimum; w = 1 is optimal (Li, Ruml and Koenig 2021)' },
  ...SHARED,
];
