// `mapf-lab example` end to end through main(): the solve runs in a real worker thread.
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { chokepointExample } from '../../core/examples/chokepoint.ts';
import { validatePlan } from '../../core/mapf/validator.ts';
import { makespan, sumOfCosts } from '../../core/mapf/plan.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

describe('mapf-lab example', () => {
  it('succeeds by default: a cooperative planner (HCA*) gets every unit across the gap without a conflict', async () => {
    const io = capture();
    expect(await main(['example'], io)).toBe(0);
    const text = io.stdout.join('\n');
    expect(text).toContain('solver: hca');
    expect(text).toContain('status: solved');
    expect(text).not.toContain('contrast');
    expect(io.stderr).toEqual([]);
  });

  it('with --contrast also shows the units planning alone colliding, and still exits 0 for the cooperative solve', async () => {
    const io = capture();
    expect(await main(['example', '--contrast'], io)).toBe(0);
    const text = io.stdout.join('\n');
    expect(text).toContain('status: solved');
    expect(text).toMatch(/contrast, units planning alone \(independent\): failed \(the plan validator found \d+ conflicts; first: vertex conflict: units [1-4] and [1-4] at \(\d+, \d+\), t=\d+/);
    expect(io.stderr).toEqual([]);
    const json = capture();
    expect(await main(['example', '--contrast', '--json'], json)).toBe(0);
    const out = JSON.parse(json.stdout.join(''));
    expect(out).toMatchObject({ solver: 'hca', status: 'solved', contrast: { solver: 'independent', status: 'failed', arrived: 4 } });
    expect(out.contrast.message).toMatch(/the plan validator found \d+ conflicts/);
  });

  it('does not call the independent plan solved when asked for it: its units collide at the gap, and the first conflicts are named from unit 1', async () => {
    const io = capture();
    expect(await main(['example', '--solver', 'independent'], io)).toBe(1);
    const text = io.stdout.join('\n');
    expect(text).toContain('solver: independent');
    expect(text).toMatch(/status: failed \(the plan validator found \d+ conflicts; first: vertex conflict: units [1-4] and [1-4] at \(\d+, \d+\), t=\d+/);
    expect(text).toMatch(/agent 1: \(1, 1\) -> \(9, 5\), path length 12/);
    expect(text).toMatch(/sum of costs: none, makespan: none \(not solved: 4 of 4 agents on their goal\)/);
    expect(io.stderr.join('\n')).toMatch(/the plan validator found/);
  });

  it('prints a readable summary of a solve the validator passed', async () => {
    const io = capture();
    expect(await main(['example', '--solver', 'hca'], io)).toBe(0);
    const text = io.stdout.join('\n');
    expect(text).toContain('status: solved');
    expect(text).toMatch(/sum of costs: \d+ \(cost model rest\), makespan: \d+/);
    expect(io.stderr).toEqual([]);
  });

  it('prints one JSON object with [x, y] paths, sum of costs and makespan', async () => {
    const io = capture();
    expect(await main(['example', '--json', '--solver', 'independent'], io)).toBe(1);
    const out = JSON.parse(io.stdout.join(''));
    expect(Object.keys(out).sort()).toEqual(['arrived', 'costModel', 'makespan', 'message', 'paths', 'solver', 'status', 'sumOfCosts']);
    expect(out).toMatchObject({ solver: 'independent', status: 'failed', sumOfCosts: null, makespan: null, arrived: 4 });
    const instance = chokepointExample();
    const paths: number[][] = out.paths.map((p: [number, number][]) => p.map(([x, y]) => instance.grid.cell(x, y)));
    // Independent paths may collide: check each path alone, and the cost figures against them.
    expect(validatePlan(instance, paths).violations.filter((v) => !['vertex', 'swap', 'following', 'rotation'].includes(v.rule))).toEqual([]);
    expect(validatePlan(instance, paths).valid).toBe(false);
    const solved = capture();
    expect(await main(['example', '--json', '--solver', 'hca'], solved)).toBe(0);
    const valid = JSON.parse(solved.stdout.join(''));
    const hcaPaths: number[][] = valid.paths.map((p: [number, number][]) => p.map(([x, y]) => instance.grid.cell(x, y)));
    expect(validatePlan(instance, hcaPaths).valid).toBe(true);
    expect(valid.sumOfCosts).toBe(sumOfCosts(hcaPaths, instance.agents.map((a) => a.goal), 'rest'));
    expect(valid.makespan).toBe(makespan(hcaPaths, instance.agents.map((a) => a.goal)));
  });

  it('rejects an unknown solver or option with the usage and exit code 2', async () => {
    const io = capture();
    expect(await main(['example', '--solver', 'telepathy'], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain("mapf-lab example: unknown solver 'telepathy' (known solvers: independent");
    expect(io.stderr.join('\n')).toContain('Usage: mapf-lab example [--solver NAME] [--contrast] [--json]');
    const io2 = capture();
    expect(await main(['example', '--fast'], io2)).toBe(2);
    expect(io2.stderr.join('\n')).toContain("unknown option '--fast'");
    const io3 = capture();
    expect(await main(['example', '--solver'], io3)).toBe(2);
    expect(io3.stderr.join('\n')).toContain('--solver needs a value');
  });
});
