// `mapf-lab experiment` resume, shards, merge, cancel and report, through main() and
// runExperiment with real solver worker threads.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { runExperiment } from '../../cli/experiments/runExperiment.ts';

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

const SWEEP = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'resume',
  maps: [{ kind: 'random', width: 14, height: 14, density: 0.2, seeds: [1, 2, 3] }],
  agents: [2, 5],
  solvers: [{ solver: 'hca', label: 'HCA*' }, { solver: 'independent', label: 'Independent <b>&</b>' }],
  turnLimit: 60,
};

function setup(experiment: object = SWEEP): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'mapf-resume-'));
  const file = join(dir, 'sweep.json');
  writeFileSync(file, JSON.stringify(experiment));
  return { dir, file };
}

type Row = Record<string, unknown> & { id: number; key: string };
function records(dir: string): Row[] {
  return readFileSync(join(dir, 'results.jsonl'), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Row);
}
/** Records without their times, in run order. */
const untimed = (rows: Row[]) => [...rows].sort((a, b) => a.id - b.id).map(({ initMs: _i, maxTurnMs: _m, meanTurnMs: _t, elapsedMs: _e, ...rest }) => rest);

async function run(args: string[]): Promise<{ code: number; io: ReturnType<typeof capture> }> {
  const io = capture();
  return { code: await main(args, io), io };
}

describe('experiment resume', () => {
  it('skips recorded runs, re-runs a partial last line, and ends with every run once', async () => {
    const { dir, file } = setup();
    const out = join(dir, 'out');
    expect((await run(['experiment', file, '--out', out, '--workers', '2'])).code).toBe(0);
    const full = records(out);
    expect(full).toHaveLength(12);
    // A crash mid-write: the last two records lost, the one before cut in half.
    const lines = readFileSync(join(out, 'results.jsonl'), 'utf8').split('\n');
    writeFileSync(join(out, 'results.jsonl'), `${lines.slice(0, 9).join('\n')}\n${lines[9].slice(0, 40)}`);
    const again = await run(['experiment', file, '--out', out, '--workers', '2']);
    expect(again.code).toBe(0);
    const log = again.io.stderr.join('\n');
    expect(log).toMatch(/cut a partial last line/);
    expect(log).toMatch(/resuming: 9 of 12 runs already recorded/);
    expect(again.io.stdout.join('\n')).toMatch(/resume: 12 runs, 3 run in [\d.]+ s on 2 workers, 9 recorded before;/);
    const resumed = records(out);
    expect(resumed).toHaveLength(12);
    expect(new Set(resumed.map((r) => r.key)).size).toBe(12);
    expect(untimed(resumed)).toEqual(untimed(full));
    const nothing = await run(['experiment', file, '--out', out, '--quiet']);
    expect(nothing.io.stdout.join('\n')).toMatch(/resume: 12 runs, all recorded before;/);
    // A run recorded as an error is kept on resume, and run again with --retry-errors.
    const broken = resumed.map((r) => (r.id === 5 ? { ...r, status: 'error', message: 'the solver process crashed (out of memory)' } : r));
    writeFileSync(join(out, 'results.jsonl'), broken.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const kept = await run(['experiment', file, '--out', out, '--quiet']);
    expect(kept.code).toBe(1);
    expect(kept.io.stdout.join('\n')).toMatch(/resume: 12 runs, all recorded before, 1 error;/);
    const retried = await run(['experiment', file, '--out', out, '--quiet', '--retry-errors']);
    expect(retried.code).toBe(0);
    expect(retried.io.stdout.join('\n')).toMatch(/resume: 12 runs, 1 run in [\d.]+ s on \d workers?, 11 recorded before;/);
    expect(records(out)).toHaveLength(13); // appended: the file is a log, the later line wins
    expect(readFileSync(join(out, 'results.csv'), 'utf8').trim().split('\n')).toHaveLength(13);
    expect(readFileSync(join(out, 'results.csv'), 'utf8')).not.toContain('out of memory');
  });

  it('refuses a folder of another definition, unless told to start afresh', async () => {
    const { dir, file } = setup();
    const out = join(dir, 'out');
    expect((await run(['experiment', file, '--out', out, '--quiet'])).code).toBe(0);
    writeFileSync(file, JSON.stringify({ ...SWEEP, agents: [2, 6] }));
    const refused = await run(['experiment', file, '--out', out, '--quiet']);
    expect(refused.code).toBe(1);
    expect(refused.io.stderr.join('\n')).toMatch(/holds results of another experiment definition \('resume', fingerprint [0-9a-f]{16}; .*sweep\.json has [0-9a-f]{16}\)\. Choose another --out, or pass --fresh to discard them\./);
    expect((await run(['experiment', file, '--out', out, '--quiet', '--fresh'])).code).toBe(0);
    expect(records(out).map((r) => r.agents)).toContain(6);
  });

  it('cancels cleanly, keeping finished runs, and resumes the rest', async () => {
    const { dir, file } = setup({ ...SWEEP, name: 'cancel', agents: [12], maps: [{ kind: 'random', width: 20, height: 20, density: 0.2, seeds: [1, 2, 3, 4, 5, 6] }] });
    const out = join(dir, 'out');
    const io = capture();
    const code = await runExperiment({ file, out, workers: 1, quiet: true, fresh: false, onPool: (pool) => {
      const poll = () => (pool.progress.done >= 1 ? pool.cancel() : setTimeout(poll, 1));
      poll();
    } }, io);
    expect(code).toBe(130);
    expect(io.stderr.join('\n')).toMatch(/cancel: cancelled with \d+ of 12 runs left; \d+ recorded in .*Run the same command again to resume\./);
    const kept = records(out).length;
    expect(kept).toBeGreaterThanOrEqual(1);
    expect(kept).toBeLessThan(12);
    expect((await run(['experiment', file, '--out', out, '--quiet'])).code).toBe(0);
    expect(records(out)).toHaveLength(12);
  });
});

describe('shards and merge', () => {
  it('splits a sweep by whole instances and merges the shards into the whole sweep', async () => {
    const { dir, file } = setup();
    expect((await run(['experiment', file, '--out', join(dir, 'whole'), '--quiet'])).code).toBe(0);
    const one = await run(['experiment', file, '--out', join(dir, 's1'), '--shard', '1/2', '--quiet']);
    expect(one.io.stdout.join('\n')).toMatch(/resume: 6 runs \(shard 1\/2 of 12 runs\)/);
    expect((await run(['experiment', file, '--out', join(dir, 's2'), '--shard=2/2', '--quiet'])).code).toBe(0);
    // Two solvers per instance: shard 1/2 holds instances 0, 2 and 4, each with both its runs.
    expect(records(join(dir, 's1')).map((r) => r.id).sort((a, b) => a - b)).toEqual([0, 1, 4, 5, 8, 9]);
    const partial = await run(['merge', join(dir, 's1'), '--out', join(dir, 'merged')]);
    expect(partial.io.stdout.join('\n')).toMatch(/resume: merged 1 folders, 6 of 12 runs; 6 runs missing \(resume with `mapf-lab experiment FILE --out .*merged`\);/);
    // Into the same folder again: what it holds is kept, a shard given twice counted once.
    const merged = await run(['merge', join(dir, 's2'), join(dir, 's1'), '--out', join(dir, 'merged')]);
    expect(merged.code).toBe(0);
    expect(merged.io.stdout.join('\n')).toMatch(/resume: merged 2 folders, 12 of 12 runs; 6 duplicate records dropped;/);
    expect(untimed(records(join(dir, 'merged')))).toEqual(untimed(records(join(dir, 'whole'))));
    expect(JSON.parse(readFileSync(join(dir, 'merged', 'manifest.json'), 'utf8')).shards).toEqual(['1/2', '2/2']);
    const summary = (d: string) => readFileSync(join(dir, d, 'summary.csv'), 'utf8').split('\n').map((l) => l.split(',').slice(0, 8).join(','));
    expect(summary('merged')).toEqual(summary('whole'));
  });

  it('refuses to merge folders of different definitions, naming each', async () => {
    const a = setup();
    const b = setup({ ...SWEEP, repeats: 2 });
    expect((await run(['experiment', a.file, '--out', join(a.dir, 'out'), '--shard', '1/4', '--quiet'])).code).toBe(0);
    expect((await run(['experiment', b.file, '--out', join(b.dir, 'out'), '--shard', '2/4', '--quiet'])).code).toBe(0);
    const refused = await run(['merge', join(a.dir, 'out'), join(b.dir, 'out'), '--out', join(a.dir, 'm')]);
    expect(refused.code).toBe(1);
    expect(refused.io.stderr.join('\n')).toMatch(/different experiment definitions; merge only shards of one definition:\n {2}.*: 'resume', fingerprint [0-9a-f]{16}\n {2}.*: 'resume', fingerprint [0-9a-f]{16}/);
    expect((await run(['merge', join(a.dir, 'out')])).code).toBe(2);
    const notResults = await run(['merge', a.dir, '--out', join(a.dir, 'm')]);
    expect(notResults.io.stderr.join('\n')).toMatch(/is not a results folder \(it has no experiment\.json/);
  });
});

describe('mapf-lab report', () => {
  it('writes one offline HTML file with the charts, the summary numbers and escaped text', async () => {
    const { dir, file } = setup();
    const out = join(dir, 'out');
    expect((await run(['experiment', file, '--out', out, '--quiet'])).code).toBe(0);
    const result = await run(['report', out, '--out', join(dir, 'r.html')]);
    expect(result.code).toBe(0);
    const html = readFileSync(join(dir, 'r.html'), 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    // No external resource: no src/href to a URL anywhere, and outside the inlined scripts no
    // link, image or CSS url() at all (Chart.js's own code mentions url( and is not markup).
    expect(/(src|href)\s*=\s*["']?\s*(https?:)?\/\//i.test(html), 'src/href to a URL').toBe(false);
    const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '<script></script>');
    expect(markup.match(/<link\b|<script[^>]*\bsrc=|<img\b|@import|url\(|<iframe\b/gi)).toBeNull();
    expect(html.match(/<script\b/g)).toHaveLength(3);
    expect(html.includes('Chart.js v4'), 'Chart.js inlined').toBe(true);
    for (const key of ['successRate', 'pathRatio', 'initMs', 'maxTurnMs']) expect(html).toContain(`id="chart-${key}"`);
    // The label with markup appears escaped everywhere, never as markup.
    expect(html).not.toContain('<b>&</b>');
    expect(html).toContain('Independent &lt;b&gt;&amp;&lt;/b&gt;');
    // Summary numbers: the CSV's success rate of each row is in the table.
    const csv = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n').slice(1);
    for (const row of csv) {
      const success = Number(row.split(',')[4]); // label, agents, runs, failures, successRate
      expect(html).toContain(`<td>${Number.isInteger(success) ? success : success.toFixed(4)}`);
    }
    expect(html).toMatch(/12 of 12 runs recorded; 0 errors\./);
  });
});
