/**
 * The desktop build (`npm run build`, run by test:e2e before this suite) without Electron's
 * binary: the solver utility-process bundle serves the real protocol, and the preload bundle
 * is what Electron's sandbox can run.
 */
import { CONTENT_SECURITY_POLICY } from '../../core/platform/contentSecurityPolicy.ts';
import { describe, expect, it, afterAll } from 'vitest';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SolverClient } from '../../core/protocol/client.ts';
import type { WorkerHandle } from '../../core/protocol/port.ts';
import { encodeInstance, decodePaths } from '../../core/protocol/wire.ts';
import { chokepointExample } from '../../core/examples/chokepoint.ts';
import { validatePlan } from '../../core/mapf/validator.ts';

const out = fileURLToPath(new URL('../../out/', import.meta.url));
const shim = fileURLToPath(new URL('./support/parentPortShim.mjs', import.meta.url));

/** The built solver entry in a child process, as a WorkerHandle. */
function spawnBuiltSolverProcess(children: ChildProcess[]): WorkerHandle {
  const child = fork(shim, [`${out}main/solverProcess.js`], { serialization: 'advanced', stdio: 'inherit' });
  children.push(child);
  return {
    port: {
      postMessage: (message) => child.send(message as never),
      onMessage(listener) {
        child.on('message', listener);
        return () => child.off('message', listener);
      },
    },
    terminate: () => child.kill('SIGKILL'),
    onExit: (listener) => child.once('exit', (code, signal) => listener(`solver process exited (${signal ?? code})`)),
  };
}

describe('desktop build', () => {
  const children: ChildProcess[] = [];
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  it('produced the main, preload, solver-entry and renderer bundles', () => {
    for (const file of ['main/index.js', 'main/solverProcess.js', 'preload/index.cjs', 'renderer/index.html']) {
      expect(existsSync(`${out}${file}`), file).toBe(true);
    }
  });

  it('built a page that carries the app\'s Content-Security-Policy itself (beside the app:// header)', () => {
    const html = readFileSync(`${out}renderer/index.html`, 'utf8');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html);
    expect(meta?.[1].replaceAll('&#39;', "'")).toBe(CONTENT_SECURITY_POLICY);
  });

  it('has a preload that requires nothing but electron (sandboxed preloads cannot)', () => {
    const preload = readFileSync(`${out}preload/index.cjs`, 'utf8');
    const required = [...preload.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
    expect(required).toEqual(['electron']);
    expect(preload).toContain('exposeInMainWorld');
    expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*\)/);
  });

  it('serves the solver protocol from the built utility-process entry', async () => {
    const client = new SolverClient(() => spawnBuiltSolverProcess(children), { startTimeoutMs: 15_000 });
    try {
      const instance = chokepointExample();
      const result = await client.solve({ solver: 'hca', instance: encodeInstance(instance), timeLimitMs: 10_000 }).result;
      expect(result.status, result.message).toBe('solved');
      const paths = decodePaths(result.paths);
      expect(paths).toHaveLength(instance.agents.length);
      expect(validatePlan(instance, paths).violations).toEqual([]);

      const unknown = await client.solve({ solver: 'no-such-solver', instance: encodeInstance(instance) }).result;
      expect(unknown.status).toBe('failed');
      expect(unknown.message).toMatch(/no-such-solver/);
    } finally {
      client.dispose();
    }
  });
});
