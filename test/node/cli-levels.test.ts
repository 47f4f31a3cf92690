// Level files on the command line and in experiments: `solve --map LEVEL --scen`, `solve
// --scenario LEVEL` (its objects give the units and the stream), `level-import` with the level
// options, a scenario whose map is a level file re-imported with the choices its source keeps,
// and an experiment whose map is a Tiled map.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { InstanceBuilder } from '../../core/experiments/instances.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';
import { EXPECTED_ROWS, LEVELS_DIR, rowsOf } from '../support/levelFiles.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}
const fixture = (name: string) => join(LEVELS_DIR, name);

describe('mapf-lab solve with a level file', () => {
  it('--map LEVEL --scen: the level is the map, the Moving AI scenario its units', async () => {
    const scen = join(mkdtempSync(join(tmpdir(), 'mapf-lab-level-')), 'level.scen');
    writeFileSync(scen, 'version 1\n0\tlevel.tmx\t10\t7\t1\t1\t8\t4\t10.41421356\n0\tlevel.tmx\t10\t7\t1\t4\t8\t2\t9\n');
    const io = capture();
    expect(await main(['solve', '--map', fixture('level-gzip.tmx'), '--scen', scen, '--agents', '2', '--solver', 'cbs', '--json'], io), io.stderr.join('\n')).toBe(0);
    const out = JSON.parse(io.stdout.join('')) as { status: string; paths: [number, number][][] };
    expect(out.status).toBe('solved');
    // Every path crosses the one-cell bridge at (5, 3).
    for (const path of out.paths) expect(path.some(([x, y]) => x === 5 && y === 3)).toBe(true);
  });

  it('a cell on a wall of the level is named as in any map', async () => {
    const scen = join(mkdtempSync(join(tmpdir(), 'mapf-lab-level-')), 'level.scen');
    writeFileSync(scen, 'version 1\n0\tlevel.tmx\t10\t7\t7\t1\t8\t4\t5\n');
    const io = capture();
    expect(await main(['solve', '--map', fixture('level-csv.tmx'), '--scen', scen, '--agents', '1', '--solver', 'cbs'], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/level\.scen.*\(7, 1\)/);
  });

  it('--scenario LEVEL: the level\'s units, spawner, exit, region and door run as a stream', async () => {
    const io = capture();
    expect(await main(['solve', '--scenario', fixture('level-external.tmj'), '--solver', 'pibt', '--turn-limit', '60', '--json'], io), io.stderr.join('\n')).toBe(0);
    const out = JSON.parse(io.stdout.join('')) as { status: string; valid: boolean; streams: { appeared: number; spawners: { name: string }[] } };
    expect(out).toMatchObject({ status: 'solved', valid: true });
    expect(out.streams.spawners.map((s) => s.name)).toEqual(['west']);
    // Two placed units and the spawner's, at 2 per 10 turns.
    expect(out.streams.appeared).toBeGreaterThan(2);
  });

  it('a Tiled map saved as .json is told from a scenario by its content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-level-'));
    const level = JSON.parse(readFileSync(fixture('level-external.tmj'), 'utf8')) as { tilesets: { source: string }[] };
    level.tilesets[0].source = relative(dir, fixture('tilesets/terrain.tsj'));
    // Minimised, as Tiled's "Minimize output" writes it: one line, keys in alphabetical order.
    writeFileSync(join(dir, 'level.json'), JSON.stringify(level));
    const io = capture();
    expect(await main(['level-import', join(dir, 'level.json'), '--out', join(dir, 'scenario.json')], io), io.stderr.join('\n')).toBe(0);
    expect(io.stdout.join('')).toContain('10 x 7 cells, 2 units');
    // The scenario it wrote is a scenario, not a level.
    const run = capture();
    expect(await main(['solve', '--scenario', join(dir, 'scenario.json'), '--solver', 'pibt', '--turn-limit', '30', '--json'], run), run.stderr.join('\n')).toBe(0);
    expect(JSON.parse(run.stdout.join('')).scenario).toBe('level');
  });

  it('the level options choose the walls: --blocking-layer, --hidden-layer, --cells-per-tile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-level-'));
    const out = join(dir, 'level.json');
    const io = capture();
    expect(await main(['level-import', fixture('level-csv.tmx'), '--out', out, '--hidden-layer', 'decor', '--cells-per-tile', '2'], io), io.stderr.join('\n')).toBe(0);
    const scenario = JSON.parse(readFileSync(out, 'utf8')) as { map: { rows: string[] }; source: Record<string, unknown>; agents: { start: number[] }[] };
    expect(scenario.map.rows).toHaveLength(14);
    expect(scenario.map.rows[4].slice(4, 6)).toBe('@@');
    expect(scenario.agents[0].start).toEqual([3, 3]);
    expect(scenario.source).toEqual({
      path: relative(dir, fixture('level-csv.tmx')), format: 'tiled-xml', choices: { hiddenLayers: ['decor'], cellsPerTile: 2 }, tileWidth: 16, tileHeight: 16,
    });
    const refused = capture();
    expect(await main(['level-import', fixture('level-csv.tmx'), '--out', out, '--blocking-layer', 'walls'], refused)).toBe(1);
    expect(refused.stderr.join('\n')).toContain("level-csv.tmx: no layer 'walls' to read walls from (layers: 'world/ground', 'decor', 'marks')");
    expect(await main(['level-import', fixture('level-csv.tmx'), '--out', out, '--cells-per-tile', '4'], refused)).toBe(2);
    expect(refused.stderr.join('\n')).toContain('--cells-per-tile 4: at most 3');
  });

  it('a scenario whose map is a level file reads it with the choices its source keeps', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-level-'));
    const file = join(dir, 'units.json');
    const level = relative(dir, fixture('level-zstd.tmx'));
    writeFileSync(file, JSON.stringify({
      format: 'mapf-lab/scenario', version: 5, name: 'units on a level', map: { kind: 'file', path: level },
      agents: [{ id: 'a', start: [1, 1], goal: [2, 2] }],
      source: { path: level, format: 'tiled-xml', choices: { hiddenLayers: ['decor'] } },
    }));
    // The hidden decor layer, chosen in the source, walls (2, 2): the unit's goal.
    const walled = capture();
    expect(await main(['solve', '--scenario', file, '--solver', 'cbs'], walled)).toBe(1);
    expect(walled.stderr.join('\n')).toMatch(/units\.json.*agents\[0\]\.goal/);
    // Flags override the source: without the hidden layer the goal is free.
    const io = capture();
    expect(await main(['solve', '--scenario', file, '--solver', 'cbs', '--json', '--cells-per-tile', '1'], io), io.stderr.join('\n')).toBe(0);
    expect(JSON.parse(io.stdout.join('')).status).toBe('solved');
  });
});

describe('an experiment whose map is a level file', () => {
  it('reads the Tiled map with its external tileset, with the level choices it names', () => {
    const experiment = parseExperiment({
      format: 'mapf-lab/experiment', version: 1, name: 'levels',
      maps: [{ kind: 'movingai', name: 'guessed', map: 'level-external.tmx' }, { kind: 'movingai', name: 'decor', map: 'level-external.tmx', level: { hiddenLayers: ['decor'] } }],
      agents: [2], solvers: [{ solver: 'cbs' }], placement: 'random',
    });
    const runs = planRuns(experiment);
    const builder = new InstanceBuilder({ readText: (path) => readFileSync(join(LEVELS_DIR, path), 'utf8') });
    const grids = runs.map((run) => rowsOf(builder.build(run).instance.grid));
    expect(grids[0]).toEqual(EXPECTED_ROWS);
    expect(grids[grids.length - 1][2]).toBe('@.@..@...@');
  });
});
