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
    expect(text).toMatch(/PIBT\s+10\.0\s+10\.00\s+[\d./]+\s+[\d.]+\s+0\s+-?\d+\s+yes\s+true/);
    expect(text).toMatch(/PIBT\s+12\.0\s+10\.00\s+[\d./]+\s+[\d.]+\s+\d+\s+\d+\s+NO\s+true/);
    expect(text).toMatch(/PIBT\s+saturates at 10; carries at most 10\.00/);
    expect(text).toMatch(/the corridor carries at most 10\.0 units per 10 turns with PIBT; at 10 per 10 turns units spend \d+ turns in the system/);
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
