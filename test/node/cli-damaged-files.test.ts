// Experiment.json and manifest.json torn by a crash made `experiment`, `report` and
// `merge` fail with a bare "Unexpected end of JSON input", and `--fresh` (discarding every result)
// was the only way on; the CLI read files of any size whole, naming no file when it ran out of memory.
import { closeSync, existsSync, fsyncSync, mkdtempSync, openSync, readFileSync, readdirSync, renameSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';
import { READ_LIMITS } from '../../cli/files.ts';
import { type AtomicWriteSyncFs, writeFileAtomicSync } from '../../cli/atomicWrite.ts';

const BENCHMARKS = MOVING_AI;

function capture(): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

const SWEEP = {
  format: 'mapf-lab/experiment', version: 1, name: 'torn',
  maps: [{ kind: 'random', width: 10, height: 10, density: 0.1, seeds: [1, 2] }],
  agents: [2], solvers: [{ solver: 'independent' }], turnLimit: 30,
};

async function sweep(): Promise<{ dir: string; file: string; out: string; results: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mapf-torn-'));
  const file = join(dir, 'sweep.json');
  writeFileSync(file, JSON.stringify(SWEEP));
  const out = join(dir, 'out');
  expect(await main(['experiment', file, '--out', out, '--workers', '1', '--quiet'], capture())).toBe(0);
  return { dir, file, out, results: readFileSync(join(out, 'results.jsonl'), 'utf8') };
}

const tear = (path: string) => writeFileSync(path, readFileSync(path, 'utf8').slice(0, 25));

describe('damaged results folders', () => {
  it('a torn manifest is named, read as absent and written anew; the records stay', async () => {
    const { file, out, results } = await sweep();
    tear(join(out, 'manifest.json'));
    const io = capture();
    expect(await main(['experiment', file, '--out', out, '--workers', '1', '--quiet'], io)).toBe(0);
    expect(io.stderr.join('\n')).toMatch(/manifest\.json is damaged \(.+\); its list of shards and machines is lost/);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(results);
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).format).toBe('mapf-lab/results');
  });

  it('a torn experiment.json is rebuilt from the same definition on resume', async () => {
    const { file, out, results } = await sweep();
    tear(join(out, 'experiment.json'));
    const io = capture();
    expect(await main(['experiment', file, '--out', out, '--workers', '1', '--quiet'], io)).toBe(0);
    expect(io.stderr.join('\n')).toMatch(/experiment\.json was damaged; it is written again from .*sweep\.json \(the same definition: 2 recorded runs kept\)/);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(results);
    expect(JSON.parse(readFileSync(join(out, 'experiment.json'), 'utf8')).name).toBe('torn');
    // report reads the repaired folder.
    expect(await main(['report', out], capture())).toBe(0);
  });

  it('report names a torn experiment.json and what to do, and touches nothing', async () => {
    const { out, results } = await sweep();
    tear(join(out, 'experiment.json'));
    const io = capture();
    expect(await main(['report', out], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/experiment\.json is damaged \(.+\); run `mapf-lab experiment FILE\.json --out .*` with the experiment's own file to write it again\. results\.jsonl is kept/);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(results);
  });

  it('a torn experiment.json is not replaced by another definition', async () => {
    const { dir, out, results } = await sweep();
    tear(join(out, 'experiment.json'));
    tear(join(out, 'manifest.json'));
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ ...SWEEP, agents: [3] }));
    const io = capture();
    expect(await main(['experiment', other, '--out', out, '--quiet'], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/cannot be shown to be .*other\.json's definition/);
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe(results);
  });

  it('rewritten files leave no temporary file behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-atomic-'));
    writeFileAtomicSync(join(dir, 'a.json'), 'one');
    writeFileAtomicSync(join(dir, 'a.json'), 'two');
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('rewritten files are flushed to disk before the rename, and their folder after it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-atomic-'));
    const file = join(dir, 'a.json');
    const log: string[] = [];
    const names = new Map<number, string>();
    const name = (path: string) => (path === dir ? 'folder' : path.endsWith('.tmp') ? 'temporary' : 'target');
    const fs: AtomicWriteSyncFs = {
      openSync: ((path: string, flags: string) => {
        const fd = openSync(path, flags);
        names.set(fd, name(path));
        log.push(`open ${name(path)}`);
        return fd;
      }) as AtomicWriteSyncFs['openSync'],
      writeFileSync: ((fd: number, text: string) => {
        writeFileSync(fd, text);
        log.push(`write ${names.get(fd)}`);
      }) as AtomicWriteSyncFs['writeFileSync'],
      fsyncSync: (fd) => {
        fsyncSync(fd);
        log.push(`fsync ${names.get(fd)}`);
      },
      closeSync: (fd) => {
        closeSync(fd);
        log.push(`close ${names.get(fd)}`);
      },
      renameSync: (from, to) => {
        renameSync(from, to);
        log.push(`rename ${name(String(from))} -> ${name(String(to))}`);
      },
      unlinkSync: (path) => {
        unlinkSync(path);
        log.push(`unlink ${name(String(path))}`);
      },
    };
    writeFileAtomicSync(file, 'one', fs);
    expect(readFileSync(file, 'utf8')).toBe('one');
    expect(log).toEqual([
      'open temporary', 'write temporary', 'fsync temporary', 'close temporary',
      'rename temporary -> target',
      'open folder', 'fsync folder', 'close folder',
    ]);
  });
});

describe('file sizes', () => {
  it('a scenario larger than any scenario is refused at once, naming the file and the limit', async (ctx) => {
    skipWithoutBenchmarks(ctx);
    const dir = mkdtempSync(join(tmpdir(), 'mapf-huge-'));
    const scen = join(dir, 'huge.scen');
    writeFileSync(scen, 'version 1\n');
    truncateSync(scen, READ_LIMITS.scenario + 1); // sparse: no disk or memory spent
    const io = capture();
    const code = await main(['solve', '--map', `${BENCHMARKS}maps/random-32-32-20.map`, '--scen', scen, '--agents', '2', '--solver', 'independent'], io);
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/huge\.scen: 134,217,729 bytes is more than the 128 MiB a scenario may have/);
  });

  it('a missing file is named', async () => {
    const io = capture();
    expect(await main(['solve', '--map', '/nonexistent/x.map', '--scen', 'y.scen', '--agents', '1', '--solver', 'independent'], io)).toBe(1);
    expect(io.stderr.join('\n')).toContain('/nonexistent/x.map: no such file');
    expect(existsSync('/nonexistent')).toBe(false);
  });
});
