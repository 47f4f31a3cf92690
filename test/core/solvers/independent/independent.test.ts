import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import { solveIndependent } from '../../../../core/solvers/independent/independent.ts';
import { validatePlan } from '../../../../core/mapf/validator.ts';
import { buildDistanceTable } from '../../../../core/search/distanceTable.ts';
import { pathCost } from '../../../../core/mapf/plan.ts';

describe('independent shortest paths', () => {
  const grid = Grid.fromAscii([
    '......',
    '.@@@@.',
    '......',
  ]);
  it('gives each agent a shortest legal path to its goal', () => {
    for (const movement of [FOUR_CONNECTED, OCTILE_NO_CUT]) {
      const inst = { grid, movement, agents: [{ start: grid.cell(0, 0), goal: grid.cell(5, 2) }, { start: grid.cell(5, 0), goal: grid.cell(0, 1) }] };
      const result = solveIndependent(inst);
      expect(result.status).toBe('solved');
      // Collisions are allowed here, so check only the single-agent parts of the validator.
      const single = validatePlan(inst, result.paths, { requireGoals: true });
      expect(single.violations.filter((v) => v.rule !== 'vertex' && v.rule !== 'swap' && v.rule !== 'diagonal-crossing')).toEqual([]);
      result.paths.forEach((path, i) => {
        const table = buildDistanceTable(grid, movement, inst.agents[i].goal);
        let length = 0;
        for (let t = 1; t < path.length; t++) length += Math.hypot(grid.x(path[t]) - grid.x(path[t - 1]), grid.y(path[t]) - grid.y(path[t - 1]));
        expect(length).toBeCloseTo(table.distance[inst.agents[i].start]);
        expect(pathCost(path, inst.agents[i].goal, 'rest')).toBe(path.length - 1);
      });
    }
  });
  it('reports an unreachable goal as unsolvable, naming the agent', () => {
    const walled = Grid.fromAscii(['.@.']);
    const result = solveIndependent({ grid: walled, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 2 }] });
    expect(result.status).toBe('unsolvable');
    expect(result.message).toMatch(/agent 1 cannot reach its goal \(2, 0\)/);
  });
  it('throws on bad input naming the agent', () => {
    expect(() => solveIndependent({ grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(1, 1), goal: 0 }] })).toThrow(/agent 1: start \(1, 1\) is on a wall/);
  });
});
