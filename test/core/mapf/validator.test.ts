import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';

function instance(rows: string[], agents: [number, number, number, number][], movement = FOUR_CONNECTED): MapfInstance {
  const grid = Grid.fromAscii(rows);
  return { grid, movement, agents: agents.map(([sx, sy, gx, gy]) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy) })) };
}
const xy = (inst: MapfInstance, pts: [number, number][]) => pts.map(([x, y]) => inst.grid.cell(x, y));
const rules = (inst: MapfInstance, paths: number[][], opts = {}) => validatePlan(inst, paths, opts).violations.map((v) => v.rule);

describe('plan validator', () => {
  it('accepts a plan where one agent waits for the other', () => {
    const inst = instance(['...'], [[0, 0, 2, 0], [1, 0, 0, 0]]);
    // Agent 1 cannot get past agent 0 in a one-lane corridor: this plan has a swap.
    expect(rules(inst, [xy(inst, [[0, 0], [1, 0], [2, 0]]), xy(inst, [[1, 0], [0, 0], [0, 0]])])).toEqual(['swap']);
  });

  it('reports vertex conflicts with agents, time and cell', () => {
    const inst = instance(['...'], [[0, 0, 1, 0], [2, 0, 0, 0]]);
    const result = validatePlan(inst, [xy(inst, [[0, 0], [1, 0]]), xy(inst, [[2, 0], [1, 0], [0, 0]])], { requireGoals: false });
    expect(result.valid).toBe(false);
    expect(result.violations[0]).toMatchObject({ rule: 'vertex', agents: [0, 1], t: 1 });
    expect(result.violations[0].message).toContain('(1, 0)');
  });

  it('holds an agent on its last cell after its path ends', () => {
    const inst = instance(['...'], [[1, 0, 1, 0], [0, 0, 2, 0]]);
    expect(rules(inst, [xy(inst, [[1, 0]]), xy(inst, [[0, 0], [1, 0], [2, 0]])])).toContain('vertex');
  });

  it('allows following by default and flags it when disabled', () => {
    const inst = instance(['....'], [[1, 0, 2, 0], [0, 0, 1, 0]]);
    const plan = [xy(inst, [[1, 0], [2, 0]]), xy(inst, [[0, 0], [1, 0]])];
    expect(rules(inst, plan)).toEqual([]);
    expect(rules(inst, plan, { rules: { following: false, rotation: false } })).toEqual(['following']);
  });

  it('tells rotations from following', () => {
    const inst = instance(['..', '..'], [[0, 0, 1, 0], [1, 0, 1, 1], [1, 1, 0, 1], [0, 1, 0, 0]]);
    const plan = [xy(inst, [[0, 0], [1, 0]]), xy(inst, [[1, 0], [1, 1]]), xy(inst, [[1, 1], [0, 1]]), xy(inst, [[0, 1], [0, 0]])];
    expect(rules(inst, plan)).toEqual([]);
    expect(rules(inst, plan, { rules: { following: true, rotation: false } })).toEqual(['rotation']);
  });

  it('flags crossing diagonals on 8-connected grids', () => {
    const inst = instance(['..', '..'], [[0, 0, 1, 1], [1, 0, 0, 1]], OCTILE_CUT);
    expect(rules(inst, [xy(inst, [[0, 0], [1, 1]]), xy(inst, [[1, 0], [0, 1]])])).toEqual(['diagonal-crossing']);
  });

  it('flags walls, jumps, wrong starts and goals', () => {
    const inst = instance(['.@..'], [[0, 0, 3, 0]]);
    expect(rules(inst, [xy(inst, [[0, 0], [1, 0], [2, 0], [3, 0]])])).toEqual(['wall']);
    expect(rules(inst, [xy(inst, [[0, 0], [2, 0], [3, 0]])])).toEqual(['illegal-move']);
    expect(rules(inst, [xy(inst, [[2, 0], [3, 0]])])).toEqual(['start']);
    expect(rules(inst, [xy(inst, [[0, 0]])])).toEqual(['goal']);
    expect(rules(inst, [])).toEqual(['path-count']);
  });
});
