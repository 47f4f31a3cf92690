import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { AgentTask, MapfInstance } from '../../../core/mapf/instance.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';

function instance(rows: string[], agents: [number, number, number, number, Partial<AgentTask>?][]): MapfInstance {
  const grid = Grid.fromAscii(rows);
  return { grid, movement: FOUR_CONNECTED, agents: agents.map(([sx, sy, gx, gy, extra]) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy), ...extra })) };
}
const xs = (inst: MapfInstance, y: number, xsOf: number[]) => xsOf.map((x) => inst.grid.cell(x, y));
const rulesOf = (inst: MapfInstance, paths: number[][]) => validatePlan(inst, paths, { requireGoals: false }).violations.map((v) => v.rule);

describe('plan validator: large units', () => {
  const rows = ['......', '......', '......'];

  it('flags a 2x2 square overlapping a 1x1 unit whose anchor differs', () => {
    // The 2x2 unit at (0,0) covers (0..1, 0..1); the small unit walks into (1,1).
    const inst = instance(rows, [[0, 0, 0, 0, { size: 2 }], [3, 1, 1, 1]]);
    const result = validatePlan(inst, [xs(inst, 0, [0, 0, 0]), xs(inst, 1, [3, 2, 1])], { requireGoals: false });
    expect(result.violations.map((v) => v.rule)).toEqual(['footprint']);
    expect(result.violations[0]).toMatchObject({ agents: [0, 1], t: 2 });
    expect(result.violations[0].message).toContain('(1, 1)');
  });

  it('accepts the same units kept apart, and a 2x2 unit following a 1x1 one', () => {
    const inst = instance(rows, [[0, 0, 2, 0, { size: 2 }], [2, 1, 4, 1]]);
    // The small unit moves right every turn; the big square enters each cell it has just left.
    expect(rulesOf(inst, [xs(inst, 0, [0, 1, 2]), xs(inst, 1, [2, 3, 4])])).toEqual([]);
  });

  it('flags a square that covers a wall even when its anchor is free', () => {
    const inst = instance(['......', '.@....', '......'], [[0, 0, 0, 0, { size: 2 }]]);
    expect(rulesOf(inst, [xs(inst, 0, [0])])).toEqual(['wall']);
  });

  it('flags a square that leaves the map', () => {
    const inst = instance(rows, [[4, 0, 4, 0, { size: 2 }]]);
    expect(rulesOf(inst, [xs(inst, 0, [4, 5])])).toEqual(['off-map']);
  });
});

describe('plan validator: slow units', () => {
  const rows = ['......'];

  it('accepts a speed-2 unit that completes a move every second turn', () => {
    const inst = instance(rows, [[0, 0, 2, 0, { speed: 2 }]]);
    expect(rulesOf(inst, [xs(inst, 0, [0, 0, 1, 1, 2])])).toEqual([]);
  });

  it('flags a speed-2 unit moving every turn, naming its pace', () => {
    const inst = instance(rows, [[0, 0, 2, 0, { speed: 2 }]]);
    const result = validatePlan(inst, [xs(inst, 0, [0, 0, 1, 2])], { requireGoals: false });
    expect(result.violations.map((v) => v.rule)).toEqual(['speed']);
    expect(result.violations[0].message).toMatch(/agent 1 \(speed 2\) completes a move at t=3, 1 turn\(s\) after its previous move; each move takes 2 turns/);
  });

  it('flags a unit entering the cell a slow unit is moving into', () => {
    // The slow unit moves (0,0) -> (1,0) during turns 0..2 and holds (1,0) at t=1; the other
    // unit steps onto (1,0) at t=1.
    const inst = instance(rows, [[0, 0, 1, 0, { speed: 2 }], [2, 0, 1, 0]]);
    const result = validatePlan(inst, [xs(inst, 0, [0, 0, 1]), xs(inst, 0, [2, 1, 2])], { requireGoals: false });
    expect(result.violations.map((v) => v.rule)).toContain('footprint');
    expect(result.violations.find((v) => v.rule === 'footprint')).toMatchObject({ agents: [0, 1], t: 1 });
  });
});
