import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { solutionText } from '../../../renderer/src/export/solutionText.ts';

describe('solutionText (mapf-visualizer)', () => {
  it('writes one line per turn with every unit, holding finished units on their goal', () => {
    const grid = Grid.fromAscii(['...', '...']);
    const c = (x: number, y: number) => grid.cell(x, y);
    const text = solutionText(grid, [[c(0, 0), c(1, 0), c(2, 0)], [c(2, 1), c(1, 1)]]);
    expect(text).toBe('0:(0,0),(2,1),\n1:(1,0),(1,1),\n2:(2,0),(1,1),\n');
  });

  it('an empty plan is an empty file', () => {
    expect(solutionText(Grid.fromAscii(['.']), [])).toBe('\n');
  });
});
