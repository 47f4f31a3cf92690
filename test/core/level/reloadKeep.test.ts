import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { keepOnNewGrid } from '../../../core/level/reloadKeep.ts';
import { completeAgent, type ScenarioContent } from '../../../core/scenario/content.ts';
import { DEFAULT_SOLVER_SETTINGS } from '../../../core/scenario/schema.ts';
import type { LevelSource } from '../../../core/scenario/levelSourceSchema.ts';

const SOURCE: LevelSource = { path: 'level.tmx', format: 'tiled-xml', choices: { cellsPerTile: 1 }, tileWidth: 16, tileHeight: 16 };

function doc(): ScenarioContent {
  return {
    name: 'bridge', grid: Grid.fromAscii(['......', '......', '......']), mapSource: { kind: 'inline' }, movement: { connectivity: 4, corners: 'no-cut' },
    agents: [completeAgent({ id: 'a', name: 'Ann', start: [0, 0], goal: [5, 2] }, 0), completeAgent({ id: 'b', name: 'Bo', start: [2, 1], goal: [0, 2] }, 1)],
    solver: DEFAULT_SOLVER_SETTINGS, events: [{ t: 3, cells: [[5, 1]], action: 'close' }], obstacles: [], knowledge: 'now',
    regions: [{ name: 'bridge', from: [2, 0], to: [3, 2] }, { name: 'far', from: [5, 0], to: [5, 2] }],
    spawners: [], exits: [{ name: 'east', area: { from: [5, 0], to: [5, 2] } }],
  };
}

describe('reloading a changed level', () => {
  it('keeps what still fits and names what the change dropped, with why', () => {
    // The designer walled (2, 1) and cut the last column.
    const grid = Grid.fromAscii(['.....', '..@..', '.....']);
    const { document, dropped } = keepOnNewGrid(doc(), grid, SOURCE);
    expect(document.grid).toBe(grid);
    expect(document.agents).toEqual([]);
    expect(document.regions.map((r) => r.name)).toEqual(['bridge']);
    expect(document.exits).toEqual([]);
    expect(document.events).toEqual([]);
    expect(document.source).toBe(SOURCE);
    expect(dropped).toEqual([
      'unit Ann: its goal (5, 2) is outside the 5×3 map',
      'unit Bo: its start (2, 1) is now a wall',
      'region far: it reaches outside the 5×3 map',
      'exit east: its area reaches outside the map',
      'the map event at turn 3: a cell of it is outside the map',
    ]);
  });

  it('keeps everything on an unchanged level', () => {
    const before = doc();
    const { document, dropped } = keepOnNewGrid(before, before.grid.clone(), SOURCE);
    expect(dropped).toEqual([]);
    expect(document.agents).toEqual(before.agents);
    expect(document.regions).toEqual(before.regions);
  });
});
