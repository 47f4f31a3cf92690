// The command line refuses what a file may not ask for (core/util/limits.ts) before any work,
// naming the limit: too many agents on the command line, a .scen of 10^6 queries, an experiment of
// 1e9 runs. Shown by content, not by a clock: the garbage past the limit is never read, and a
// billion runs could not be planned at all.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommandIo } from '../../cli/command.ts';
import { main } from '../../cli/main.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-limits-'));
const map = join(dir, 'm.map');
writeFileSync(map, 'type octile\nheight 8\nwidth 8\nmap\n' + '........\n'.repeat(8));

describe('mapf-lab refuses past the lab\'s limits', () => {
  it('solve --agents past the unit limit: a usage error before any file is read', async () => {
    const io = capture();
    expect(await main(['solve', '--map', join(dir, 'missing.map'), '--scen', join(dir, 'missing.scen'), '--agents', '1000000', '--solver', 'pibt'], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/--agents 1000000: at most 100,000 units per scenario \(the lab's unit limit\)/);
  });

  it('solve with a .scen of 10^6 queries: refused at the first query past the limit, naming it', async () => {
    const query = '0\tm.map\t8\t8\t0\t0\t7\t7\t9.89949494\n';
    const scen = join(dir, 'big.scen');
    writeFileSync(scen, `version 1\n${query.repeat(100_001)}${'garbage\n'.repeat(1_000_000 - 100_001)}`);
    const io = capture();
    expect(await main(['solve', '--map', map, '--scen', scen, '--agents', '1', '--solver', 'pibt'], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/big\.scen:100002:1: the scenario has more than 100,000 queries; at most 100,000 units per scenario \(the lab's unit limit\)/);
  });

  it('experiment of 1e9 repeats: refused by count, naming the run limit, with nothing written', async () => {
    const file = join(dir, 'huge.json');
    writeFileSync(file, JSON.stringify({ format: 'mapf-lab/experiment', version: 1, name: 'huge', maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1] }], agents: [2], solvers: [{ solver: 'pibt' }], repeats: 1e9 }));
    const io = capture();
    expect(await main(['experiment', file, '--out', join(dir, 'out')], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/asks for 1,000,000,000 runs .*at most 1,000,000 per experiment \(the lab's run limit\)/);
  });
});
