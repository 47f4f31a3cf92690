// `mapf-lab solve --scenario FILE.json` on a scenario with streams (spawners, exits, errands):
// a turn controller runs it and the stream's measures are printed; solvers that plan once refuse.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { bridgeStreamScenario } from '../../core/mapgen/bridges.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

// Two banks joined by a one-cell bridge at (6, 2): units stream across both ways.
const BRIDGE = {
  format: 'mapf-lab/scenario', version: 4, name: 'Two-way bridge',
  map: { kind: 'inline', rows: ['......@......', '......@......', '.............', '......@......', '......@......'] },
  solver: { solver: 'pibt', seed: 3 },
  spawners: [
    { name: 'west barracks', area: { from: [0, 0], to: [0, 1] }, every: 5, count: 8, goal: { exit: 'east road' } },
    { name: 'east barracks', area: { cells: [[12, 0], [12, 1]] }, rate: 2, count: 8, goal: { exit: 'west road' } },
  ],
  exits: [{ name: 'east road', area: { from: [12, 3], to: [12, 4] } }, { name: 'west road', area: { from: [0, 3], to: [0, 4] } }],
};

function file(json: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mapf-lab-streams-')), 'bridge.json');
  writeFileSync(path, JSON.stringify(json));
  return path;
}

describe('solve --scenario with streams', () => {
  it('--json gives the stream measures and each unit\'s path, null while it is not on the map', async () => {
    const io = capture();
    const code = await main(['solve', '--scenario', file(BRIDGE), '--json'], io);
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout.join(''));
    expect(out).toMatchObject({ solver: 'pibt', status: 'solved', valid: true, units: 16 });
    expect(out.streams.left).toBe(16);
    expect(out.streams.spawners.map((s: { name: string; sent: number }) => [s.name, s.sent])).toEqual([['west barracks', 8], ['east barracks', 8]]);
    expect(out.streams.exitsPer10.reduce((a: number, b: number) => a + b, 0)).toBe(16);
    expect(out.streams.timeInSystem.mean).toBeGreaterThanOrEqual(15);
    // A unit spawned later is absent (null) before it appears, and gone after it leaves.
    const last = out.paths[15];
    expect(last[0]).toBeNull();
    expect(last[out.streams.appearTurn[15]]).not.toBeNull();
    expect(last[last.length - 1]).toBeNull();
  });

  it('the text output names the throughput, time in system and each spawner\'s backlog', async () => {
    const io = capture();
    await main(['solve', '--scenario', file(BRIDGE), '--solver', 'whca'], io);
    const text = io.stdout.join('\n');
    expect(text).toMatch(/throughput: [\d.]+ goals reached per 10 turns, [\d.]+ exits per 10 turns/);
    expect(text).toMatch(/time in system \(appearance to exit\): mean [\d.]+, p95 \d+, max \d+ turns/);
    expect(text).toMatch(/spawner west barracks: 8 placed; backlog max \d+, at the end 0/);
  });

  it('refuses --export, whose formats hold a fixed set of units', async () => {
    const io = capture();
    const code = await main(['solve', '--scenario', file(BRIDGE), '--export', `replay=${join(tmpdir(), 'x.json')}`], io);
    expect(code).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/--export: a stream's units appear and leave/);
  });

  it('a solver that plans once refuses a stream, saying why', async () => {
    const io = capture();
    const code = await main(['solve', '--scenario', file(BRIDGE), '--solver', 'cbs'], io);
    expect(code).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/cbs plans once for a fixed set of units, which a stream .* does not give; solvers that take a stream: .*pibt/);
  });
});

describe('solve --scenario with streams that lock', () => {
  it('says where and who, by the measured region, in the status and in --json (units from 1)', async () => {
    // Admission control off (share 1): both banks fill and PIBT's lines meet head-on in the lane.
    const scenario = bridgeStreamScenario(20, 5);
    for (const spawner of scenario.spawners as { admitShare?: number }[]) spawner.admitShare = 1;
    const io = capture();
    await main(['solve', '--scenario', file(scenario), '--solver', 'pibt'], io);
    expect(io.stdout.join('\n')).toMatch(/status: failed \(gridlock at bridge from turn \d+: units \d+ and \d+ head-on at \(\d+, 4\); \d+ of \d+ units stuck\)/);
    const json = capture();
    await main(['solve', '--scenario', file(scenario), '--solver', 'pibt', '--json'], json);
    const out = JSON.parse(json.stdout.join(''));
    expect(out.status).toBe('failed');
    expect(out.gridlock).toMatchObject({ region: 'bridge', headOn: { cell: [expect.any(Number), 4] } });
    expect(Math.min(...out.gridlock.stuck)).toBeGreaterThanOrEqual(1);
    expect(out.message).toMatch(/^gridlock at bridge from turn /);
  });
});
