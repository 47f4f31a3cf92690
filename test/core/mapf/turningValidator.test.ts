import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { TURNING } from '../../../core/grid/movement.ts';
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD, ACTION_WAIT, forwardCell, turningAction } from '../../../core/grid/headings.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';

// 4x2, (x, y) -> y * 4 + x
const grid = Grid.fromAscii(['....', '..@.']);
const instance = (starts: number[], goals: number[]): MapfInstance => ({ grid, movement: TURNING, agents: starts.map((start, i) => ({ start, goal: goals[i] })) });

describe('the turning movement (LoRR MAPF_T) in the plan validator', () => {
  it('passes forward moves the way a unit faces, quarter turns and waits', () => {
    // east to (1,0), turn clockwise to face south, forward to (1,1)
    const result = validatePlan(instance([0], [5]), [[0, 1, 1, 5]], { headings: [[0, 0, 1, 1]] });
    expect(result.violations).toEqual([]);
  });

  it('refuses a move not straight ahead, moving while turning, a half turn, and missing headings', () => {
    const sideways = validatePlan(instance([0], [4]), [[0, 4]], { headings: [[0, 0]] });
    expect(sideways.violations.map((v) => v.rule)).toEqual(['turn']);
    expect(sideways.violations[0].message).toMatch(/agent 1 .*a move not straight ahead/);
    const turning = validatePlan(instance([0], [1]), [[0, 1]], { headings: [[0, 1]] });
    expect(turning.violations[0].message).toMatch(/moving and turning at once/);
    const half = validatePlan(instance([0], [0]), [[0, 0]], { headings: [[0, 2]] });
    expect(half.violations[0].message).toMatch(/a half turn/);
    expect(validatePlan(instance([0], [0]), [[0, 0]]).violations[0].message).toMatch(/need a heading per agent per turn/);
    expect(validatePlan(instance([0], [0]), [[0, 0]], { headings: [[0, 7]] }).violations[0].message).toMatch(/heading 7/);
  });

  it("keeps the League's conflict rules: swaps and shared cells refused, following allowed", () => {
    const swap = validatePlan(instance([0, 1], [1, 0]), [[0, 1], [1, 0]], { headings: [[0, 0], [2, 2]] });
    expect(swap.violations.map((v) => v.rule)).toEqual(['swap']);
    const follow = validatePlan(instance([0, 1], [1, 2]), [[0, 1], [1, 2]], { headings: [[0, 0], [0, 0]] });
    expect(follow.valid).toBe(true);
  });

  it('turningAction and forwardCell agree with each other', () => {
    for (let cell = 0; cell < grid.cells; cell++) {
      if (!grid.isFree(cell)) continue;
      for (let h = 0; h < 4; h++) {
        expect(turningAction(4, cell, h, cell, h)).toBe(ACTION_WAIT);
        expect(turningAction(4, cell, h, cell, (h + 1) & 3)).toBe(ACTION_CLOCKWISE);
        expect(turningAction(4, cell, h, cell, (h + 3) & 3)).toBe(ACTION_COUNTER);
        const ahead = forwardCell(grid, cell, h);
        if (ahead >= 0) expect(turningAction(4, cell, h, ahead, h)).toBe(ACTION_FORWARD);
      }
    }
    expect(forwardCell(grid, 3, 0)).toBe(-1); // off the east edge, not the next row
    expect(forwardCell(grid, 2, 1)).toBe(-1); // into the wall at (2, 1)
  });
});
