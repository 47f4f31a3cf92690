import { describe, expect, it, vi } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { SolverClient } from '../../../core/protocol/client.ts';
import type { SolveRequestBody } from '../../../core/protocol/messages.ts';
import { PROTOCOL_VERSION } from '../../../core/protocol/messages.ts';
import type { MemoryWorkerHandle } from '../../../core/protocol/memoryPort.ts';
import { createPortPair, memorySpawner, memoryWorkerHandle } from '../../../core/protocol/memoryPort.ts';
import { decodePaths, encodeInstance } from '../../../core/protocol/wire.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import type { SolveProgress, SolverEntry } from '../../../core/contract/types.ts';

const example = chokepointExample();
const body = (solver = 'independent', extra: Partial<SolveRequestBody> = {}): SolveRequestBody => ({ solver, instance: encodeInstance(example), ...extra });

/** Answers with its seed in the stats, so a test can tell whose reply is whose. */
const echo: SolverEntry = {
  name: 'echo',
  label: 'echo',
  optimal: false,
  solve: (_instance, options) => ({ solver: 'echo', status: 'solved', paths: [], stats: { expanded: 0, generated: 0, elapsedMs: 0, seed: options.seed ?? -1 } }),
};
const throwing: SolverEntry = {
  name: 'throwing',
  label: 'throws',
  optimal: false,
  solve: () => {
    throw new TypeError('params.weight must be a number');
  },
};
const lookup = (name: string) => ({ echo, throwing })[name as 'echo'] ?? findSolver(name);

/** A worker whose other end the test scripts: it says ready (with a chosen version) and then does what it is told. */
function scriptedSpawner(onRequest: (worker: MemoryWorkerHandle, message: { id: string }, reply: (m: unknown) => void) => void, readyVersion = PROTOCOL_VERSION) {
  const workers: MemoryWorkerHandle[] = [];
  const spawn = () => {
    const [caller, solver] = createPortPair();
    const worker = memoryWorkerHandle(caller);
    solver.onMessage((m) => onRequest(worker, m as { id: string }, (r) => solver.postMessage(r)));
    solver.postMessage({ v: readyVersion, type: 'ready' });
    workers.push(worker);
    return worker;
  };
  return { spawn, workers };
}

/** The real independent solver answered and its plan was judged: it collides at the example's gap. */
const JUDGED = { solver: 'independent', status: 'failed', message: expect.stringMatching(/^the plan validator found \d+ conflicts/) };

describe('SolverClient over in-memory workers', () => {
  it('solves the example with the real solver, delivering progress', async () => {
    const client = new SolverClient(memorySpawner().spawn);
    const progress: SolveProgress[] = [];
    const job = client.solve(body(), { onProgress: (p) => progress.push(p) });
    expect(client.busy + client.queued).toBe(1);
    const result = await job.result;
    // The independent plan collides at the gap, so it is not called solved.
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/^the plan validator found \d+ conflicts; first: /);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0].message).toMatch(/planned \d of 4 agents/);
    const paths = decodePaths(result.paths);
    // The independent solver ignores the other agents: check only each path's own soundness.
    const single = validatePlan(example, paths).violations.filter((v) => !['vertex', 'swap', 'following', 'rotation'].includes(v.rule));
    expect(single).toEqual([]);
    expect(paths.length).toBe(4);
    expect(client.busy).toBe(0);
    client.dispose();
  });

  it('matches each reply to its request with several in flight on a pool of 2', async () => {
    const spawner = memorySpawner({ lookup });
    const client = new SolverClient(spawner.spawn, { poolSize: 2 });
    const jobs = [1, 2, 3, 4, 5, 6].map((seed) => ({ seed, job: client.solve(body('echo', { seed })) }));
    expect(client.queued).toBe(6);
    const results = await Promise.all(jobs.map(({ job }) => job.result));
    results.forEach((r, i) => expect(r.stats.seed).toBe(jobs[i].seed));
    expect(new Set(jobs.map(({ job }) => job.id)).size).toBe(6);
    expect(spawner.workers.length).toBe(2);
    client.dispose();
  });

  it('reports an unknown solver and a throwing solver as failed, with the reason', async () => {
    const client = new SolverClient(memorySpawner({ lookup, solverNames: () => ['independent', 'echo'] }).spawn);
    const unknown = await client.solve(body('warp')).result;
    expect(unknown).toMatchObject({ status: 'failed', message: "UnknownSolverError: unknown solver 'warp' (known solvers: independent, echo)" });
    const thrown = await client.solve(body('throwing')).result;
    expect(thrown).toMatchObject({ status: 'failed', solver: 'throwing', message: 'TypeError: params.weight must be a number' });
    const bad = await client.solve({ ...body(), timeLimitMs: -5 }).result;
    expect(bad.status).toBe('failed');
    expect(bad.message).toContain('ProtocolError: malformed \'request\' message: message.body.timeLimitMs:');
    expect((await client.solve(body('echo', { seed: 3 })).result).stats.seed).toBe(3);
    client.dispose();
  });

  it('ignores replies and progress that carry another request id', async () => {
    const result = (id: string, expanded: number) => ({
      v: PROTOCOL_VERSION,
      type: 'result',
      id,
      body: { solver: 'independent', status: 'solved', paths: { format: 'mapf-lab/paths', version: 1, offsets: Int32Array.of(0), cells: new Int32Array(0) }, stats: { expanded, generated: 0, elapsedMs: 0 } },
    });
    const client = new SolverClient(
      scriptedSpawner((_w, m, reply) => {
        reply({ v: PROTOCOL_VERSION, type: 'progress', id: 'stale', progress: { message: 'not yours' } });
        reply(result('stale', 1));
        reply({ v: PROTOCOL_VERSION, type: 'progress', id: m.id, progress: { message: 'yours' } });
        reply(result(m.id, 7));
      }).spawn,
    );
    const seen: string[] = [];
    const answer = await client.solve(body(), { onProgress: (p) => seen.push(p.message) }).result;
    expect(answer.stats.expanded).toBe(7);
    expect(seen).toEqual(['yours']);
    client.dispose();
  });

  it('cancels a queued job at once and leaves the others running', async () => {
    const client = new SolverClient(memorySpawner({ lookup }).spawn);
    const first = client.solve(body('echo', { seed: 1 }));
    const second = client.solve(body('echo', { seed: 2 }));
    client.cancel(second.id);
    expect(await second.result).toMatchObject({ status: 'cancelled', message: 'cancelled before it started' });
    expect((await first.result).stats.seed).toBe(1);
    client.cancel('no-such-job'); // harmless
    client.dispose();
  });

  it('cancels a running job by replacing its worker, and serves the next on the fresh one', async () => {
    const scripted = scriptedSpawner(() => {}); // never answers
    const client = new SolverClient(scripted.spawn);
    const job = client.solve(body());
    while (client.busy === 0) await new Promise<void>((r) => setTimeout(() => r(), 1));
    client.cancel(job.id);
    expect(await job.result).toMatchObject({ status: 'cancelled', message: 'cancelled by the caller' });
    expect(scripted.workers[0].terminated).toBe(true);
    expect(scripted.workers.length).toBe(2);
    client.dispose();
    expect(scripted.workers[1].terminated).toBe(true);
  });

  it('fails a job whose worker crashes, saying so, and serves the next on a fresh worker', async () => {
    let crashes = 1;
    const scripted = scriptedSpawner((worker, m, reply) => {
      if (crashes-- > 0) worker.crash('exit code 3');
      else reply({ v: PROTOCOL_VERSION, type: 'result', id: m.id, body: { solver: 'independent', status: 'solved', paths: { format: 'mapf-lab/paths', version: 1, offsets: Int32Array.of(0), cells: new Int32Array(0) }, stats: { expanded: 0, generated: 0, elapsedMs: 0 } } });
    });
    const client = new SolverClient(scripted.spawn);
    const crashed = await client.solve(body()).result;
    expect(crashed).toMatchObject({ status: 'failed', message: "the solver process crashed while running 'independent' (exit code 3)" });
    expect((await client.solve(body()).result).status).toBe('solved');
    expect(scripted.workers.length).toBe(2);
    client.dispose();
  });

  it('does not restart an idle worker that died on its own until there is work again', async () => {
    const spawner = memorySpawner();
    const client = new SolverClient(spawner.spawn);
    expect(await client.solve(body()).result).toMatchObject(JUDGED);
    spawner.workers[0].crash('exit code 9');
    await new Promise<void>((r) => setTimeout(() => r(), 5));
    expect(spawner.workers.length).toBe(1);
    expect(await client.solve(body()).result).toMatchObject(JUDGED);
    expect(spawner.workers.length).toBe(2);
    client.dispose();
  });

  it('fails a job whose worker does not answer past its time limit plus grace', async () => {
    const scripted = scriptedSpawner(() => {});
    const client = new SolverClient(scripted.spawn, { hangGraceMs: 20 });
    const hung = await client.solve(body('independent', { timeLimitMs: 10 })).result;
    expect(hung).toMatchObject({ status: 'failed', message: 'solver process did not answer within 30 ms; it was stopped' });
    expect(scripted.workers[0].terminated).toBe(true);
    const defaulted = new SolverClient(scripted.spawn, { defaultDeadlineMs: 15 });
    expect((await defaulted.solve(body()).result).message).toBe('solver process did not answer within 15 ms; it was stopped');
    client.dispose();
    defaulted.dispose();
  });

  it('fails with both versions named when the worker speaks another protocol version', async () => {
    const client = new SolverClient(scriptedSpawner(() => {}, 99).spawn);
    const result = await client.solve(body()).result;
    expect(result).toMatchObject({
      status: 'failed',
      message: `the solver process could not start: the solver process speaks protocol version 99, this client speaks version ${PROTOCOL_VERSION}`,
    });
    client.dispose();
  });

  it('fails a job when the worker replies with garbage or another version mid-request', async () => {
    const garbage = new SolverClient(scriptedSpawner((_w, m, reply) => reply({ v: PROTOCOL_VERSION, type: 'result', id: m.id, body: { status: 'solved' } })).spawn);
    const result = await garbage.solve(body()).result;
    expect(result.status).toBe('failed');
    expect(result.message).toContain("solver process sent a malformed message: malformed 'result' message: message.body.solver:");
    const newer = new SolverClient(scriptedSpawner((_w, m, reply) => reply({ v: 2, type: 'result', id: m.id })).spawn);
    expect((await newer.solve(body()).result).message).toBe(`the solver process speaks protocol version 2, this client speaks version ${PROTOCOL_VERSION}`);
    garbage.dispose();
    newer.dispose();
  });

  it('resolves pending jobs as cancelled on dispose, and fails jobs after it', async () => {
    const scripted = scriptedSpawner(() => {});
    const client = new SolverClient(scripted.spawn);
    const running = client.solve(body());
    const waiting = client.solve(body());
    client.dispose();
    expect(await running.result).toMatchObject({ status: 'cancelled', message: 'the solver client was disposed' });
    expect(await waiting.result).toMatchObject({ status: 'cancelled' });
    expect(await client.solve(body()).result).toMatchObject({ status: 'failed', message: 'the solver client has been disposed' });
    expect(scripted.workers.every((w) => w.terminated)).toBe(true);
  });

  it('starts a fresh worker when one dies before it is ready; fails the queue after three such starts in a row, and tries again on the next solve', async () => {
    let spawned = 0;
    /** Workers that die before ready (e.g. the bootstrap could not load) at these spawns. */
    const dying = new Set([0, 2, 3, 4]);
    const client = new SolverClient(() => {
      const [caller] = createPortPair();
      const worker = memoryWorkerHandle(caller);
      if (!dying.has(spawned++)) return memorySpawner().spawn();
      queueMicrotask(() => worker.crash('exit code 1'));
      return worker;
    });
    // One start that died, then one that came up: the job never saw the first.
    expect(await client.solve(body()).result).toMatchObject(JUDGED);
    expect(spawned).toBe(2);
    // The ready worker dies on its own; the next job's three starts all die: it fails, saying why.
    spawned = 2;
    const again = new SolverClient(() => {
      const [caller] = createPortPair();
      const worker = memoryWorkerHandle(caller);
      if (!dying.has(spawned++)) return memorySpawner().spawn();
      queueMicrotask(() => worker.crash('exit code 1'));
      return worker;
    });
    expect(await again.solve(body()).result).toMatchObject({ status: 'failed', message: 'the solver process could not start: it exited before it was ready (exit code 1)' });
    expect(spawned).toBe(5);
    expect(await again.solve(body()).result).toMatchObject(JUDGED);
    expect(spawned).toBe(6);
    client.dispose();
    again.dispose();
  });

  it('waits for a worker that is slow to start, however slow: no job fails for it', async () => {
    const slow: (() => void)[] = [];
    let spawned = 0;
    const client = new SolverClient(() => {
      spawned++;
      const [caller, solver] = createPortPair();
      const worker = memoryWorkerHandle(caller);
      // Served, and ready, only when the test says: a start held up by a busy machine.
      slow.push(() => serveSolvers(solver));
      return worker;
    });
    // Two minutes pass on fake timers: four times the 30 s after which a start used to fail the
    // jobs (4 of 600 runs of a sweep on a loaded machine were recorded as errors so).
    vi.useFakeTimers();
    try {
      const job = client.solve(body());
      let settled = false;
      void job.result.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(120_000);
      expect(settled).toBe(false);
      slow[0]();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await job.result).toMatchObject(JUDGED);
      expect(spawned).toBe(1);
    } finally {
      vi.useRealTimers();
      client.dispose();
    }
  });

  it('replaces a worker still not ready after startTimeoutMs with a fresh one; the job waits on', async () => {
    let spawned = 0;
    const client = new SolverClient(() => {
      // The first never says ready; the second does.
      if (spawned++ === 0) return memoryWorkerHandle(createPortPair()[0]);
      return memorySpawner().spawn();
    }, { startTimeoutMs: 10 });
    expect(await client.solve(body()).result).toMatchObject(JUDGED);
    expect(spawned).toBe(2);
    client.dispose();
  });

  it('fails queued jobs when the worker cannot be started at all', async () => {
    const client = new SolverClient(() => {
      throw new Error('no such file: bootstrap.mjs');
    });
    expect(await client.solve(body()).result).toMatchObject({ status: 'failed', message: 'could not start a solver process: Error: no such file: bootstrap.mjs' });
  });
});
