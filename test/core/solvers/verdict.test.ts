// "solved" means valid: a solver that claims to have solved a plan with conflicts is
// reported as failed, through every way a result reaches a person (solveWith: the solver
// processes; measureSolver: `mapf-lab solve` and experiments), naming the conflicts from unit 1.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { solveWith } from '../../../core/registry/registry.ts';
import { measureSolver } from '../../../core/simulation/measure.ts';
import type { SolverEntry } from '../../../core/contract/types.ts';

// Two units swap ends of a corridor: a straight-line "plan" meets head on.
const grid = Grid.fromAscii(['....']);
const instance: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 0), goal: grid.cell(3, 0) }, { start: grid.cell(3, 0), goal: grid.cell(0, 0) }] };
const boastful: SolverEntry = {
  name: 'boastful', label: 'claims solved', optimal: false,
  solve: () => ({ solver: 'boastful', status: 'solved', paths: [[0, 1, 2, 3], [3, 2, 1, 0]], stats: { expanded: 0, generated: 0, elapsedMs: 0 } }),
};

describe('the verdict on a claimed solve', () => {
  it('solveWith reports a plan with conflicts as failed, naming the first with units from 1', () => {
    const result = solveWith(boastful, instance, {});
    expect(result.status).toBe('failed');
    expect(result.message).toBe('the plan validator found 1 conflict; first: swap conflict: units 1 and 2 at (2, 0), t=1');
    expect(result.paths).toHaveLength(2); // kept, for the replay
  });

  it('measureSolver does not call the run solved either', () => {
    const measured = measureSolver(boastful, instance, {}, []);
    expect(measured.status).toBe('failed');
    expect(measured.message).toMatch(/^the plan validator found 1 conflict; first: swap conflict: units 1 and 2/);
  });

  it('leaves a valid plan solved', () => {
    const honest: SolverEntry = { ...boastful, solve: () => ({ solver: 'h', status: 'solved', paths: [[0, 1, 2, 3], [3, 3, 3, 3]], stats: { expanded: 0, generated: 0, elapsedMs: 0 } }) };
    const alone = { ...instance, agents: [instance.agents[0], { start: grid.cell(3, 0), goal: grid.cell(3, 0) }] };
    // Unit 2 sits on unit 1's goal: a vertex conflict at t=3.
    expect(solveWith(honest, alone, {}).message).toMatch(/vertex conflict: units 1 and 2 at \(3, 0\), t=3/);
    const apart: MapfInstance = { grid: Grid.fromAscii(['....', '....']), movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 3 }, { start: 4, goal: 7 }] };
    const fine: SolverEntry = { ...boastful, solve: () => ({ solver: 'f', status: 'solved', paths: [[0, 1, 2, 3], [4, 5, 6, 7]], stats: { expanded: 0, generated: 0, elapsedMs: 0 } }) };
    expect(solveWith(fine, apart, {}).status).toBe('solved');
    expect(measureSolver(fine, apart, {}, []).status).toBe('solved');
  });
});
