/**
 * Hand-made situations for the optimal solvers of Standley 2010:
 * the paper's Figure 3, the 4- and 8-connected rules, the cost of leaving a goal, unsolvable
 * instances, and bad input. Plans are checked with the validator and by cost, not path by path.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, type Movement, OCTILE_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { type CostModel, pathCost, sumOfCosts } from '../../../../core/mapf/plan.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { solveAstar, solveIdAstar, solveIdOd, solveOd, solveSidOd } from '../../../../core/solvers/optimal/solvers.ts';
import type { SolveOptions, SolveResult } from '../../../../core/contract/types.ts';
import { bruteForceOptimum } from './bruteForce.ts';

const SOLVERS: [string, (instance: MapfInstance, options?: SolveOptions) => SolveResult][] = [
  ['astar', solveAstar],
  ['od', solveOd],
  ['id+astar', solveIdAstar],
  ['id+od', solveIdOd],
  ['sid+od', solveSidOd],
];

/** Builds an instance from ASCII rows and [start, goal] coordinate pairs. */
function instance(rows: string[], movement: Movement, tasks: [[number, number], [number, number]][]): MapfInstance {
  const grid = Grid.fromAscii(rows);
  return { grid, movement, agents: tasks.map(([[sx, sy], [gx, gy]]) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy) })) };
}

/** Solves with every solver, checks the plan, and returns the sum of costs they all found. */
function optimalCost(inst: MapfInstance, costModel: CostModel = 'away'): number {
  const goals = inst.agents.map((a) => a.goal);
  const costs = SOLVERS.map(([name, solve]) => {
    const result = solve(inst, { params: { costModel } });
    expect(result.status, `${name}: ${result.message}`).toBe('solved');
    const check = validatePlan(inst, result.paths);
    expect(check.valid, `${name}: ${describeViolations(check)}`).toBe(true);
    return sumOfCosts(result.paths, goals, costModel);
  });
  expect(new Set(costs).size, `costs ${costs.join(', ')}`).toBe(1);
  return costs[0];
}

describe('Figure 3: two agents that must both move east first', () => {
  // Agent 0 (a) can go N, E or wait; agent 1 (b) E, W, NW or wait. The optimum needs [E, E], where
  // agent 0 moves into the cell agent 1 is leaving, which naive OD would rule out.
  const figure3 = instance(['.@@', '...'], OCTILE_CUT, [[[0, 1], [1, 1]], [[1, 1], [2, 1]]]);

  it('every solver finds the optimum of 2 (both move east at once)', () => {
    expect(optimalCost(figure3)).toBe(2);
    expect(bruteForceOptimum(figure3, 'away').cost).toBe(2);
  });

  it('the standard algorithm generates the paper\'s eight legal operators from the start', () => {
    // Root + 7 new states; the eighth operator, [wait, wait], leads back to the root.
    expect(solveAstar(figure3).stats.generated).toBe(8);
  });

  it('OD assigns agent 0 first (N, E, wait), then agent 1 after E only E or NW', () => {
    // Full expansion: root, the three intermediate states of agent 0, and [E, E] and [E, NW]:
    // wait would overlap and W would pass through agent 0.
    expect(solveOd(figure3, { params: { partialExpansion: false } }).stats.generated).toBe(6);
  });

  it('OD with partial expansion generates only the children on the optimal f: root, E, [E, E]', () => {
    // N and wait of agent 0 raise f by 2 and 1; [E, NW] raises it by 1. None is ever reached.
    const result = solveOd(figure3);
    expect(result.stats.generated).toBe(3);
    expect(result.stats.lowerBound).toBe(2);
  });
});

describe('4- and 8-connected rules', () => {
  it('diagonal crossing is a conflict with 8-connectivity; following is allowed in both', () => {
    // a: (0,0) -> (1,1), b: (1,0) -> (0,1). 8-connected both could go diagonally in one step, but
    // those diagonals cross, so one waits (cost 3). 4-connected each needs two steps, and they
    // can rotate through the block following each other (cost 4).
    const tasks: [[number, number], [number, number]][] = [[[0, 0], [1, 1]], [[1, 0], [0, 1]]];
    expect(optimalCost(instance(['..', '..'], OCTILE_CUT, tasks))).toBe(3);
    expect(optimalCost(instance(['..', '..'], FOUR_CONNECTED, tasks))).toBe(4);
  });

  it('8-connected (Standley) moves diagonally past blocked corners; 4-connected cannot pass', () => {
    const rows = ['.@', '@.'];
    const tasks: [[number, number], [number, number]][] = [[[0, 0], [1, 1]]];
    expect(optimalCost(instance(rows, OCTILE_CUT, tasks))).toBe(1);
    for (const [name, solve] of SOLVERS) {
      const result = solve(instance(rows, FOUR_CONNECTED, tasks));
      expect(result.status, name).toBe('unsolvable');
      expect(result.message, name).toMatch(/agent 1 cannot reach its goal \(1, 1\) from \(0, 0\)/);
    }
  });

  it('swaps are conflicts: agents swapping the ends of a corridor use the side pocket', () => {
    // 4-connected one agent steps into the pocket and out again (2 + 5 or 3 + 4); 8-connected one
    // cuts through the pocket diagonally while the other walks straight (2 + 2).
    const tasks: [[number, number], [number, number]][] = [[[0, 0], [2, 0]], [[2, 0], [0, 0]]];
    for (const [movement, expected] of [[FOUR_CONNECTED, 7], [OCTILE_CUT, 4]] as const) {
      const inst = instance(['...', '@.@'], movement, tasks);
      expect(bruteForceOptimum(inst, 'away').cost).toBe(expected);
      expect(optimalCost(inst)).toBe(expected);
    }
  });
});

describe('the two cost models: an agent that waits on its goal and then steps aside', () => {
  // Agent 0 starts on its goal in a corridor; agent 1 must pass through it, so agent 0 steps
  // into the pocket and back. Under 'away' (the seed's: "the number of agents not stopped on their
  // goals") it waits on its goal for free at t = 0, leaves as agent 1 arrives and returns as it
  // goes: 1 + 1 = 2. Under 'rest' its cost is the time until it is back for good: 3.
  const inst = instance(['.....', '@@.@@'], FOUR_CONNECTED, [[[2, 0], [2, 0]], [[0, 0], [4, 0]]]);

  it("'away': every solver and the brute force agree on 4 + 2 = 6", () => {
    expect(bruteForceOptimum(inst, 'away').cost).toBe(6);
    expect(optimalCost(inst, 'away')).toBe(6);
  });

  it("'rest': every solver and the brute force agree on 4 + 3 = 7", () => {
    expect(bruteForceOptimum(inst, 'rest').cost).toBe(7);
    expect(optimalCost(inst, 'rest')).toBe(7);
  });

  it("'away' is the default; the plan charges agent 0 for leaving and returning only", () => {
    const result = solveOd(inst);
    expect(pathCost(result.paths[0], inst.agents[0].goal, 'away')).toBe(2);
    expect(pathCost(result.paths[0], inst.agents[0].goal, 'rest')).toBe(3);
    expect(result.paths[0].length).toBe(4); // t = 0..3, ending when it rests on its goal
    const rest = solveOd(inst, { params: { costModel: 'rest' } });
    expect(pathCost(rest.paths[0], inst.agents[0].goal, 'rest')).toBe(3);
  });

  it('refuses an unknown cost model or ID rule, naming the parameter', () => {
    expect(() => solveIdOd(inst, { params: { costModel: 'makespan' } })).toThrow(/params\.costModel must be one of away, rest, got makespan/);
    expect(() => solveIdOd(inst, { params: { conflictOrder: 'last' } })).toThrow(/params\.conflictOrder must be 'first'/);
  });
});

describe('unsolvable instances', () => {
  it('two agents that must swap in a corridor: unsolvable (open list exhausted), with no time limit to end it', () => {
    for (const movement of [FOUR_CONNECTED, OCTILE_CUT]) {
      const inst = instance(['....'], movement, [[[0, 0], [3, 0]], [[3, 0], [0, 0]]]);
      for (const [name, solve] of SOLVERS) {
        const result = solve(inst, {});
        expect(result.status, name).toBe('unsolvable');
        expect(result.message, name).toMatch(/no conflict-free plan/);
        expect(result.paths, name).toEqual([]);
      }
    }
  });
});

describe('bad input', () => {
  it('throws naming the agent', () => {
    const inst = instance(['...'], FOUR_CONNECTED, [[[0, 0], [2, 0]]]);
    inst.agents[0].size = 2;
    expect(() => solveOd(inst)).toThrow(/agent 1: od plans unit-size agents/);
    const onWall = instance(['.@.'], FOUR_CONNECTED, [[[1, 0], [2, 0]]]);
    expect(() => solveIdOd(onWall)).toThrow(/agent 1: start \(1, 0\) is on a wall/);
    expect(() => solveIdOd(instance(['...'], FOUR_CONNECTED, [[[0, 0], [2, 0]]]), { params: { memoryMb: -1 } })).toThrow(/memoryMb/);
  });

  it('solves zero agents and agents already on their goals at cost 0', () => {
    expect(solveIdOd(instance(['...'], FOUR_CONNECTED, [])).status).toBe('solved');
    expect(optimalCost(instance(['...'], FOUR_CONNECTED, [[[0, 0], [0, 0]], [[2, 0], [2, 0]]]))).toBe(0);
  });
});
