// ORCA's half-planes and linear programs against cases solved by hand (van den Berg et al. 2011;
// RVO2's conventions: a line (point, unit direction) permits the velocities on its left).
import { describe, expect, it } from 'vitest';
import { LINE, OrcaProgram, linearProgram2, linearProgram3 } from '../../../../core/solvers/crowd/orca.ts';

function line(program: OrcaProgram, i: number): number[] {
  return Array.from(program.lines.subarray(i * LINE, i * LINE + LINE));
}

function expectClose(actual: ArrayLike<number>, expected: number[]): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i]).toBeCloseTo(expected[i], 9);
}

describe('ORCA half-planes', () => {
  it('head on, outside the cut-off: projects on the right leg and takes half the correction', () => {
    // A at (0, 0) moving (1, 0); B at (4, 0) moving (-1, 0); combined radius 1, horizon 2.
    // w = (2, 0) - (4, 0) / 2 = 0, so the leg case; right leg direction (-sqrt 15, 1) / 4;
    // the relative velocity's projection on it is (15/8, -sqrt 15 / 8), u = (-1/8, -sqrt 15 / 8).
    const program = new OrcaProgram();
    program.addNeighbour(4, 0, 2, 0, 1, 2, 0.25, 1, 0);
    const s = Math.sqrt(15);
    expectClose(line(program, 0), [1 - 1 / 16, -s / 16, -s / 4, 1 / 4]);
  });

  it('slow approach, inside the cut-off circle: the boundary is the circle\'s tangent', () => {
    // B at (2, 0) standing, A moving (1.5, 0), radius 1, horizon 1: the cut-off circle has centre
    // (2, 0) and radius 1, the relative velocity is 0.5 inside it; A takes half: vx <= 1.25.
    const program = new OrcaProgram();
    program.addNeighbour(2, 0, 1.5, 0, 1, 1, 0.25, 1.5, 0);
    expectClose(line(program, 0), [1.25, 0, 0, 1]);
  });

  it('already overlapping: separate within one step', () => {
    // Centres 0.5 apart, combined radius 1, both still, step 0.25: each must move away at
    // speed 1 (2 x 1 x 0.25 = the missing 0.5): vx <= -1.
    const program = new OrcaProgram();
    program.addNeighbour(0.5, 0, 0, 0, 1, 2, 0.25, 0, 0);
    expectClose(line(program, 0), [-1, 0, 0, 1]);
  });

  it('a wall one cell ahead, radius 0.3, horizon 1: vx <= 0.7; overlapping it, leave within a step', () => {
    const program = new OrcaProgram();
    program.addWall(1, 0, 1, 0.3, 1, 0.25);
    expectClose(line(program, 0), [0.7, 0, 0, 1]);
    expect(program.obstacleLines).toBe(1);
    program.solve(1, 0, 2);
    expectClose(program.result, [0.7, 0]);
    const inside = new OrcaProgram();
    inside.addWall(1, 0, 0.2, 0.3, 1, 0.25);
    inside.solve(0, 0, 2);
    expectClose(inside.result, [-0.4, 0]);
  });
});

describe('the linear programs', () => {
  it('with no lines, the preferred velocity clipped to the speed disc', () => {
    const result = new Float64Array(2);
    expect(linearProgram2(new Float64Array(0), 0, 1, 3, 4, false, result)).toBe(0);
    expectClose(result, [0.6, 0.8]);
  });

  it('two lines, vx <= 0.5 and vy <= 0.5: the corner nearest (1, 1)', () => {
    const lines = Float64Array.of(0.5, 0, 0, 1, 0, 0.5, -1, 0);
    const result = new Float64Array(2);
    expect(linearProgram2(lines, 2, 2, 1, 1, false, result)).toBe(2);
    expectClose(result, [0.5, 0.5]);
  });

  it('a line the speed disc cannot reach (vx >= 2, speed 1) is reported as the failing one', () => {
    const lines = Float64Array.of(2, 0, 0, -1);
    const result = new Float64Array(2);
    expect(linearProgram2(lines, 1, 1, 0, 0, false, result)).toBe(0);
  });

  it('contradicting lines vx >= 0.5 and vx <= -0.5: the 3D program splits the violation (vx = 0)', () => {
    const program = new OrcaProgram();
    program.add(0.5, 0, 0, -1);
    program.add(-0.5, 0, 0, 1);
    const failed = linearProgram2(program.lines, program.count, 2, 0, 1, false, program.result);
    expect(failed).toBe(1);
    linearProgram3(program, failed, 2);
    expect(program.result[0]).toBeCloseTo(0, 9);
    expect(Math.hypot(program.result[0], program.result[1])).toBeLessThanOrEqual(2 + 1e-9);
  });

  it('keeps a wall hard when relaxing the others: vx <= 0.7 (wall) against vx >= 1 (a unit)', () => {
    const program = new OrcaProgram();
    program.addWall(1, 0, 1, 0.3, 1, 0.25);
    program.add(1, 0, 0, -1);
    program.solve(1, 0, 2);
    expect(program.result[0]).toBeLessThanOrEqual(0.7 + 1e-9);
  });
});
