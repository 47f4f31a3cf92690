import { describe, expect, it } from 'vitest';
import { markObjects, marksIntoTmj, marksIntoTmx } from '../../../core/level/markExport.ts';
import { importLevel, levelReferences } from '../../../core/level/readLevel.ts';
import type { LevelSource } from '../../../core/scenario/levelSourceSchema.ts';

const SOURCE: LevelSource = { path: 'level.tmx', format: 'tiled-xml', choices: {}, tileWidth: 16, tileHeight: 16 };
const MARKS = {
  regions: [{ name: 'bridge & ford', from: [5, 3] as const, to: [5, 3] as const, figures: { crossingRate: 2.345, meanWait: 1.5, maxQueue: 3 } }],
  spawners: [{ name: 'west', area: { cells: [[2, 5], [3, 5]] as [number, number][] } }],
  exits: [{ name: 'east', area: { from: [8, 1] as [number, number], to: [8, 5] as [number, number] } }],
};

const TMX = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="10" height="7" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="4">
 <tileset firstgid="1" source="tiles/stone.tsx"/>
 <layer id="1" name="ground" width="10" height="7"><data encoding="csv">${new Array(70).fill(1).join(',')}</data></layer>
 <objectgroup id="2" name="mapf-lab"><object id="1" name="old" x="0" y="0" width="16" height="16"/></objectgroup>
</map>
`;

describe('the lab\'s marks in the level\'s pixels', () => {
  it('cells back to tiles by the import\'s scale and an infinite map\'s origin', () => {
    const objects = markObjects(MARKS, { ...SOURCE, choices: { cellsPerTile: 2 }, origin: [-3, -2] });
    // Cell (5, 3) at 2 cells per tile starts at tile (2.5, 1.5) of the grid, tile (-0.5, -0.5) of a map whose grid starts at tile (-3, -2).
    expect(objects[0]).toMatchObject({ name: 'bridge & ford', kind: 'region', x: -8, y: -8, width: 8, height: 8 });
    expect(objects[0].properties).toEqual([
      { name: 'crossingsPer10Turns', type: 'float', value: 2.35 },
      { name: 'meanWait', type: 'float', value: 1.5 },
      { name: 'peakQueue', type: 'int', value: 3 },
    ]);
    expect(objects[1]).toMatchObject({ kind: 'spawner', x: (1 - 3) * 16, y: (2.5 - 2) * 16, width: 16, height: 8 });
  });

  it('a TMX copy: the old mapf-lab layer replaced, ids continued, names escaped, tilesets re-pointed, the rest kept', () => {
    const out = marksIntoTmx(TMX, 'level.tmx', MARKS, SOURCE, (path) => `../maps/${path}`);
    expect(out).toContain('<tileset firstgid="1" source="../maps/tiles/stone.tsx"/>');
    expect(out).toContain('<layer id="1" name="ground" width="10" height="7">');
    expect(out.match(/name="mapf-lab"/g)).toHaveLength(1);
    expect(out).not.toContain('name="old"');
    expect(out).toContain('nextlayerid="4" nextobjectid="7"');
    expect(out).toContain('<object id="4" name="bridge &amp; ford" type="region" x="80" y="48" width="16" height="16">');
    expect(out).toContain('<property name="crossingsPer10Turns" type="float" value="2.35"/>');
    expect(out).toContain('<object id="6" name="east" type="exit" x="128" y="16" width="16" height="80"/>');
    // It is still a map the importer reads, with the marks as objects on their layer.
    const level = importLevel({ format: 'tiled-xml', text: out }, 'copy.tmx', () => '<tileset name="stone" tilewidth="16" tileheight="16" tilecount="1" columns="1"/>');
    expect(level.things.regions).toEqual([{ name: 'bridge & ford', from: [5, 3], to: [5, 3] }]);
    expect(level.things.exits).toEqual([{ name: 'east', area: { from: [8, 1], to: [8, 5] } }]);
  });

  it('the heat map picture goes under the marks as an image layer, at an infinite map\'s origin', () => {
    const heat = { image: 'bridge-heat.png', width: 160, height: 112 };
    const tmx = marksIntoTmx(TMX, 'level.tmx', { ...MARKS, heat }, { ...SOURCE, origin: [-3, -2] });
    expect(tmx).toContain(' <imagelayer id="3" name="mapf-lab heat" opacity="0.8" offsetx="-48" offsety="-32">\n  <image source="bridge-heat.png" width="160" height="112"/>\n </imagelayer>\n <objectgroup id="4" name="mapf-lab"');
    // Exported again, the old heat layer is replaced, not doubled.
    expect(marksIntoTmx(tmx, 'level.tmx', { ...MARKS, heat }, SOURCE).match(/mapf-lab heat/g)).toHaveLength(1);
  });

  it('a JSON copy keeps every other field and layer', () => {
    const tmj = JSON.stringify({ type: 'map', orientation: 'orthogonal', width: 10, height: 7, tilewidth: 16, tileheight: 16, nextlayerid: 2, nextobjectid: 1, custom: 'kept',
      tilesets: [{ firstgid: 1, source: 'stone.tsj' }], layers: [{ id: 1, name: 'ground', type: 'tilelayer', width: 10, height: 7, data: new Array(70).fill(0) }] });
    const out = JSON.parse(marksIntoTmj(tmj, 'level.tmj', MARKS, { ...SOURCE, format: 'tiled-json' })) as Record<string, unknown> & { layers: { name: string; objects?: unknown[] }[] };
    expect(out.custom).toBe('kept');
    expect(out.layers.map((l) => l.name)).toEqual(['ground', 'mapf-lab']);
    expect(out.layers[1].objects).toHaveLength(3);
    expect(out.nextobjectid).toBe(4);
  });
});

describe('the files a level names', () => {
  it('lists a Tiled map\'s external tilesets and an LDtk project\'s external levels', () => {
    expect(levelReferences(TMX, 'tiled-xml')).toEqual(['tiles/stone.tsx']);
    expect(levelReferences(JSON.stringify({ tilesets: [{ firstgid: 1, source: 'a.tsj' }, { firstgid: 5, name: 'embedded' }] }), 'tiled-json')).toEqual(['a.tsj']);
    expect(levelReferences(JSON.stringify({ levels: [{ externalRelPath: 'p/Level_0.ldtkl' }, { externalRelPath: null }] }), 'ldtk')).toEqual(['p/Level_0.ldtkl']);
    expect(levelReferences('not json', 'ldtk')).toEqual([]);
  });
});
