import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importLevel, levelReferences } from '../../../core/level/readLevel.ts';
import { decodeBase64 } from '../../../core/level/tileData.ts';
import type { FileLookup } from '../../../core/level/tiledModel.ts';
import { parseXml } from '../../../core/level/xml.ts';

const none: FileLookup = () => undefined;

/** A 3 x 2 TMX map holding `data` in one layer 'ground', with one embedded 2-tile tileset unless `tileset` says otherwise. */
function tmx(data: string, { width = 3, height = 2, tileset = '<tileset firstgid="1" name="terrain" tilewidth="16" tileheight="16" tilecount="2" columns="2"><tile id="1"><properties><property name="solid" type="bool" value="true"/></properties></tile></tileset>' } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" width="${width}" height="${height}" tilewidth="16" tileheight="16" infinite="0">
 ${tileset}
 <layer id="1" name="ground" width="${width}" height="${height}">${data}</layer>
</map>`;
}

const tiles = (gids: number[]) => {
  const bytes = new Uint8Array(gids.length * 4);
  gids.forEach((g, i) => { bytes[i * 4] = g & 0xff; bytes[i * 4 + 1] = (g >> 8) & 0xff; });
  return bytes;
};
const base64 = (bytes: Uint8Array) => {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += abc[(n >> 18) & 63] + abc[(n >> 12) & 63] + (i + 1 < bytes.length ? abc[(n >> 6) & 63] : '=') + (i + 2 < bytes.length ? abc[n & 63] : '=');
  }
  return out;
};

const read = (text: string, file = 'maps/level.tmx', lookup = none) => importLevel({ format: 'tiled-xml', text }, file, lookup);

describe('a good small map', () => {
  it('reads a solid tile as a wall, with the flip flags of a GID ignored', () => {
    const flipped = (2 | 0x80000000) >>> 0;
    const level = read(tmx(`<data encoding="csv">1,${flipped},1,1,1,2</data>`));
    expect(Array.from(level.grid.passable)).toEqual([1, 0, 1, 1, 1, 0]);
  });
});

describe('bad level files are named with what is wrong', () => {
  it('a missing external tileset', () => {
    expect(() => read(tmx('<data encoding="csv">1,1,1,1,1,1</data>', { tileset: '<tileset firstgid="1" source="../tilesets/stone.tsx"/>' })))
      .toThrow("maps/level.tmx: external tileset '../tilesets/stone.tsx' is missing (looked for it relative to the map)");
  });

  it('an external tileset found through the host, relative to the map', () => {
    const seen: string[] = [];
    const lookup: FileLookup = (path, from) => {
      seen.push(`${from} -> ${path}`);
      return '<tileset name="stone" tilewidth="16" tileheight="16" tilecount="2" columns="2"><tile id="1" type="wall"/></tileset>';
    };
    const level = read(tmx('<data encoding="csv">1,2,1,1,1,1</data>', { tileset: '<tileset firstgid="1" source="stone.tsx"/>' }), 'maps/level.tmx', lookup);
    expect(seen).toEqual(['maps/level.tmx -> stone.tsx']);
    expect(Array.from(level.grid.passable)).toEqual([1, 0, 1, 1, 1, 1]);
  });

  it('a GID beyond every tileset, with the layer and the tile', () => {
    expect(() => read(tmx('<data encoding="csv">1,1,1,1,7,1</data>')))
      .toThrow("maps/level.tmx: layer 'ground': tile (1, 1) has GID 7, beyond every tileset ('terrain' 1-2)");
  });

  it('corrupt zlib data', () => {
    const good = zlibSync(tiles([1, 1, 1, 1, 1, 1]));
    const bad = good.slice();
    bad[4] ^= 0xff;
    bad[5] ^= 0xff;
    expect(() => read(tmx(`<data encoding="base64" compression="zlib">${base64(bad)}</data>`))).toThrow(/maps\/level\.tmx: layer 'ground' its zlib data is corrupt/);
    expect(() => read(tmx(`<data encoding="base64" compression="zstd">${base64(good)}</data>`))).toThrow(/maps\/level\.tmx: layer 'ground' its zstd data is corrupt/);
  });

  it('compressed data holding more tiles than the layer (a bomb stops at the layer\'s size)', () => {
    const big = zlibSync(new Uint8Array(4 * 1_000_000));
    expect(() => read(tmx(`<data encoding="base64" compression="zlib">${base64(big)}</data>`))).toThrow(/layer 'ground' (its zlib data is corrupt|holds)/);
  });

  it('too few tiles in CSV, and base64 that is not base64', () => {
    expect(() => read(tmx('<data encoding="csv">1,1,1</data>'))).toThrow("maps/level.tmx: layer 'ground' holds 3 tiles in its CSV where 6 were expected");
    expect(() => decodeBase64('AAAA*AAA')).toThrow("'*' at character 5 is not base64");
  });

  it('a map over the cell limit is refused before its data is decoded', () => {
    // The data is not even valid: it is never read.
    expect(() => read(tmx('<data encoding="base64" compression="zlib">not decoded</data>', { width: 10000, height: 10000 })))
      .toThrow("maps/level.tmx: 10000 x 10000 tiles at 1 cells per tile is 10,000 x 10,000 cells, over the lab's limit (33,554,432 cells, at most 8192 a side); not decoded");
    expect(() => importLevel({ format: 'tiled-xml', text: tmx('<data encoding="csv">1,1,1,1,1,1</data>', { width: 3000, height: 2 }) }, 'wide.tmx', none, { cellsPerTile: 3 }))
      .toThrow(/wide\.tmx: 3000 x 2 tiles at 3 cells per tile is 9,000 x 6 cells, over the lab's limit/);
  });

  it('a blocking layer that is not there names the layers that are', () => {
    expect(() => importLevel({ format: 'tiled-xml', text: tmx('<data encoding="csv">1,1,1,1,1,1</data>') }, 'a.tmx', none, { blockingLayers: ['walls'] }))
      .toThrow("a.tmx: no layer 'walls' to read walls from (layers: 'ground')");
  });

  it('XML that is not well formed names the line', () => {
    expect(() => read('<map>\n<layer>\n</map>')).toThrow("maps/level.tmx: not readable XML: line 3: end tag </map> where </layer> (opened on line 2) was expected");
    expect(parseXml('<a x="1 &amp; 2"><![CDATA[raw <b>]]></a>')).toMatchObject({ name: 'a', attributes: { x: '1 & 2' }, text: 'raw <b>' });
  });

  it('an LDtk project whose external level is missing', () => {
    const project = JSON.stringify({ defs: { layers: [] }, levels: [{ identifier: 'Level_0', layerInstances: null, externalRelPath: 'p/Level_0.ldtkl' }] });
    expect(() => importLevel({ format: 'ldtk', text: project }, 'p.ldtk', none)).toThrow("p.ldtk: level 'Level_0': external level file 'p/Level_0.ldtkl' is missing (looked for it relative to the project)");
  });

  it('units on walls or without a goal are dropped or kept with a warning that names them', () => {
    const objects = '<objectgroup name="marks"><object id="1" name="stuck" type="unit" x="24" y="8"><point/></object><object id="2" name="lonely" type="unit" x="8" y="8"><point/></object></objectgroup>';
    const level = read(tmx('<data encoding="csv">1,2,1,1,1,1</data>').replace('</map>', `${objects}</map>`));
    expect(level.things.agents.map((a) => a.name)).toEqual(['lonely']);
    expect(level.warnings).toEqual([
      "object 1 'stuck' on layer 'marks': unit 'stuck' dropped: its start (1, 0) is a wall",
      "object 2 'lonely' on layer 'marks': unit 'lonely' has no goal (no goal property, no goal object of its name): it stays where it starts",
    ]);
  });
});

describe('image collection tilesets', () => {
  it('accept the tile ids they list even past their tile count (tiles removed from a collection leave gaps)', () => {
    const collection = '<tileset firstgid="1" name="props" tilewidth="16" tileheight="16" tilecount="2" columns="0"><tile id="0"/><tile id="5" type="wall"/></tileset>';
    const level = read(tmx('<data encoding="csv">1,6,1,1,1,1</data>', { tileset: collection }));
    expect(Array.from(level.grid.passable)).toEqual([1, 0, 1, 1, 1, 1]);
    expect(() => read(tmx('<data encoding="csv">1,4,1,1,1,1</data>', { tileset: collection }))).toThrow(/tile \(1, 0\) has GID 4, beyond every tileset/);
  });
});

describe('the guess', () => {
  it('takes a hidden layer named as collision as the walls, and says so', () => {
    const text = tmx('<data encoding="csv">1,1,1,1,1,1</data>').replace('</map>', ' <layer id="2" name="Collision" width="3" height="2" visible="0"><data encoding="csv">0,1,0,0,0,1</data></layer>\n</map>');
    const level = read(text);
    expect(level.choices).toEqual({ blockingLayers: ['Collision'], tileProperties: true, collisionShapes: false, cellsPerTile: 1 });
    expect(level.guessReasons).toEqual(["layers named as walls: 'Collision'", 'tiles whose property or class says they block']);
    expect(Array.from(level.grid.passable)).toEqual([1, 0, 1, 1, 1, 0]);
  });

  it('says when nothing in the map says what blocks', () => {
    const level = read(tmx('<data encoding="csv">1,1,1,1,1,1</data>', { tileset: '<tileset firstgid="1" name="plain" tilewidth="16" tileheight="16" tilecount="1" columns="1"/>' }));
    expect(level.guessReasons[0]).toMatch(/^nothing in the map says what blocks/);
    expect(Array.from(level.grid.passable)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe('object templates', () => {
  const UNIT_TX = '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <object name="scout" type="unit" width="0" height="0">\n  <properties><property name="goal" value="exit"/><property name="speed" type="int" value="2"/></properties>\n  <point/>\n </object>\n</template>\n';
  const withObjects = (objects: string) => tmx('<data encoding="csv">1,1,1,1,1,1</data>').replace('</map>', `<objectgroup id="3" name="marks">${objects}</objectgroup>\n</map>`);

  it('reads an instance through its template: class, shape and properties from the template, position and overrides from the instance', () => {
    const seen: string[] = [];
    const lookup: FileLookup = (path, from) => {
      seen.push(`${from} -> ${path}`);
      return path === '../templates/unit.tx' ? UNIT_TX : undefined;
    };
    const text = withObjects('<object id="1" template="../templates/unit.tx" name="A" x="8" y="8"/><object id="2" template="../templates/unit.tx" x="40" y="24"><properties><property name="goal" value="home"/></properties></object><object id="3" name="exit" type="goal" x="40" y="8"><point/></object><object id="4" name="home" type="goal" x="8" y="24"><point/></object>');
    const level = read(text, 'maps/level.tmx', lookup);
    expect(seen).toEqual(['maps/level.tmx -> ../templates/unit.tx']);
    // Unit A (its name from the instance) goes to 'exit', the template's goal; the scout's own property sends it home.
    expect(level.things.agents.map((a) => [a.name, a.start, a.goal])).toEqual([['A', [0, 0], [2, 0]], ['scout', [2, 1], [0, 1]]]);
  });

  it('names a missing template with the object and its layer', () => {
    expect(() => read(withObjects('<object id="7" template="unit.tx" name="A" x="8" y="8"/>'))).toThrow("maps/level.tmx: object 7 'A' on layer 'marks': its template 'unit.tx' is missing (looked for it relative to the map)");
  });

  it('are among the files a level names', () => {
    expect(levelReferences(withObjects('<object id="1" template="t/unit.tx" x="0" y="0"/><object id="2" template="t/unit.tx" x="0" y="0"/>'), 'tiled-xml')).toEqual(['t/unit.tx']);
    expect(levelReferences(JSON.stringify({ tilesets: [{ firstgid: 1, source: 'a.tsj' }], layers: [{ type: 'group', layers: [{ type: 'objectgroup', objects: [{ template: 't\\/door.tj' }] }] }] }), 'tiled-json')).toEqual(['a.tsj', 't\\/door.tj']);
  });
});
