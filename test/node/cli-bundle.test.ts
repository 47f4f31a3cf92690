// The command line's bundle (cli/bundle.mjs): it runs on its own, its workers start from the
// bundled worker, it knows when it is stale, and bin/mapf-lab.mjs gives the same answers from the
// bundle as from the sources.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN_FILE, WORKER_FILE, buildCli, staleReason } from '../../cli/bundle.mjs';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../../bin/mapf-lab.mjs', import.meta.url));
const temp = await mkdtemp(join(tmpdir(), 'mapf-lab-cli-bundle-'));
afterAll(() => rm(temp, { recursive: true, force: true }));

/** Runs main() of the bundle at `dir` with `args`, the way bin does (a file, not -e: workers inherit execArgv). */
async function runBundle(dir: string, args: string[]) {
  const runner = join(temp, 'run.mjs');
  await writeFile(runner, `const { main } = await import(${JSON.stringify(pathToFileURL(join(dir, MAIN_FILE)).href)});\nprocess.exitCode = await main(process.argv.slice(2));\n`);
  return run(process.execPath, [runner, ...args], { cwd: temp, env: { ...process.env, MAPF_LAB_DEV: '' } });
}

describe('command line bundle', () => {
  // Outside the repository there is no node_modules above the bundle: no tsx, no esbuild. A
  // worker started from the sources (the tsx bootstrap or the lazily built worker bundle) could not
  // load there, so a solved example shows the worker thread ran the bundled worker.
  it('runs on its own, and its solver worker thread starts from the bundled worker', { timeout: 120_000 }, async () => {
    const dir = join(temp, 'out', 'cli');
    await buildCli(dir);
    expect(staleReason(dir)).toBeNull();
    const { stdout } = await runBundle(dir, ['example', '--solver', 'hca', '--json']);
    expect(JSON.parse(stdout)).toMatchObject({ solver: 'hca', status: 'solved' });
  });

  it('is stale when an input changed or a bundle file is missing', { timeout: 120_000 }, async () => {
    const dir = join(temp, 'stale');
    await buildCli(dir);
    const listPath = join(dir, 'inputs.json');
    const list = JSON.parse(await readFile(listPath, 'utf8')) as { inputs: Record<string, number> };
    expect(Object.keys(list.inputs)).toEqual(expect.arrayContaining(['cli/main.ts', 'cli/solverWorker/solverWorkerEntry.ts', 'package-lock.json']));
    // What an edit does to the list's view: the file's time no longer matches.
    await writeFile(listPath, JSON.stringify({ inputs: { ...list.inputs, 'cli/main.ts': 1 } }));
    expect(staleReason(dir)).toBe('cli/main.ts changed');
    await writeFile(listPath, JSON.stringify({ inputs: { ...list.inputs, 'cli/no-such-file.ts': 1 } }));
    expect(staleReason(dir)).toBe('cli/no-such-file.ts is gone');
    await writeFile(listPath, JSON.stringify(list));
    expect(staleReason(dir)).toBeNull();
    await unlink(join(dir, WORKER_FILE));
    expect(staleReason(dir)).toBe('not built yet');
  });

  it('bin/mapf-lab.mjs answers the same from the bundle and from the sources (MAPF_LAB_DEV=1)', { timeout: 120_000 }, async () => {
    const bundled = await run(process.execPath, [BIN, '--help'], { env: { ...process.env, MAPF_LAB_DEV: '' } });
    const sources = await run(process.execPath, [BIN, '--help'], { env: { ...process.env, MAPF_LAB_DEV: '1' } });
    expect(bundled.stdout).toContain('Usage: mapf-lab <command>');
    expect(bundled.stdout).toBe(sources.stdout);
    expect(bundled.stderr).toBe('');
    expect(staleReason()).toBeNull(); // bin built out/cli/ if it was stale
  });
});
