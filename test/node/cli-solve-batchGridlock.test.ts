// `mapf-lab solve --scenario FILE.json` on a batch scenario whose units lock: the words place the
// lock in the scenario's measured region, in the status line and in --json (units from 1).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { bridgeScenario } from '../../core/mapgen/bridges.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

function file(json: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'mapf-lab-batch-lock-')), 'bridge.json');
  writeFileSync(path, JSON.stringify(json));
  return path;
}

describe('solve --scenario in batch, units that lock on a measured bridge', () => {
  // LRA* (Silver 2005: each unit replans alone, agitated) meets head-on on the one-lane bridge.
  const scenario = file(bridgeScenario({ length: 8, unitsPerSide: 6 }));

  it('names the bridge in the status line', async () => {
    const io = capture();
    const code = await main(['solve', '--scenario', scenario, '--solver', 'lra', '--turn-limit', '300'], io);
    expect(code).toBe(1);
    expect(io.stdout.join('\n')).toMatch(/status: failed \(gridlock at bridge from turn \d+: units \d+ and \d+ head-on at \(\d+, \d+\); \d+ of 12 units stuck/);
  });

  it('names it in --json, with the lock\'s units from 1 and its cell as [x, y]', async () => {
    const io = capture();
    await main(['solve', '--scenario', scenario, '--solver', 'lra', '--turn-limit', '300', '--json'], io);
    const out = JSON.parse(io.stdout.join(''));
    expect(out.status).toBe('failed');
    expect(out.message).toMatch(/^gridlock at bridge from turn /);
    expect(out.gridlock).toMatchObject({ region: 'bridge', headOn: { units: [expect.any(Number), expect.any(Number)], cell: [expect.any(Number), expect.any(Number)] } });
    expect(Math.min(...out.gridlock.stuck)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...out.gridlock.stuck)).toBeLessThanOrEqual(12);
  });
});
