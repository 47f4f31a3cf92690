// `mapf-lab solve --scenario FILE.json --json` reports the scenario's measured regions: who stood on the bridge, from when to when, and the text output's line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';

function capture(): CommandIo & { stdout: string[] } {
  const stdout: string[] = [];
  return { stdout, out: (t) => stdout.push(t), err: () => {} };
}

// Two banks joined by a one-cell bridge at (3, 2).
const ROWS = ['...@...', '...@...', '.......', '...@...', '...@...'];
const BRIDGE = {
  format: 'mapf-lab/scenario', version: 3, name: 'Bridge', map: { kind: 'inline', rows: ROWS },
  agents: [
    { id: 'a', start: [0, 0], goal: [6, 0] }, { id: 'b', start: [0, 4], goal: [6, 4] },
    { id: 'c', start: [6, 1], goal: [0, 1] }, { id: 'd', start: [1, 2], goal: [5, 3] },
  ],
  solver: { solver: 'hca' },
  regions: [{ name: 'bridge', from: [3, 2], to: [3, 2] }, { name: 'far corner', from: [0, 4], to: [0, 4] }],
};

function file(json: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mapf-lab-regions-')), 'bridge.json');
  writeFileSync(path, JSON.stringify(json));
  return path;
}

describe('solve --scenario with measured regions', () => {
  it('--json has each region: units that stood in it, first and last turn, waits and throughput', async () => {
    const io = capture();
    const code = await main(['solve', '--scenario', file(BRIDGE), '--json'], io);
    const out = JSON.parse(io.stdout.join(''));
    expect(code).toBe(0);
    expect(out.regions.map((r: { name: string }) => r.name)).toEqual(['bridge', 'far corner']);
    const paths: [number, number][][] = out.paths;
    const onBridge = paths.map((p) => p.map(([x, y], t) => (x === 3 && y === 2 ? t : -1)).filter((t) => t >= 0));
    const turns = onBridge.flat();
    const bridge = out.regions[0];
    // Every unit crosses the river on the bridge.
    expect(bridge.units).toBe(4);
    expect(bridge.firstEntry).toBe(Math.min(...turns));
    expect(bridge.lastExit).toBe(Math.max(...turns));
    expect(bridge.throughput).toBeCloseTo((4 * 10) / (bridge.lastExit - bridge.firstEntry + 1));
    expect(bridge.peakThroughput).toBeGreaterThanOrEqual(1);
    expect(bridge.maxWait).toBeGreaterThanOrEqual(0);
    expect(Object.keys(bridge).sort()).toEqual(['firstEntry', 'lastExit', 'maxQueue', 'maxWait', 'meanWait', 'name', 'peakThroughput', 'throughput', 'totalWait', 'units', 'entries', 'crossings', 'turnBacks', 'crossingRate', 'peakCrossings'].sort());
    // Every unit got across the river, west to east or east to west, and only by the bridge.
    const entries = onBridge.reduce((sum, ts) => sum + ts.filter((t, k) => k === 0 || ts[k - 1] !== t - 1).length, 0);
    expect(bridge.entries).toBe(entries);
    expect(bridge.crossings).toBeGreaterThanOrEqual(4);
    expect(bridge.crossings + bridge.turnBacks).toBe(entries);
    expect(bridge.peakCrossings).toBeLessThanOrEqual(10);
    expect(bridge.crossingRate).toBeCloseTo((bridge.crossings * 10) / (bridge.lastExit - bridge.firstEntry + 1));
    // Unit b starts in the far corner and leaves it.
    expect(out.regions[1]).toMatchObject({ units: 1, firstEntry: 0 });
  });

  it('the text output gives one line per region; a file without regions has no regions key', async () => {
    const io = capture();
    await main(['solve', '--scenario', file(BRIDGE)], io);
    expect(io.stdout.join('\n')).toMatch(/region bridge: 4 units from turn \d+ to \d+, \d+ crossings, [\d.]+ per 10 turns \(peak \d+\), \d+ entries \(peak \d+ per 10 turns\), \d+ turn-backs/);
    const plain = capture();
    await main(['solve', '--scenario', file({ ...BRIDGE, regions: [] }), '--json'], plain);
    expect(JSON.parse(plain.stdout.join(''))).not.toHaveProperty('regions');
  });
});
