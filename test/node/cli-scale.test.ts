// The game's turn length and cell width (a scenario's `scale`) on the command line: `solve
// --scenario` gives a region's crossings and a stream's throughput a minute too, and
// `level-import` says what the level's properties gave.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { bridgeScenario, bridgeStreamScenario } from '../../core/mapgen/bridges.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-scale-'));
function file(name: string, json: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof json === 'string' ? json : JSON.stringify(json));
  return path;
}

describe('the scenario\'s scale on the command line', () => {
  it('solve --scenario: a region\'s crossings a minute too', async () => {
    const scenario = { ...bridgeScenario({ length: 6, unitsPerSide: 3 }), version: 6, scale: { turnSeconds: 0.5 } };
    const io = capture();
    await main(['solve', '--scenario', file('batch.json', scenario), '--solver', 'pibt'], io);
    // n per 10 turns of half a second: 12n a minute.
    const line = io.stdout.join('\n').split('\n').find((l) => l.startsWith('region bridge:'))!;
    const [, rate, minute] = /(\d+\.\d\d) per 10 turns \((\d+(?:\.\d+)?) a minute\)/.exec(line)!;
    expect(Number(minute)).toBeCloseTo(Number(rate) * 12, 0);
  });

  it('solve --scenario with a stream: its throughput a minute too', async () => {
    const scenario = { ...bridgeStreamScenario(6, 2), version: 6, scale: { turnSeconds: 2 } };
    const io = capture();
    await main(['solve', '--scenario', file('stream.json', scenario), '--solver', 'pibt', '--turn-limit', '200'], io);
    expect(io.stdout.join('\n')).toMatch(/throughput: (\d+\.\d\d) goals reached per 10 turns \([\d.]+ a minute\), \d+\.\d\d exits per 10 turns \([\d.]+ a minute\)/);
  });

  it('level-import: the map\'s turnSeconds and cellMetres are said and kept', async () => {
    const tmx = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" width="3" height="2" tilewidth="32" tileheight="32" infinite="0">
 <properties><property name="turnSeconds" type="float" value="0.25"/><property name="cellMetres" type="float" value="1.5"/></properties>
 <tileset firstgid="1" name="terrain" tilewidth="32" tileheight="32" tilecount="1" columns="1"/>
 <layer id="1" name="ground" width="3" height="2"><data encoding="csv">1,1,1,1,1,1</data></layer>
</map>`;
    const out = join(dir, 'level.json');
    const io = capture();
    expect(await main(['level-import', file('level.tmx', tmx), '--out', out], io), io.stderr.join('\n')).toBe(0);
    expect(io.stdout.join('\n')).toMatch(/; a turn is 0\.25 s, a cell 1\.5 m \(the map's properties\)$/);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ version: 6, scale: { turnSeconds: 0.25, cellMetres: 1.5 } });
  });
});
