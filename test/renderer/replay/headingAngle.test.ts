// A turning robot's facing on screen: east 0, south +90 degrees (y points down), turning smoothly through the 90 degrees of a turn.
import { describe, expect, it } from 'vitest';
import { headingAngleAt } from '../../../renderer/src/replay/headingAngle.ts';

const Q = Math.PI / 2;

describe('headingAngleAt', () => {
  it('is the step\'s heading at whole steps and halfway through a turn between them, the short way round', () => {
    const headings = [0, 1, 1, 0, 3, 0];
    expect(headingAngleAt(headings, 0)).toBe(0);
    expect(headingAngleAt(headings, 1)).toBeCloseTo(Q, 12);
    expect(headingAngleAt(headings, 0.5)).toBeCloseTo(Q / 2, 12); // clockwise east to south
    expect(headingAngleAt(headings, 1.5)).toBeCloseTo(Q, 12); // no turn
    expect(headingAngleAt(headings, 2.25)).toBeCloseTo(Q * 0.75, 12); // counter-clockwise south to east
    // East (0) to north (3) is a quarter counter-clockwise, not three quarters clockwise.
    expect(headingAngleAt(headings, 3.5)).toBeCloseTo(-Q / 2, 12);
    expect(headingAngleAt(headings, 4.5)).toBeCloseTo(3 * Q + Q / 2, 12); // north to east, clockwise
    expect(headingAngleAt(headings, 99)).toBe(0);
  });
});
