import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { type LevelInput, importLevel, levelFormatOf, levelSource, scenarioFromLevel } from '../../core/level/readLevel.ts';
import { parseScenarioJson } from '../../core/scenario/parse.ts';
import { serializeScenario } from '../../core/scenario/serialize.ts';
import { contentFromScenario } from '../../core/scenario/content.ts';
import type { LevelChoices } from '../../core/scenario/levelSourceSchema.ts';
import {
  EXPECTED_DOORS, EXPECTED_EXITS, EXPECTED_REGIONS, EXPECTED_ROWS, EXPECTED_SPAWNERS, LEVELS_DIR, lookupBeside, rowsOf,
} from '../support/levelFiles.ts';

function importFixture(name: string, choices?: LevelChoices) {
  const file = join(LEVELS_DIR, name);
  const format = levelFormatOf(file)!;
  const input: LevelInput = format === 'image'
    ? { format, image: decodePng(file) }
    : { format: format === 'tiled-json' || format === 'tiled-xml' || format === 'ldtk' ? format : 'tiled-json', text: readFileSync(file, 'utf8') };
  return importLevel(input, file, lookupBeside, choices);
}

function decodePng(file: string) {
  const png = decode(readFileSync(file));
  expect(png.channels).toBe(4);
  return { width: png.width, height: png.height, data: png.data as Uint8Array };
}

const TILED_FILES = ['level-csv.tmx', 'level-xml.tmx', 'level-base64.tmx', 'level-zlib.tmx', 'level-gzip.tmx', 'level-zstd.tmx', 'level-external.tmx', 'level-external.tmj', 'level-infinite.tmx'];

describe('Tiled fixtures, every encoding and compression', () => {
  it.each(TILED_FILES)('%s: walls by property, class and collision shape; units, regions, exits, spawners and doors from objects', (name) => {
    const level = importFixture(name);
    expect(rowsOf(level.grid)).toEqual(EXPECTED_ROWS);
    expect(level.things.agents.map((a) => [a.name, a.start, a.goal])).toEqual([['A', [1, 1], [8, 4]], ['B', [1, 4], [8, 2]]]);
    expect(level.things.regions).toEqual(EXPECTED_REGIONS);
    expect(level.things.exits).toEqual(EXPECTED_EXITS);
    expect(level.things.spawners).toEqual(EXPECTED_SPAWNERS);
    expect(level.things.events).toEqual(EXPECTED_DOORS);
    expect(level.warnings).toEqual([]);
    expect(level.choices).toMatchObject({ tileProperties: true, collisionShapes: true, cellsPerTile: 1 });
  });

  it('an infinite map is trimmed to the tiles drawn, and remembers which tile became cell (0, 0)', () => {
    expect(importFixture('level-infinite.tmx').origin).toEqual([-3, -2]);
  });

  it('a hidden layer is read only when chosen', () => {
    const level = importFixture('level-csv.tmx', { tileProperties: true, collisionShapes: true, hiddenLayers: ['decor'] });
    expect(rowsOf(level.grid)[2]).toBe('@.@..@...@');
  });

  it('a hidden layer chosen as blocking is read: choosing it is reading it', () => {
    const level = importFixture('level-csv.tmx', { blockingLayers: ['decor'], tileProperties: true, collisionShapes: true });
    expect(rowsOf(level.grid)[2]).toBe('@.@..@...@');
  });

  it('a layer chosen as blocking makes every tile of it a wall', () => {
    const level = importFixture('level-zlib.tmx', { blockingLayers: ['world/ground'], tileProperties: false, collisionShapes: false });
    expect(rowsOf(level.grid).every((row) => /^@+$/.test(row))).toBe(true);
  });

  it('two cells per tile: a collision shape over the left 10 px of a tile walls only the left cells', () => {
    const level = importFixture('level-csv.tmx', { tileProperties: true, collisionShapes: true, cellsPerTile: 2 });
    expect([level.grid.width, level.grid.height]).toEqual([20, 14]);
    const at = (x: number, y: number) => level.grid.passable[y * 20 + x];
    // Rock at tile (7, 5): cells x 14-15, y 10-11.
    expect([at(14, 10), at(15, 10), at(14, 11), at(15, 11)]).toEqual([0, 1, 0, 1]);
    expect(level.things.agents[0].start).toEqual([3, 3]);
    expect(level.things.regions).toEqual([{ name: 'bridge', from: [10, 6], to: [11, 7] }]);
  });

  it('refuses an isometric map, naming its orientation', () => {
    expect(() => importFixture('level-isometric.tmx')).toThrow(/level-isometric\.tmx: the map is isometric; only orthogonal maps/);
  });
});

describe('LDtk project with external levels', () => {
  it('reads Level_0 from its .ldtkl: IntGrid values named Wall block, entities become the lab\'s things', () => {
    const level = importFixture('project.ldtk');
    expect(rowsOf(level.grid)).toEqual(EXPECTED_ROWS);
    expect(level.choices).toMatchObject({ level: 'Level_0', blockingLayers: ['Collisions'], blockingValues: ['Wall'] });
    expect(level.things.agents.map((a) => [a.name, a.start, a.goal])).toEqual([['A', [1, 1], [8, 4]]]);
    expect(level.things.regions).toEqual(EXPECTED_REGIONS);
    expect(level.things.exits).toEqual(EXPECTED_EXITS);
    expect(level.things.spawners).toEqual(EXPECTED_SPAWNERS);
    expect(level.things.events).toEqual(EXPECTED_DOORS);
  });

  it('blocks the values chosen by identifier, and picks another level by name', () => {
    expect(rowsOf(importFixture('project.ldtk', { blockingLayers: ['Collisions'], blockingValues: ['Wall', 'Water'] }).grid)[2]).toBe('@.@..@...@');
    expect(rowsOf(importFixture('project.ldtk', { level: 'Level_1', blockingLayers: ['Collisions'], blockingValues: ['Wall'] }).grid)).toEqual(['@.@']);
  });

  it('names a level that is not there and a value the layer does not have', () => {
    expect(() => importFixture('project.ldtk', { level: 'Level_9' })).toThrow(/project\.ldtk: no level 'Level_9' \(levels: 'Level_0', 'Level_1'\)/);
    expect(() => importFixture('project.ldtk', { blockingLayers: ['Collisions'], blockingValues: ['Lava'] })).toThrow(/Level_0\.ldtkl: IntGrid layer 'Collisions' has no value 'Lava' \(values: Wall, Water\)/);
  });
});

describe('a PNG floor plan', () => {
  it('dark pixels are walls: 4 pixels per cell inside a crop, noise and a transparent margin ignored', () => {
    const level = importFixture('plan.png', { pixelsPerCell: 4, crop: { x: 2, y: 2, width: 40, height: 28 } });
    expect(rowsOf(level.grid)).toEqual(EXPECTED_ROWS.map((row, y) => (y === 1 || y === 5 ? row : row)));
  });

  it('the threshold decides: at 10 no noisy wall pixel is dark enough', () => {
    const level = importFixture('plan.png', { pixelsPerCell: 4, threshold: 10, crop: { x: 2, y: 2, width: 40, height: 28 } });
    expect(rowsOf(level.grid).join('')).not.toContain('@');
  });
});

describe('the scenario an import becomes', () => {
  it('is a valid scenario that keeps its source through save and load', () => {
    const file = join(LEVELS_DIR, 'level-gzip.tmx');
    const level = importFixture('level-gzip.tmx');
    const json = scenarioFromLevel(level, 'Bridge level', levelSource(level, 'level-gzip.tmx', 'tiled-xml'));
    const scenario = parseScenarioJson(JSON.stringify(json), file);
    const again = parseScenarioJson(serializeScenario(scenario), file);
    expect(again.source).toEqual({ path: 'level-gzip.tmx', format: 'tiled-xml', choices: level.choices, tileWidth: 16, tileHeight: 16 });
    const content = contentFromScenario(again, { fileName: file });
    expect(rowsOf(content.grid)).toEqual(EXPECTED_ROWS);
    expect(content.spawners?.[0]).toMatchObject({ name: 'west', rate: 2, goal: { exit: 'east' } });
  });
});
