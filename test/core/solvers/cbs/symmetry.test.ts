/**
 * CBS's symmetry reasoning (Li et al., AIJ 2021): rectangle reasoning (rectangle.ts) and corridor
 * reasoning (corridor.ts) keep CBS optimal, equal to the brute-force optimum on tiny instances
 * where they split nodes, on or off and with the other improvements on or off; and each cuts the
 * constraint tree on the situation it is for: two units crossing an open room, two units head-on
 * in a corridor. Every plan passes the plan validator.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { sumOfCosts } from '../../../../core/mapf/plan.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { findSolver } from '../../../../core/registry/registry.ts';
import type { SolveResult } from '../../../../core/contract/types.ts';
import { bruteForceOptimum } from '../optimal/bruteForce.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

const cbs = findSolver('cbs')!;
const PLAIN = { prioritize: false, heuristic: 'none', bypass: false, targetReasoning: false };
const ICBS = { prioritize: true, heuristic: 'none', bypass: false, targetReasoning: false };

function checked(instance: MapfInstance, result: SolveResult, optimum: number | null, label: string): void {
  expect(result.status, `${label}: ${result.message}`).toBe('solved');
  const check = validatePlan(instance, result.paths);
  expect(check.valid, `${label}: ${describeViolations(check)}`).toBe(true);
  expect(sumOfCosts(result.paths, instance.agents.map((a) => a.goal), 'rest'), label).toBe(optimum);
}

/** The instances (open rooms for rectangles, cluttered maps for corridors) and their brute-force optima, made once. */
const cases: { seed: number; instance: MapfInstance; optimum: number }[] = [];
function instances(): typeof cases {
  if (cases.length > 0) return cases;
  for (let seed = 1; seed <= 90; seed++) {
    const kind = seed % 3;
    const instance = kind === 0 ? randomInstance(seed, 5, 5, 0, 2, FOUR_CONNECTED) : kind === 1 ? randomInstance(seed, 6, 4, 0.3, 3, FOUR_CONNECTED) : randomInstance(seed, 5, 4, 0.25, 3, FOUR_CONNECTED);
    const optimum = bruteForceOptimum(instance, 'rest').cost;
    if (optimum !== null) cases.push({ seed, instance, optimum });
  }
  return cases;
}

describe('CBS rectangle and corridor reasoning', () => {
  it.each([
    // What must have split nodes on these instances (else the row could not fail); with every
    // improvement, bypass and the WDG's pair searches settle the rectangles here before a split.
    ['rectangle alone, on ICBS', { ...ICBS, rectangle: true, corridor: false }, { rectangles: true, corridors: false }],
    ['corridor alone, on ICBS', { ...ICBS, rectangle: false, corridor: true }, { rectangles: false, corridors: true }],
    ['both, on plain CBS (the first conflict split by them)', { ...PLAIN, rectangle: true, corridor: true }, { rectangles: true, corridors: true }],
    ['both with every improvement (the defaults)', {}, { rectangles: false, corridors: true }],
    ['every improvement but them', { rectangle: false, corridor: false }, { rectangles: false, corridors: false }],
  ])('equals the brute-force optimum where it splits nodes: %s', (label, params, exercised) => {
    let rectangles = 0;
    let corridors = 0;
    for (const { seed, instance, optimum } of instances()) {
      const result = cbs.solve(instance, { params: { maxNodes: 100_000, ...params } });
      checked(instance, result, optimum, `${label}, seed ${seed}`);
      rectangles += result.stats.rectangleSplits;
      corridors += result.stats.corridorSplits;
    }
    expect(cases.length).toBeGreaterThan(50);
    const switches = params as { rectangle?: boolean; corridor?: boolean };
    if (exercised.rectangles) expect(rectangles).toBeGreaterThan(0);
    if (switches.rectangle === false) expect(rectangles).toBe(0);
    if (exercised.corridors) expect(corridors).toBeGreaterThan(0);
    if (switches.corridor === false) expect(corridors).toBe(0);
  });

  it('a rectangle: two units crossing an open 5 x 5 room take far fewer nodes with rectangle reasoning', () => {
    // Unit 1 from the left edge to the bottom right corner, unit 2 from the top edge to the right
    // edge: both head down and right, and every pair of shortest paths meets inside the rectangle
    // between (1, 1) and (3, 4). Standard splitting moves the meeting cell one node at a time.
    const grid = new Grid(5, 5);
    const instance: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 1), goal: grid.cell(4, 4) }, { start: grid.cell(1, 0), goal: grid.cell(3, 4) }] };
    const optimum = bruteForceOptimum(instance, 'rest').cost;
    const off = cbs.solve(instance, { params: { ...ICBS, rectangle: false, corridor: false } });
    const on = cbs.solve(instance, { params: { ...ICBS, rectangle: true, corridor: false } });
    checked(instance, off, optimum, 'off');
    checked(instance, on, optimum, 'on');
    expect(on.stats.rectangleSplits).toBeGreaterThan(0);
    expect(on.stats.highExpanded * 5).toBeLessThan(off.stats.highExpanded);
    checked(instance, cbs.solve(instance, {}), optimum, 'defaults');
  });

  it('a corridor: two units head-on in a 1-wide corridor take far fewer nodes with corridor reasoning', () => {
    // A corridor of 8 cells between two rooms of three cells; the units swap ends, so one waits
    // in a room's side cell while the other passes. Standard splitting delays one unit a turn per
    // node, the corridor's length over and over.
    const grid = Grid.fromAscii(['.@@@@@@@@.', '..........', '.@@@@@@@@.']);
    const instance: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 1), goal: grid.cell(9, 1) }, { start: grid.cell(9, 1), goal: grid.cell(0, 1) }] };
    const optimum = bruteForceOptimum(instance, 'rest').cost;
    const off = cbs.solve(instance, { params: { ...ICBS, rectangle: false, corridor: false, maxNodes: 100_000 } });
    const on = cbs.solve(instance, { params: { ...ICBS, rectangle: false, corridor: true } });
    checked(instance, off, optimum, 'off');
    checked(instance, on, optimum, 'on');
    expect(on.stats.corridorSplits).toBeGreaterThan(0);
    expect(on.stats.highExpanded * 5).toBeLessThan(off.stats.highExpanded);
    checked(instance, cbs.solve(instance, {}), optimum, 'defaults');
  });

  it('a corridor with a side pocket halfway: the same optimum either way', () => {
    // The pocket at (4, 0) breaks the corridor in two: a unit can step aside in the middle.
    const grid = Grid.fromAscii(['.@@@.@@@@.', '..........', '.@@@@@@@@.']);
    const instance: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 1), goal: grid.cell(9, 1) }, { start: grid.cell(9, 1), goal: grid.cell(0, 1) }] };
    const optimum = bruteForceOptimum(instance, 'rest').cost;
    for (const params of [{ ...ICBS, corridor: true, rectangle: false }, { ...ICBS, corridor: false, rectangle: false }, {}]) {
      checked(instance, cbs.solve(instance, { params: { maxNodes: 100_000, ...params } }), optimum, JSON.stringify(params));
    }
  });

  it('refuses a rectangle or corridor param that is not true or false', () => {
    const grid = new Grid(3, 3);
    const instance: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 8 }] };
    expect(() => cbs.solve(instance, { params: { rectangle: 1 } })).toThrow(/'rectangle' must be true or false/);
    expect(() => cbs.solve(instance, { params: { corridor: 'no' } })).toThrow(/'corridor' must be true or false/);
  });
});
