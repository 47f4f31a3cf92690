// The solver worker's bundle: it serves the protocol, its cache key follows its inputs' contents,
// and a failed build falls back to the tsx bootstrap with a warning.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import { SolverClient } from '../../../core/protocol/client.ts';
import { encodeInstance } from '../../../core/protocol/wire.ts';
import { spawnSolverWorkerFrom } from '../../../cli/solverWorker/spawnNodeSolverWorker.ts';
import { BOOTSTRAP_URL, buildWorkerBundle, bundleHash, workerScriptResolver, type WorkerBuilder } from '../../../cli/solverWorker/workerBundle.ts';

const body = (solver: string) => ({ solver, instance: encodeInstance(chokepointExample()) });
const temp = await mkdtemp(join(tmpdir(), 'mapf-lab-bundle-'));
afterAll(() => rm(temp, { recursive: true, force: true }));

let client: SolverClient | undefined;
afterEach(() => client?.dispose());

describe('solver worker bundle', () => {
  it('builds one bundle, reuses it, and a worker started from it solves the example (test solvers behind the flag)', async () => {
    const dir = join(temp, 'cache');
    const path = await buildWorkerBundle(dir);
    expect(path).toMatch(/solver-worker-[0-9a-f]{16}\.mjs$/);
    expect(await buildWorkerBundle(dir)).toBe(path);
    const script = Promise.resolve(new URL(`file://${path}`));
    client = new SolverClient(() => spawnSolverWorkerFrom(script, { testSolvers: true }));
    expect((await client.solve(body('hca')).result).status).toBe('solved');
    expect((await client.solve({ ...body('test-echo'), seed: 7 }).result).stats).toMatchObject({ seed: 7 });
    client.dispose();
    client = new SolverClient(() => spawnSolverWorkerFrom(script));
    expect((await client.solve(body('test-echo')).result).status).toBe('failed');
  });

  it('gives another cache key when an input changes content', async () => {
    const a = join(temp, 'a.ts');
    const b = join(temp, 'b.ts');
    await writeFile(a, 'export const a = 1;\n');
    await writeFile(b, 'export const b = 2;\n');
    const before = await bundleHash([a, b], 'esbuild x');
    expect(await bundleHash([b, a], 'esbuild x')).toBe(before);
    await writeFile(b, 'export const b = 3;\n');
    const after = await bundleHash([a, b], 'esbuild x');
    expect(after).not.toBe(before);
    expect(await bundleHash([a, b], 'esbuild y')).not.toBe(after);
  });

  it('rebuilds after an input of the cached bundle is edited', async () => {
    const dir = join(temp, 'edit');
    const input = join(temp, 'input.ts');
    await writeFile(input, 'one');
    let builds = 0;
    const builder: WorkerBuilder = async () => {
      builds++;
      return { code: `export default ${builds};`, inputs: [input], builder: 'fake' };
    };
    // An injected builder still goes through the cache: the second call must not build.
    const first = await buildWorkerBundle(dir, builder);
    expect(await buildWorkerBundle(dir, builder)).toBe(first);
    expect(builds).toBe(1);
    await writeFile(input, 'two');
    const second = await buildWorkerBundle(dir, builder);
    expect(second).not.toBe(first);
    expect(builds).toBe(2);
  });

  it('falls back to the tsx bootstrap with one warning when the build fails, and the worker still serves', async () => {
    const warnings: string[] = [];
    let calls = 0;
    const failing: WorkerBuilder = async () => {
      calls++;
      throw new Error('no esbuild here\nsecond line');
    };
    const resolveScript = workerScriptResolver(join(temp, 'failing'), failing, (line) => warnings.push(line));
    const [one, two] = await Promise.all([resolveScript(), resolveScript()]);
    expect(one.href).toBe(BOOTSTRAP_URL.href);
    expect(two).toBe(one);
    expect(calls).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('no esbuild here');
    expect(warnings[0]).not.toContain('\n');
    client = new SolverClient(() => spawnSolverWorkerFrom(resolveScript(), { testSolvers: true }));
    expect((await client.solve(body('hca')).result).status).toBe('solved');
    expect(fileURLToPath(one)).toMatch(/bootstrap\.mjs$/);
  });

  it('a handle terminated before its worker exists never starts it and reports an exit', async () => {
    let release!: (url: URL) => void;
    const handle = spawnSolverWorkerFrom(new Promise<URL>((r) => (release = r)));
    const reasons: string[] = [];
    handle.onExit((reason) => reasons.push(reason));
    handle.port.postMessage({ ignored: true });
    handle.terminate();
    release(BOOTSTRAP_URL);
    await new Promise((r) => setTimeout(r, 20));
    expect(reasons).toEqual(['exit code 1']);
  });
});
