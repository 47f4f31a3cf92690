// The game's turn length and cell width from a level's own properties: a Tiled map's custom
// properties and an LDtk level's fields become the scenario's scale; bad values are left out, named.
import { describe, expect, it } from 'vitest';
import { importLevel, levelSource, scenarioFromLevel } from '../../../core/level/readLevel.ts';
import type { FileLookup } from '../../../core/level/tiledModel.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';

const none: FileLookup = () => undefined;

/** A 3 x 2 TMX map of free tiles with the given map properties. */
function tmx(properties: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" width="3" height="2" tilewidth="32" tileheight="32" infinite="0">
 <properties>${properties}</properties>
 <tileset firstgid="1" name="terrain" tilewidth="32" tileheight="32" tilecount="1" columns="1"/>
 <layer id="1" name="ground" width="3" height="2"><data encoding="csv">1,1,1,1,1,1</data></layer>
</map>`;
}

describe('the game\'s scale from a level', () => {
  it('reads a Tiled map\'s turnSeconds and cellMetres into the scenario it becomes', () => {
    const level = importLevel({ format: 'tiled-xml', text: tmx('<property name="turnSeconds" type="float" value="0.25"/><property name="cellMetres" type="float" value="1.5"/>') }, 'level.tmx', none);
    expect(level.scale).toEqual({ turnSeconds: 0.25, cellMetres: 1.5 });
    const scenario = parseScenarioJson(JSON.stringify(scenarioFromLevel(level, 'Level', levelSource(level, 'level.tmx', 'tiled-xml'))), 'level.json');
    expect(scenario.scale).toEqual({ turnSeconds: 0.25, cellMetres: 1.5 });
  });

  it('takes tileMetres over the cells per tile, any case and the American spelling', () => {
    const level = importLevel({ format: 'tiled-xml', text: tmx('<property name="TileMeters" type="float" value="3"/>') }, 'level.tmx', none, { cellsPerTile: 2 });
    expect(level.scale).toEqual({ cellMetres: 1.5 });
  });

  it('leaves out a value that is not a number above 0, naming the property', () => {
    const level = importLevel({ format: 'tiled-xml', text: tmx('<property name="turnSeconds" value="fast"/><property name="cellMetres" type="float" value="2"/>') }, 'level.tmx', none);
    expect(level.scale).toEqual({ cellMetres: 2 });
    expect(level.warnings).toContain('the map\'s properties: property \'turnSeconds\' is "fast", not a number above 0 and at most 3600: left out');
  });

  it('has none where the map says nothing', () => {
    const level = importLevel({ format: 'tiled-xml', text: tmx('') }, 'level.tmx', none);
    expect(level.scale).toBeUndefined();
    expect('scale' in scenarioFromLevel(level, 'Level', levelSource(level, 'level.tmx', 'tiled-xml'))).toBe(false);
  });

  it('reads an LDtk level\'s fields', () => {
    const project = JSON.stringify({
      defs: { layers: [] },
      levels: [{ identifier: 'Level_0', pxWid: 48, pxHei: 32, fieldInstances: [{ __identifier: 'turnSeconds', __value: 0.5 }, { __identifier: 'cellMetres', __value: 2 }], layerInstances: [] }],
    });
    const level = importLevel({ format: 'ldtk', text: project }, 'p.ldtk', none);
    expect(level.scale).toEqual({ turnSeconds: 0.5, cellMetres: 2 });
  });
});
