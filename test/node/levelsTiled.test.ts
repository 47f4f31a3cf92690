// The level importer against the real Tiled (Debian's tiled, 1.8): every .tmx fixture exported to
// JSON by `tiled --export-map` imports to the same grid and things as the .tmx; a Moving AI game
// map (den520d) written as a .tmx, exported by Tiled and imported back is equal cell for cell; the
// map with the lab's marks (mapf-lab level-marks) opens in Tiled's tmxrasterizer, which draws the
// marks where the level has them. Missing Tiled is a failure under CI=true or MAPF_REQUIRE_TILED=1
// (.ci/run installs it); elsewhere these tests skip, saying why.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { importLevel } from '../../core/level/readLevel.ts';
import { EXPECTED_ROWS, LEVELS_DIR, lookupBeside, rowsOf } from '../support/levelFiles.ts';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';

const REQUIRED = process.env.CI === 'true' || process.env.MAPF_REQUIRE_TILED === '1';
const onPath = (tool: string) => (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, tool)));
const missing = ['tiled', 'tmxrasterizer'].filter((tool) => !onPath(tool));
const SKIP = missing.length > 0 && !REQUIRED
  ? `Tiled is not installed (missing: ${missing.join(', ')}): the tests against the real Tiled are skipped. Install with \`apt-get install tiled\` (.ci/run does).`
  : undefined;
if (SKIP) console.warn(`levelsTiled.test.ts: ${SKIP}`);

function run(tool: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  if (missing.length > 0) throw new Error(`Tiled is not installed (missing: ${missing.join(', ')}) and the test is required here (CI=true or MAPF_REQUIRE_TILED=1): .ci/run installs tiled with apt-get`);
  return new Promise((resolve) => {
    // Headless: Qt's offscreen platform, no display needed.
    execFile(tool, args, { env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' }, timeout: 120_000, encoding: 'utf8' }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr });
    });
  });
}

async function exportMap(from: string, to: string): Promise<void> {
  const done = await run('tiled', ['--export-map', from, to]);
  expect(done.code, `tiled --export-map ${from} ${to}: ${done.stderr}`).toBe(0);
  expect(existsSync(to)).toBe(true);
}

const importFile = (file: string) => importLevel({ format: file.endsWith('.tmx') ? 'tiled-xml' : 'tiled-json', text: readFileSync(file, 'utf8') }, file, lookupBeside);

function capture() {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t: string) => stdout.push(t), err: (t: string) => stderr.push(t) };
}

const FIXTURES = readdirSync(LEVELS_DIR).filter((f) => f.endsWith('.tmx') && f !== 'level-isometric.tmx');

describe.skipIf(SKIP !== undefined)('the real Tiled', () => {
  it.each(FIXTURES)('%s exported to JSON by tiled --export-map imports to the same grid and things', async (name) => {
    // Tiled writes the external tileset's path relative to where the export goes.
    const out = join(mkdtempSync(join(tmpdir(), 'mapf-lab-tiled-')), name.replace(/\.tmx$/, '.tmj'));
    const source = join(LEVELS_DIR, name);
    await exportMap(source, out);
    const json = JSON.parse(readFileSync(out, 'utf8')) as { tiledversion?: string };
    expect(json.tiledversion).toMatch(/^1\.\d+/);
    const fromTmx = importFile(source);
    const fromTmj = importFile(out);
    expect(rowsOf(fromTmx.grid)).toEqual(EXPECTED_ROWS);
    expect(rowsOf(fromTmj.grid)).toEqual(rowsOf(fromTmx.grid));
    expect(fromTmj.things).toEqual(fromTmx.things);
    expect(fromTmj.origin).toEqual(fromTmx.origin);
  });

  it('object templates: units placed as instances of a .tx template import the same from the .tmx and from Tiled\'s JSON export', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-templates-'));
    writeFileSync(join(dir, 'unit.tx'), `<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="scout" type="unit">
  <properties><property name="goal" value="east"/></properties>
  <point/>
 </object>
</template>
`);
    const level = readFileSync(join(LEVELS_DIR, 'level-csv.tmx'), 'utf8').replace(/ <objectgroup id="4" name="marks">[\s\S]*?<\/objectgroup>/, ` <objectgroup id="4" name="marks">
  <object id="1" template="unit.tx" name="A" x="24" y="24"/>
  <object id="2" template="unit.tx" x="24" y="72"/>
  <object id="3" name="east" type="goal" x="136" y="72"><point/></object>
 </objectgroup>`);
    const tmx = join(dir, 'level.tmx');
    writeFileSync(tmx, level);
    const tmj = join(dir, 'level.tmj');
    await exportMap(tmx, tmj);
    expect(readFileSync(tmj, 'utf8')).toContain('"template":"unit.tx"');
    const fromTmx = importFile(tmx);
    const fromTmj = importFile(tmj);
    expect(fromTmx.things.agents.map((a) => [a.name, a.start, a.goal])).toEqual([['A', [1, 1], [8, 4]], ['scout', [1, 4], [8, 4]]]);
    expect(fromTmj.things).toEqual(fromTmx.things);
  });

  it('a real game map: den520d written as a .tmx, exported by Tiled, imported back equal cell for cell', async (context) => {
    skipWithoutBenchmarks(context);
    const map = parseMap(readFileSync(`${MOVING_AI}maps/den520d.map`, 'utf8'), 'den520d.map');
    const { width, height } = map.grid;
    const rows: string[] = [];
    for (let y = 0; y < height; y++) {
      const row: number[] = [];
      for (let x = 0; x < width; x++) row.push(map.grid.passable[y * width + x] === 1 ? 1 : 2);
      rows.push(row.join(','));
    }
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-den520d-'));
    const tmx = join(dir, 'den520d.tmx');
    writeFileSync(tmx, `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="${width}" height="${height}" tilewidth="8" tileheight="8" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="den" tilewidth="8" tileheight="8" tilecount="2" columns="0">
  <tile id="0"/>
  <tile id="1"><properties><property name="solid" type="bool" value="true"/></properties></tile>
 </tileset>
 <layer id="1" name="terrain" width="${width}" height="${height}">
  <data encoding="csv">
${rows.join(',\n')}
</data>
 </layer>
</map>
`);
    const tmj = join(dir, 'den520d.tmj');
    await exportMap(tmx, tmj);
    const level = importFile(tmj);
    expect([level.grid.width, level.grid.height]).toEqual([width, height]);
    let differing = 0;
    for (let i = 0; i < width * height; i++) if (level.grid.passable[i] !== map.grid.passable[i]) differing++;
    expect(differing).toBe(0);
    expect(Array.from(level.grid.passable).filter((p) => p === 0).length).toBe(Array.from(map.grid.passable).filter((p) => p === 0).length);
  });

  it('the lab\'s marks, exported by mapf-lab level-marks, are drawn by tmxrasterizer where the level has them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-marks-'));
    const scenario = join(dir, 'bridge.json');
    // The command line end to end: import the JSON map (external .tsj tileset), solve, mark.
    let io = capture();
    expect(await main(['level-import', join(LEVELS_DIR, 'level-external.tmj'), '--out', scenario], io), io.stderr.join('\n')).toBe(0);
    const json = JSON.parse(readFileSync(scenario, 'utf8')) as Record<string, unknown>;
    // Units only (the spawner's stream is measured in other terms), so the run measures the bridge.
    delete json.spawners;
    json.events = [];
    writeFileSync(scenario, JSON.stringify(json));
    io = capture();
    expect(await main(['solve', '--scenario', scenario, '--solver', 'ca', '--json'], io), io.stderr.join('\n')).toBe(0);
    const runFile = join(dir, 'run.json');
    writeFileSync(runFile, io.stdout.join(''));
    const out = join(dir, 'marked.tmj');
    io = capture();
    expect(await main(['level-marks', '--scenario', scenario, '--run', runFile, '--out', out, '--heat', join(dir, 'heat.png')], io), io.stderr.join('\n')).toBe(0);
    const paths = (JSON.parse(readFileSync(runFile, 'utf8')) as { paths: [number, number][][] }).paths;
    const marked = JSON.parse(readFileSync(out, 'utf8')) as { layers: { name: string; objects?: { name: string; x: number; y: number; width: number; height: number; properties?: { name: string; value: number }[] }[] }[] };
    const layer = marked.layers.find((l) => l.name === 'mapf-lab')!;
    const bridge = layer.objects!.find((o) => o.name === 'bridge')!;
    expect(bridge).toMatchObject({ x: 80, y: 48, width: 16, height: 16 });
    // Two units cross the one-cell bridge within one turn of each other.
    expect(bridge.properties!.map((p) => p.name)).toEqual(['crossingsPer10Turns', 'meanWait', 'peakQueue']);
    expect(bridge.properties![0].value).toBeGreaterThan(0);
    const east = layer.objects!.find((o) => o.name === 'east')!;
    expect(east).toMatchObject({ x: 128, y: 16, width: 16, height: 80 });

    const png = join(dir, 'marked.png');
    const done = await run('tmxrasterizer', ['--scale', '2', out, png]);
    expect(done.code, done.stderr).toBe(0);
    const image = decode(readFileSync(png));
    expect([image.width, image.height]).toEqual([320, 224]);
    // The layer's colour, #ff00ff, fills its objects: magenta pixels inside each mark, none far from every mark.
    const magenta = (x: number, y: number) => {
      const p = (y * image.width + x) * image.channels;
      const [r, g, b] = [image.data[p], image.data[p + 1], image.data[p + 2]];
      // Tiled fills an object translucently over the floor: magenta's trace is green well below red and blue.
      return r - g > 30 && b - g > 30;
    };
    const inside = (o: { x: number; y: number; width: number; height: number }, margin: number) => (x: number, y: number) =>
      x >= (o.x - margin) * 2 && y >= (o.y - margin) * 2 && x < (o.x + o.width + margin) * 2 && y < (o.y + o.height + margin) * 2;
    expect(magenta((bridge.x + 8) * 2, (bridge.y + 8) * 2)).toBe(true);
    // The heat layer under the marks: a cell both units crossed is tinted, a floor cell none visited is not.
    const visited = new Set(paths.flat().map(([x, y]) => `${x},${y}`));
    expect(visited.has('6,3')).toBe(true);
    // The exit's fill, on one of its cells no unit crossed (the heat under it would redden it).
    const calmExit = [1, 2, 3, 4, 5].find((y) => !visited.has(`8,${y}`))!;
    expect(magenta(8 * 32 + 16, calmExit * 32 + 16)).toBe(true);
    const pixel = (cx: number, cy: number) => {
      const p = ((cy * 16 + 8) * 2 * image.width + (cx * 16 + 8) * 2) * image.channels;
      return [image.data[p], image.data[p + 1], image.data[p + 2]];
    };
    const quiet = EXPECTED_ROWS.flatMap((row, y) => [...row].map((c, x) => (c === '.' && !visited.has(`${x},${y}`) && !layer.objects!.some((o) => inside(o, 0)(x * 32 + 16, y * 32 + 16)) ? [x, y] : null))).find((c) => c !== null)!;
    expect(quiet).toBeDefined();
    const [floorR, floorG, floorB] = pixel(quiet[0], quiet[1]);
    expect(floorG).toBeGreaterThan(200);
    const [hotR, hotG, hotB] = pixel(6, 3);
    expect(hotG).toBeLessThan(floorG - 40);
    expect(hotB).toBeLessThan(floorB - 40);
    expect(hotR).toBeGreaterThan(floorR - 30);
    let stray = 0;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) if (magenta(x, y) && !layer.objects!.some((o) => inside(o, 3)(x, y))) stray++;
    }
    expect(stray).toBe(0);
  });
});
