import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { checkInstance } from '../../../core/mapf/instance.ts';
import { randomTasks } from '../../../core/mapgen/placement.ts';
import { randomMap } from '../../../core/mapgen/randomMap.ts';
import { fillSmallRegions, findRegions } from '../../../core/mapgen/regions.ts';

describe('random maps (Silver: 32x32, 20% obstacles, small regions filled)', () => {
  it('places exactly the density of obstacles, then leaves one 4-connected region', () => {
    const unfilled = randomMap({ width: 32, height: 32, density: 0.2, seed: 7, fill: false });
    const walls = (g: Grid) => g.passable.reduce((n, v) => n + (v === 0 ? 1 : 0), 0);
    expect(walls(unfilled)).toBe(Math.round(0.2 * 1024));
    const map = randomMap({ width: 32, height: 32, density: 0.2, seed: 7 });
    const regions = findRegions(map);
    expect(regions.sizes).toHaveLength(1);
    expect(walls(map)).toBeGreaterThanOrEqual(walls(unfilled));
    expect(regions.sizes[0] + walls(map)).toBe(1024);
  });

  it('is reproducible from its seed and differs between seeds', () => {
    const a = randomMap({ width: 16, height: 8, density: 0.3, seed: 1 }).toAscii();
    expect(randomMap({ width: 16, height: 8, density: 0.3, seed: 1 }).toAscii()).toEqual(a);
    expect(randomMap({ width: 16, height: 8, density: 0.3, seed: 2 }).toAscii()).not.toEqual(a);
  });

  it('fills every region but the largest', () => {
    const grid = Grid.fromAscii([
      '..@...',
      '..@...',
      '@@@@@@',
      '.@....',
    ]);
    expect(fillSmallRegions(grid)).toBe(9);
    expect(grid.toAscii()).toEqual(['@@@...', '@@@...', '@@@@@@', '@@@@@@']);
  });

  it('rejects a density outside [0, 1)', () => {
    expect(() => randomMap({ width: 4, height: 4, density: 1, seed: 0 })).toThrow(/density must be in \[0, 1\), got 1/);
  });
});

describe('random unique starts and goals', () => {
  it('gives distinct starts, distinct goals, start != goal, all in the largest region', () => {
    const grid = randomMap({ width: 32, height: 32, density: 0.2, seed: 3 });
    const tasks = randomTasks(grid, 100, 11);
    expect(tasks).toHaveLength(100);
    expect(() => checkInstance({ grid, movement: FOUR_CONNECTED, agents: tasks })).not.toThrow();
    for (const task of tasks) expect(task.start).not.toBe(task.goal);
    expect(randomTasks(grid, 100, 11)).toEqual(tasks);
  });

  it('works when agents fill every free cell', () => {
    const grid = Grid.fromAscii(['...', '.@.']);
    const tasks = randomTasks(grid, 5, 4);
    expect(() => checkInstance({ grid, movement: FOUR_CONNECTED, agents: tasks })).not.toThrow();
    for (const task of tasks) expect(task.start).not.toBe(task.goal);
  });

  it('says when the agents do not fit', () => {
    const grid = Grid.fromAscii(['..@', '@@.']);
    expect(() => randomTasks(grid, 3, 0)).toThrow(/cannot place 3 agents: the largest region of the 3x2 map has 2 free cells/);
  });
});
