// `mapf-lab capacity FILE.json --spawner NAME`: the sweep's table, saturation point and sentence,
// the same figures as the core sweep, and usage errors that name what is wrong.
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { parseRates } from '../../cli/commands/capacity.ts';
import { loadAppScenario } from '../../cli/commands/solveScenario.ts';
import { sweepCapacity } from '../../core/experiments/capacity.ts';
import { solverNames } from '../../core/registry/registry.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

// Shipped: an 18-cell corridor, one cell wide for 10 cells, units one way, admission off.
const CORRIDOR = 'experiments/scenarios/corridor-one-way.json';

describe('mapf-lab capacity', () => {
  it('finds the one-way corridor\'s saturation point at one unit a turn and prints it in a table and in words', async () => {
    const io = capture();
    const code = await main(['capacity', CORRIDOR, '--spawner', 'west', '--rates', '6:14:2', '--solvers', 'pibt', '--turns', '300'], io);
    expect(code).toBe(0);
    const text = io.stdout.join('\n');
    // Offered per spawner and in all (one spawner: the same), delivered in all and per spawner.
    expect(text).toMatch(/PIBT\s+10\s+10\s+10\.00\s+10\.00\s+[\d./]+\s+[\d.]+\s+0\s+-?\d+\s+yes\s+true/);
    expect(text).toMatch(/PIBT\s+12\s+12\s+10\.00\s+10\.00\s+[\d./]+\s+[\d.]+\s+\d+\s+\d+\s+NO\s+true/);
    expect(text).toMatch(/PIBT\s+saturates at 10 per 10 turns; carries at most 10\.00 per 10 turns/);
    expect(text).toMatch(/the corridor carries at most 10\.0 units per 10 turns with PIBT; at 10 per 10 turns offered, units spend \d+ turns in the system/);
    expect(text).not.toMatch(/ - /);
    expect(text).toMatch(/sweep: 5 runs \+ 5 of the lane's traffic rule in [\d.]+ s CPU \(process user \+ system\), load [\d.]+/);
  });

  it('--json gives the figures the core sweep gives', async () => {
    const io = capture();
    await main(['capacity', CORRIDOR, '--spawner', 'west', '--rates', '4,12', '--solvers', 'pibt,whca:8', '--turns', '200', '--json'], io);
    const out = JSON.parse(io.stdout.join(''));
    const loaded = loadAppScenario(CORRIDOR, solverNames());
    const core = sweepCapacity(loaded.instance, loaded.streams, { spawners: ['west'], rates: [4, 12], solvers: [{ solver: 'pibt' }, { solver: 'whca', params: { window: 8 } }], turns: 200 });
    const figures = (runs: { label: string; rate: number; delivered: number; timeInSystem: unknown; backlogEnd: number; bounded: boolean }[]) => runs.map((r) => [r.label, r.rate, r.delivered, r.timeInSystem, r.backlogEnd, r.bounded]);
    expect(figures(out.runs)).toEqual(figures(core.runs));
    expect(out.solvers.map((s: { label: string; saturationRate: number | null }) => [s.label, s.saturationRate])).toEqual(core.solvers.map((s) => [s.label, s.saturationRate]));
    expect(out.runs[0].label).toBe('PIBT');
    expect(out.runs[2].label).toBe('WHCA*(8)');
  });

  it('refuses a missing spawner, a solver that plans once, and bad rates, naming them', async () => {
    const missing = capture();
    expect(await main(['capacity', CORRIDOR, '--spawner', 'north', '--turns', '40'], missing)).toBe(2);
    expect(missing.stderr.join('')).toMatch(/no spawner 'north'.*'west'/);
    const lacam = capture();
    expect(await main(['capacity', CORRIDOR, '--spawner', 'west', '--solvers', 'lacam'], lacam)).toBe(2);
    expect(lacam.stderr.join('')).toMatch(/'lacam' is not a solver that takes a stream/);
    expect(() => parseRates('5:1:1')).toThrow(/--rates 5:1:1: needs 0 < A <= B/);
    expect(parseRates('0.5:1.5:0.1')).toHaveLength(11);
    expect(parseRates('0.5:1.5:0.1').at(-1)).toBe(1.5);
  });
});

describe('mapf-lab capacity in the designer\'s units', () => {
  // Two spawners on a one-cell door, each at the rate entered.
  const BRIDGE = 'experiments/scenarios/bridge-two-way.json';

  it('shows each rate per spawner and in all, and a minute with --turn-seconds; no dash left unexplained', async () => {
    const io = capture();
    await main(['capacity', BRIDGE, '--spawner', 'west', '--spawner', 'east', '--rates', '2,30', '--solvers', 'pibt', '--turns', '200', '--turn-seconds', '0.5'], io);
    const text = io.stdout.join('\n');
    expect(text).toMatch(/2 spawners: in all is the rate per spawner times 2/);
    expect(text).toMatch(/a turn is 0\.5 s/);
    // The run at 2 per spawner: 4 in all offered, delivered in all, then west + east, then a minute.
    expect(text).toMatch(/PIBT\s+2\s+4\s+(\d+\.\d\d)\s+\d+\.\d\d \+ \d+\.\d\d\s+\d+\.\d\s+/);
    expect(text).toMatch(/PIBT\s+saturates at 4 per 10 turns in all \(48 a minute, 0\.80 a second\), 2 per spawner \(24 a minute\)/);
    expect(text).toMatch(/carries at most \d+\.\d units per 10 turns in all \([\d.]+ a minute, [\d.]+ a second\), \d+\.\d per spawner \([\d.]+ a minute\) with PIBT/);
    expect(text).not.toMatch(/\s-\s/);
  });

  it('takes the turn length and cell width from the scenario, and --json gives the minute figures', async () => {
    const { readFileSync, writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const scenario = JSON.parse(readFileSync(BRIDGE, 'utf8'));
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-lab-scale-')), 'bridge.json');
    writeFileSync(file, JSON.stringify({ ...scenario, version: 6, scale: { turnSeconds: 2, cellMetres: 3 } }));
    const io = capture();
    await main(['capacity', file, '--spawner', 'west', '--spawner', 'east', '--rates', '1', '--solvers', 'pibt', '--turns', '100', '--json'], io);
    const out = JSON.parse(io.stdout.join(''));
    expect(out.scale).toEqual({ turnSeconds: 2, cellMetres: 3 });
    const run = out.runs[0];
    expect(run.rate).toBe(1);
    expect(run.offered).toBe(2);
    expect(run.deliveredBySpawner).toHaveLength(2);
    expect(run.deliveredBySpawner[0] + run.deliveredBySpawner[1]).toBeCloseTo(run.delivered, 9);
    // 1 per 10 turns of 2 s: 3 a minute per spawner, 6 in all.
    expect(run.perMinute).toMatchObject({ rate: 3, offered: 6 });
    expect(run.perMinute.delivered).toBeCloseTo(run.delivered * 3, 9);
    // The flag overrides the scenario.
    const flagged = capture();
    await main(['capacity', file, '--spawner', 'west', '--rates', '1', '--solvers', 'pibt', '--turns', '100', '--json', '--turn-seconds', '1'], flagged);
    expect(JSON.parse(flagged.stdout.join('')).runs[0].perMinute.rate).toBe(6);
    const bad = capture();
    expect(await main(['capacity', file, '--spawner', 'west', '--turn-seconds', '0'], bad)).toBe(2);
    expect(bad.stderr.join('')).toMatch(/--turn-seconds must be a number above 0/);
  });

  it('says "never bounded in the rates swept" where a solver has no saturation point', async () => {
    const io = capture();
    await main(['capacity', CORRIDOR, '--spawner', 'west', '--rates', '20', '--solvers', 'pibt', '--turns', '100'], io);
    expect(io.stdout.join('\n')).toMatch(/PIBT\s+never bounded in the rates swept/);
  });
});
