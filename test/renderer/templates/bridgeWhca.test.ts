/**
 * The designer's bridge (the story, the Generate panel's template): 40x20, a one-lane
 * bridge 10 cells long, 10 units a side. The app's end-to-end tests compare solvers on it and
 * expect WHCA*(16) to bring every unit across. A change to RRA* that only reordered ties in its
 * Open list (re-keying the heap in place instead of pushing the open nodes again) left three
 * units shuttling back and forth on the bridge for good; this catches such a change in the unit
 * tests, not only in the browser.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { describeViolations, validatePlan } from '../../../core/mapf/validator.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import { chokepointTemplate } from '../../../renderer/src/templates/chokepoints.ts';

describe("the designer's one-lane bridge", () => {
  it('WHCA*(16) brings all 20 units across, in a valid plan', () => {
    const template = chokepointTemplate({ kind: 'bridge', width: 40, height: 20, opening: 1, length: 10, unitsPerSide: 10 });
    const grid = Grid.fromAscii(template.rows);
    const instance = { grid, movement: FOUR_CONNECTED, agents: template.units.map((u) => ({ start: grid.cell(...u.start), goal: grid.cell(...u.goal) })) };
    const result = findSolver('whca')!.solve(instance, { seed: 1, params: { turnLimit: 240, window: 16 } });
    expect(result.status, result.message).toBe('solved');
    const check = validatePlan(instance, result.paths);
    expect(check.valid, describeViolations(check)).toBe(true);
  });
});
