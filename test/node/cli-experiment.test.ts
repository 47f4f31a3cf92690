// `mapf-lab experiment` end to end through main(): a tiny sweep with relative paths.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOVING_AI, benchmarksPresent, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import { main } from '../../cli/main.ts';
import { resultsFolderName } from '../../cli/experiments/runExperiment.ts';
import { relative, resolve } from 'node:path';
import type { CommandIo } from '../../cli/command.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';
import { findRegions } from '../../core/mapgen/regions.ts';
import { InstanceBuilder } from '../../core/experiments/instances.ts';

const BENCHMARKS = MOVING_AI;

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

function setup(experiment: Record<string, unknown>): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mapf-experiment-'));
  // Absent, only the test that runs the sweep needs them, and it skips itself (saying why).
  if (benchmarksPresent) {
    copyFileSync(`${BENCHMARKS}maps/random-32-32-20.map`, join(dir, 'random-32-32-20.map'));
    copyFileSync(`${BENCHMARKS}scen/random-32-32-20-random-1.scen`, join(dir, 'random-32-32-20-random-1.scen'));
  }
  const file = join(dir, 'tiny.json');
  writeFileSync(file, JSON.stringify(experiment));
  return { dir, file };
}

const TINY = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'tiny',
  maps: [
    { kind: 'random', width: 12, height: 12, density: 0.2, seeds: [1, 2] },
    { kind: 'movingai', map: 'random-32-32-20.map', scen: ['random-32-32-20-random-1.scen'] },
  ],
  agents: [1, 3],
  solvers: [{ solver: 'independent', label: 'Independent' }],
  turnLimit: 100,
};

describe('mapf-lab experiment', () => {
  it('runs the sweep, resolves paths against the file, writes JSONL, CSV and the summary', async (ctx) => {
    skipWithoutBenchmarks(ctx);
    const { dir, file } = setup(TINY);
    const out = join(dir, 'out');
    const io = capture();
    expect(await main(['experiment', file, '--out', out, '--time-limit-clock', 'cpu'], io)).toBe(0);
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(6);
    const records = lines.map((l) => JSON.parse(l)).sort((a, b) => a.id - b.id);
    expect(records.map((r) => [r.map, r.agents])).toEqual([
      ['random-12-12-20', 1], ['random-12-12-20', 3], ['random-12-12-20', 1], ['random-12-12-20', 3],
      ['random-32-32-20', 1], ['random-32-32-20', 3],
    ]);
    for (const r of records.filter((r) => r.agents === 1)) expect(r).toMatchObject({ status: 'solved', successRate: 1, pathRatio: 1 });
    const csv = readFileSync(join(out, 'results.csv'), 'utf8').trim().split('\n');
    expect(csv[0].split(',')).toEqual(expect.arrayContaining(['label', 'agents', 'successRate', 'pathRatio', 'cyclesPerAgent', 'initMs', 'maxTurnMs']));
    expect(csv).toHaveLength(7);
    expect(readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(existsSync(join(out, 'summary.txt'))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))).toMatchObject({ experiment: 'tiny', runsPlanned: 6, shards: ['1/1'], machines: [{ cpus: expect.any(Number) }] });
    // The command line's clock is part of the definition the folder keeps.
    expect(JSON.parse(readFileSync(join(out, 'experiment.json'), 'utf8'))).toMatchObject({ timeLimitClock: 'cpu' });
    const printed = io.stdout.join('\n');
    // On the thread's CPU clock each solver thread counts its own time: one per core, as on the wall clock.
    expect(printed).toMatch(/tiny: 6 runs, 6 run in [\d.]+ s on \d+ workers?;/);
    expect(printed).toMatch(/solver\s+agents\s+runs\s+errors\s+unsolved\s+success\s+path\s+bound\s+path\/bound\s+cycles\/agent\s+SoC\s+makespan\s+init ms\s+max turn ms/);
    expect(printed).toMatch(/Independent\s+1\s+3\s+0\s+0\s+1\s/);
    // Not a terminal: plain progress lines, the last one the final count.
    expect(io.stderr[io.stderr.length - 1]).toMatch(/^\[6\/6\] [\d.]+s elapsed$/);
  });

  it('names the field at fault in a malformed file (exit 1)', async () => {
    const { file } = setup({ ...TINY, maps: [{ kind: 'random', width: 12, height: 12, density: 2, seeds: [1] }], solvers: [{ solver: 'nope' }] });
    const io = capture();
    expect(await main(['experiment', file, '--quiet'], io)).toBe(1);
    const text = io.stderr.join('\n');
    expect(text).toMatch(/maps\[0\]\.density: /);
    expect(text).not.toContain('Usage');
  });

  it('reports unknown solvers with the known names, and bad JSON', async () => {
    const { dir, file } = setup({ ...TINY, solvers: [{ solver: 'nope' }] });
    const io = capture();
    expect(await main(['experiment', file], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/solvers\[0\]\.solver: unknown solver 'nope' \(known: .*independent/);
    writeFileSync(join(dir, 'bad.json'), '{ "format": ');
    const bad = capture();
    expect(await main(['experiment', join(dir, 'bad.json')], bad)).toBe(1);
    expect(bad.stderr.join('\n')).toMatch(/bad\.json: not valid JSON/);
  });

  it('refuses an experiment of more than a million runs at once, naming the file and the count (it ran out of memory)', async () => {
    const { dir, file } = setup({ ...TINY, repeats: 1e9 });
    const io = capture();
    expect(await main(['experiment', file, '--out', join(dir, 'out')], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/tiny\.json:\n {2}\(top level\): this experiment asks for [\d,]+ runs .*at most 1,000,000 per experiment/);
    // Refused before anything was planned (12 billion RunSpecs would exhaust the heap) or written.
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it.each(['../escape', '../../etc/x', 'a/b', 'a\\b', '..', '.hidden', 'C:evil'])('keeps the default results folder of a name like %j inside results/ (../ wrote outside it)', (name) => {
    const folder = resultsFolderName(name);
    expect(folder).not.toMatch(/[/\\:]|^\./);
    expect(relative(resolve('results'), resolve('results', folder)).startsWith('..')).toBe(false);
    expect(folder.length).toBeGreaterThan(0);
  });

  it('rejects a bad command line with the usage (exit 2)', async () => {
    const io = capture();
    expect(await main(['experiment'], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/an experiment file is required[\s\S]*Usage: mapf-lab experiment/);
    const other = capture();
    expect(await main(['experiment', 'a.json', '--fast'], other)).toBe(2);
    expect(other.stderr.join('\n')).toMatch(/unknown option '--fast'/);
    const clock = capture();
    expect(await main(['experiment', 'a.json', '--clock', 'sundial'], clock)).toBe(2);
    expect(clock.stderr.join('\n')).toMatch(/--clock must be wall or process, got 'sundial'/);
    const cases: [string[], RegExp][] = [
      [['--workers', '0'], /--workers must be a whole number of at least 1, got '0'/],
      [['--shard', '3/2'], /--shard: a shard is I\/N with 1 <= I <= N \(e\.g\. 2\/4\), got '3\/2'/],
      [['--time-limit-clock', 'sundial'], /--time-limit-clock must be wall or cpu, got 'sundial'/],
      [['--clock', 'process', '--time-limit-clock', 'cpu'], /--clock is the older spelling of --time-limit-clock: give one/],
    ];
    for (const [args, message] of cases) {
      const bad = capture();
      expect(await main(['experiment', 'a.json', ...args], bad)).toBe(2);
      expect(bad.stderr.join('\n')).toMatch(message);
    }
  });
});

describe('experiments/silver2005.json', () => {
  it('describes Silver\'s experiment: 10 maps x 10 agent counts x 6 solver settings, 100 turns', () => {
    const file = fileURLToPath(new URL('../../experiments/silver2005.json', import.meta.url));
    const experiment = parseExperiment(JSON.parse(readFileSync(file, 'utf8')));
    const runs = planRuns(experiment);
    expect(runs).toHaveLength(600);
    expect([...new Set(runs.map((r) => r.label))]).toEqual(['LRA*', 'CA*', 'HCA*', 'WHCA*(8)', 'WHCA*(16)', 'WHCA*(32)']);
    expect([...new Set(runs.map((r) => r.agents))]).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(runs.every((r) => r.turnLimit === 100 && r.connectivity === 4)).toBe(true);
    // Each instance: a 32x32 map with one connected region and 100 agents placed in it.
    const builder = new InstanceBuilder({ readText: () => '' });
    const last = builder.build(runs[runs.length - 1]).instance;
    expect([last.grid.width, last.grid.height]).toEqual([32, 32]);
    expect(findRegions(last.grid).sizes).toHaveLength(1);
    expect(last.agents).toHaveLength(100);
  });
});

