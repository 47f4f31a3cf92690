import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { failureEntries } from '../../../renderer/src/panels/failures.ts';

describe('failure entries', () => {
  const grid = new Grid(5, 2);
  const c = (x: number, y: number) => grid.cell(x, y);

  it('names each unit off its goal, numbered from 1, with where and since when it stood', () => {
    const paths = [[c(0, 0), c(1, 0), c(2, 0)], [c(0, 1), c(1, 1), c(1, 1), c(1, 1)]];
    const goals = [c(2, 0), c(4, 1)];
    const entries = failureEntries(grid, paths, goals, ['Scout', 'Cart'], []);
    expect(entries).toEqual([{ kind: 'unarrived', text: 'Unit 2 (Cart) did not arrive: at (1, 1) from turn 1, its goal at (4, 1)', t: 1, agents: [1] }]);
  });

  it('lists conflicts after the units, with their turn and units to select', () => {
    const entries = failureEntries(grid, [[c(0, 0)]], [c(0, 0)], ['Unit 1'], ['units 1 and 2 meet at (3, 0) at t=4'], [{ t: 4, agents: [0, 1] }]);
    expect(entries).toEqual([{ kind: 'conflict', text: 'units 1 and 2 meet at (3, 0) at t=4', t: 4, agents: [0, 1] }]);
  });

  it('a unit named by its default label is not named twice', () => {
    const entries = failureEntries(grid, [[c(0, 0)]], [c(4, 0)], ['Unit 1'], []);
    expect(entries[0].text).toBe('Unit 1 did not arrive: at (0, 0) from turn 0, its goal at (4, 0)');
  });
});
