// `mapf-lab solve --scenario FILE.json`: an app scenario file from the command line,
// with moving obstacles run by --strategy and obstaclePaths in --json; without obstacles, the
// named solver with the scenario's settings; a map file beside the scenario.
import { mkdtempSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { Grid } from '../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../core/grid/movement.ts';
import { obstacleViolations } from '../../core/mapf/obstacles.ts';
import { validatePlan } from '../../core/mapf/validator.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

const ROWS = ['@@@@.@@@@', '.........', '.........', '.........', '.........', '@@@@.@@@@'];
const GAP = {
  format: 'mapf-lab/scenario', version: 3, name: 'Gap', map: { kind: 'inline', rows: ROWS },
  agents: [{ id: 'runner', start: [0, 1], goal: [8, 1] }, { id: 'other', start: [8, 4], goal: [0, 4] }],
  obstacles: [{ id: 'guard', route: [[4, 0], [4, 5]], mode: 'ping-pong' }],
};

function file(json: unknown, name = 'gap.json'): string {
  const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-scenario-'));
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(json));
  return path;
}

describe('mapf-lab solve --scenario', () => {
  it.each(['recalc', 'splice', 'watch', 'predict', 'incremental'])('runs units among moving obstacles with --strategy %s; --json has obstaclePaths and the measures', async (strategy) => {
    const io = capture();
    const code = await main(['solve', '--scenario', file(GAP), '--strategy', strategy, '--json'], io);
    const out = JSON.parse(io.stdout.join(''));
    expect(code).toBe(0);
    expect(out).toMatchObject({ solver: 'independent', strategy, status: 'solved', agents: 2, arrived: 2, costModel: 'rest', obstacles: ['guard'] });
    expect(Object.keys(out.metrics)).toEqual(expect.arrayContaining(['pathStepsComputed', 'expanded', 'replans', 'notifications', 'obstacleBlocks', 'waits', 'obstacleWaits', 'arrivalOverHindsight']));
    const grid = Grid.fromAscii(ROWS);
    const cells = (p: [number, number][]) => p.map(([x, y]) => grid.cell(x, y));
    const paths: number[][] = out.paths.map(cells);
    const obstaclePaths: number[][] = out.obstaclePaths.map(cells);
    expect(obstaclePaths[0].length).toBe(paths[0].length);
    const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 1), goal: grid.cell(8, 1) }, { start: grid.cell(8, 4), goal: grid.cell(0, 4) }] };
    expect(validatePlan(instance, paths).violations).toEqual([]);
    expect(obstacleViolations(paths, obstaclePaths)).toEqual([]);
    expect(out.units.map((u: { id: string }) => u.id)).toEqual(['runner', 'other']);
    for (const u of out.units) expect(u.arrival).toBeGreaterThanOrEqual(u.hindsight);
  });

  it('runs a cooperative solver among the obstacles: --solver whca, and the scenario\'s own solver when it takes obstacles', async () => {
    const grid = Grid.fromAscii(ROWS);
    const cells = (p: [number, number][]) => p.map(([x, y]) => grid.cell(x, y));
    const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 1), goal: grid.cell(8, 1) }, { start: grid.cell(8, 4), goal: grid.cell(0, 4) }] };
    for (const [args, scenario] of [[['--solver', 'whca', '--strategy', 'watch', '--param', 'regionSize=3'], GAP], [[], { ...GAP, solver: { solver: 'hca' } }]] as const) {
      const io = capture();
      expect(await main(['solve', '--scenario', file(scenario), '--json', ...args], io)).toBe(0);
      const out = JSON.parse(io.stdout.join(''));
      expect(out).toMatchObject({ solver: args.length > 0 ? 'whca' : 'hca', strategy: args.length > 0 ? 'watch' : 'recalc', knowledge: 'now', status: 'solved', arrived: 2 });
      expect(out.metrics).toMatchObject({ maxTurnMs: expect.any(Number), collisions: 0, pathStepsComputed: expect.any(Number) });
      const paths: number[][] = out.paths.map(cells);
      expect(validatePlan(instance, paths).violations).toEqual([]);
      expect(obstacleViolations(paths, out.obstaclePaths.map(cells))).toEqual([]);
    }
    const text = capture();
    expect(await main(['solve', '--scenario', file(GAP), '--solver', 'lra'], text)).toBe(0);
    expect(text.stdout.join('')).toMatch(/2 units among 1 moving obstacles, lra repairing its plans \(units know: now\)[\s\S]*turn time: init/);
  });

  it('picks the strategy from what units know, and refuses what it cannot run, saying why', async () => {
    const io = capture();
    expect(await main(['solve', '--scenario', file({ ...GAP, knowledge: 'timetable' })], io)).toBe(0);
    expect(io.stdout.join('')).toMatch(/strategy: predict/);
    // recalc on that scenario plans against the timetable too: its units know it.
    const recalc = capture();
    expect(await main(['solve', '--scenario', file({ ...GAP, knowledge: 'timetable' }), '--strategy', 'recalc', '--json'], recalc)).toBe(0);
    expect(JSON.parse(recalc.stdout.join(''))).toMatchObject({ strategy: 'recalc', knowledge: 'timetable', rule: { kind: 'recalc', knowledge: 'timetable' } });
    const refusals: [string[], RegExp][] = [
      [['--solver', 'cbs'], /--solver cbs: cbs does not take moving obstacles: it plans once for a fixed world/],
      [['--solver', 'whca', '--strategy', 'splice'], /--strategy: splice is for units planning alone \(solver independent\); whca takes recalc or watch/],
      [['--solver', 'whca', '--strategy', 'watch', '--param', 'regionSize=0'], /--param regionSize: watch: regionSize must be a whole number >= 1/],
      [['--strategy', 'teleport'], /--strategy: unknown strategy 'teleport' \(known: recalc, splice, watch, predict, incremental\)/],
      [['--strategy', 'splice', '--param', 'regionSize=3'], /--param regionSize: splice takes m, every, limit/],
      [['--agents', '3'], /--agents: not with --scenario/],
    ];
    for (const [args, message] of refusals) {
      const err = capture();
      expect(await main(['solve', '--scenario', file(GAP), ...args], err)).toBe(2);
      expect(err.stderr.join('\n')).toMatch(message);
    }
    const bad = capture();
    expect(await main(['solve', '--scenario', file({ ...GAP, obstacles: [{ id: 'guard', route: [[4, 0], [3, 0]], mode: 'once' }] })], bad)).not.toBe(0);
    expect(bad.stderr.join('\n')).toMatch(/gap\.json:\d+:\d+: obstacles\[0\]\.route\[1\]: obstacle 'guard', waypoint 2: \(3, 0\) is in a wall/);
  });

  it('runs a scenario without obstacles with its own solver settings, its map read from beside it', async (ctx) => {
    skipWithoutBenchmarks(ctx);
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-scenario-'));
    copyFileSync(`${MOVING_AI}maps/random-32-32-20.map`, join(dir, 'r.map'));
    const path = join(dir, 's.json');
    writeFileSync(path, JSON.stringify({ format: 'mapf-lab/scenario', version: 3, name: 'R', map: { kind: 'file', path: 'r.map' }, agents: [{ id: 'a', start: [0, 0], goal: [5, 0] }], solver: { solver: 'whca', window: 8 } }));
    const io = capture();
    const code = await main(['solve', '--scenario', path, '--json'], io);
    const out = JSON.parse(io.stdout.join(''));
    expect(out.solver).toBe('whca');
    expect(code).toBe(out.status === 'solved' ? 0 : 1);
    expect(out.paths[0][0]).toEqual([0, 0]);
  });

  it('says which units did not arrive when units planning alone jam (head-on in a one-lane passage, a guard crossing it)', async () => {
    // (A guard waiting on a unit no longer jams it: the unit steps aside. Two units head-on in one
    // lane still do, since units planning alone do not coordinate.)
    const jam = { ...GAP, map: { kind: 'inline', rows: ['@@@@@@@@@', '.........', '@@@@@@@@@'] }, agents: [{ id: 'runner', start: [0, 1], goal: [8, 1] }, { id: 'other', start: [8, 1], goal: [0, 1] }], obstacles: [{ id: 'guard', route: [[2, 1], [6, 1]], mode: 'ping-pong', startTurn: 40 }] };
    const io = capture();
    expect(await main(['solve', '--scenario', file(jam), '--strategy', 'recalc', '--turn-limit', '30'], io)).toBe(1);
    expect(io.stdout.join('')).toMatch(/status: unsolved: 2 of 2 units did not arrive within 30 turns: 1 \(runner\), 2 \(other\)/);
    expect(io.stdout.join('')).toMatch(/sum of costs: none, makespan: none \(not solved\)/);
  });
});

describe('mapf-lab solve --scenario: params the app left in the scenario', () => {
  // The app's scenario after its obstacle was removed: the strategy set for it stays in params.
  const LEFTOVER = { ...GAP, obstacles: [], solver: { solver: 'independent', params: { strategy: 'splice', m: 4, heuristic: 'wdg' } } };

  it.each(['pibt', 'hca', 'lacam', 'cbs'])('a strategy and another solver\'s param left in the scenario do not fail --solver %s', async (solver) => {
    const io = capture();
    const code = await main(['solve', '--scenario', file(LEFTOVER), '--solver', solver, '--json'], io);
    expect(io.stderr.join('')).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(io.stdout.join(''))).toMatchObject({ solver, status: 'solved' });
  });

  it('an explicit --param the solver does not take is still an error that names it', async () => {
    const io = capture();
    const code = await main(['solve', '--scenario', file(LEFTOVER), '--solver', 'pibt', '--param', 'strategy=splice'], io);
    expect(code).not.toBe(0);
    expect(io.stderr.join('')).toMatch(/unknown param 'strategy'/);
  });
});

describe('mapf-lab solve --json of a run that did not solve', () => {
  it('says valid null, as for its costs; a solved run says true', async () => {
    const plain = { ...GAP, obstacles: [], solver: { solver: 'hca', turnLimit: 2 } };
    const io = capture();
    await main(['solve', '--scenario', file(plain), '--json'], io);
    const out = JSON.parse(io.stdout.join(''));
    expect(out.status).not.toBe('solved');
    expect(out).toMatchObject({ valid: null, sumOfCosts: null, makespan: null });
    const solved = capture();
    await main(['solve', '--scenario', file({ ...plain, solver: { solver: 'hca' } }), '--json'], solved);
    expect(JSON.parse(solved.stdout.join(''))).toMatchObject({ status: 'solved', valid: true });
  });

  it('refuses a scenario of 10^6 units by its count, and names the line and column of bad JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-scenario-'));
    const big = join(dir, 'big.json');
    const unit = '{"start":[0,1],"goal":[8,1]},';
    writeFileSync(big, `{"format":"mapf-lab/scenario","version":3,"name":"big","map":{"kind":"inline","rows":${JSON.stringify(ROWS)}},"agents":[${unit.repeat(1_000_000)}{"start":[0,1],"goal":[8,1]}]}`);
    const io = capture();
    expect(await main(['solve', '--scenario', big], io)).not.toBe(0);
    expect(io.stderr.join('')).toMatch(/big\.json:1:\d+: agents: more than 100,000 units/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{\n  "format": "mapf-lab/scenario",\n  "version": 3,,\n}');
    const io2 = capture();
    expect(await main(['solve', '--scenario', bad], io2)).not.toBe(0);
    expect(io2.stderr.join('')).toMatch(/bad\.json:3:\d+: JSON syntax error/);
  });
});
