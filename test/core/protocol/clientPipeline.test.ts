// SolverClient with `pipeline`: the next request is posted to a busy process so it starts
// without a round trip; a crash or hang sends it back to the queue; cancelling it leaves the
// running request alone.
import { describe, expect, it, vi } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import { SolverClient } from '../../../core/protocol/client.ts';
import type { SolveRequestBody } from '../../../core/protocol/messages.ts';
import { PROTOCOL_VERSION } from '../../../core/protocol/messages.ts';
import type { MemoryWorkerHandle } from '../../../core/protocol/memoryPort.ts';
import { createPortPair, memoryWorkerHandle } from '../../../core/protocol/memoryPort.ts';
import { encodePaths, encodeInstance } from '../../../core/protocol/wire.ts';

const body = (seed: number): SolveRequestBody => ({ solver: 'scripted', instance: encodeInstance(chokepointExample()), seed });
const answer = (id: string, seed: number) => ({
  v: PROTOCOL_VERSION, type: 'result', id,
  body: { solver: 'scripted', status: 'solved', paths: encodePaths([]), stats: { expanded: 0, generated: 0, elapsedMs: 0, seed } },
});

/** Workers that record the requests they receive and answer only when the test says so. */
function scripted() {
  const workers: { handle: MemoryWorkerHandle; received: { id: string; seed: number }[]; reply: (id: string, seed: number) => void }[] = [];
  const spawn = () => {
    const [caller, solver] = createPortPair();
    const handle = memoryWorkerHandle(caller);
    const received: { id: string; seed: number }[] = [];
    solver.onMessage((m) => {
      const message = m as { id: string; body: { seed: number } };
      received.push({ id: message.id, seed: message.body.seed });
    });
    solver.postMessage({ v: PROTOCOL_VERSION, type: 'ready' });
    workers.push({ handle, received, reply: (id, seed) => solver.postMessage(answer(id, seed)) });
    return handle;
  };
  return { spawn, workers };
}

const tick = () => new Promise<void>((r) => setTimeout(r, 5));
/**
 * Waits until the worker has received these seeds. The in-memory port delivers asynchronously
 * (like a real one) and a new worker says ready first, so on a loaded machine one tick is not
 * always enough: wait for the state rather than for a fixed time.
 */
const received = (worker: () => { received: { seed?: number }[] } | undefined, seeds: number[]) =>
  vi.waitFor(() => expect(worker()?.received.map((r) => r.seed)).toEqual(seeds));

describe('SolverClient pipeline', () => {
  it('posts the next request to the busy process before the first is answered', async () => {
    const { spawn, workers } = scripted();
    const client = new SolverClient(spawn, { pipeline: true });
    const jobs = [1, 2, 3].map((seed) => client.solve(body(seed)));
    await received(() => workers[0], [1, 2]);
    expect(workers).toHaveLength(1);
    expect([client.busy, client.queued]).toEqual([1, 1]);
    workers[0].reply(workers[0].received[0].id, 1);
    expect((await jobs[0].result).stats.seed).toBe(1);
    await received(() => workers[0], [1, 2, 3]);
    workers[0].reply(workers[0].received[1].id, 2);
    workers[0].reply(workers[0].received[2].id, 3);
    expect((await Promise.all(jobs.map((j) => j.result))).map((r) => r.stats.seed)).toEqual([1, 2, 3]);
    client.dispose();
  });

  it('without pipeline, posts one request at a time as before', async () => {
    const { spawn, workers } = scripted();
    const client = new SolverClient(spawn);
    client.solve(body(1));
    client.solve(body(2));
    await received(() => workers[0], [1]);
    await tick();
    expect(workers[0].received.map((r) => r.seed)).toEqual([1]);
    client.dispose();
  });

  it('sends the request posted behind back to the queue when the process crashes or hangs', async () => {
    const { spawn, workers } = scripted();
    const client = new SolverClient(spawn, { pipeline: true, defaultDeadlineMs: 60 });
    // 1 has a limit of its own: the 60 ms default passed before the crash below on a loaded
    // machine (two CPU hogs), and 1 then failed as hung instead.
    const first = client.solve({ ...body(1), timeLimitMs: 10_000 });
    const second = client.solve(body(2));
    await received(() => workers[0], [1, 2]);
    workers[0].handle.crash('exit code 9');
    expect(await first.result).toMatchObject({ status: 'failed', message: "the solver process crashed while running 'scripted' (exit code 9)" });
    await received(() => workers[1], [2]);
    expect(workers).toHaveLength(2);
    // 3 has a time limit of its own, so its deadline is not the 60 ms default (a busy machine
    // could pass that between its arrival and the reply below: this test failed once so).
    const third = client.solve({ ...body(3), timeLimitMs: 10_000 });
    // The fresh process hangs on 2: past its deadline 2 fails, and 3, posted behind it, moves on.
    expect(await second.result).toMatchObject({ status: 'failed', message: 'solver process did not answer within 60 ms; it was stopped' });
    await received(() => workers[2], [3]);
    workers[2].reply(workers[2].received[0].id, 3);
    expect(await third.result).toMatchObject({ status: 'solved' });
    client.dispose();
  });

  it('cancels a request posted behind at once, leaving the running one and its process alone', async () => {
    const { spawn, workers } = scripted();
    const client = new SolverClient(spawn, { pipeline: true });
    const first = client.solve(body(1));
    const second = client.solve(body(2));
    await received(() => workers[0], [1, 2]);
    client.cancel(second.id);
    expect(await second.result).toMatchObject({ status: 'cancelled', message: 'cancelled by the caller' });
    expect(workers[0].handle.terminated).toBe(false);
    const third = client.solve(body(3));
    workers[0].reply(workers[0].received[0].id, 1);
    expect(await first.result).toMatchObject({ status: 'solved' });
    // The process still runs 2 (it cannot be taken back), with 3 posted behind; 2's answer is dropped.
    await received(() => workers[0], [1, 2, 3]);
    workers[0].reply(workers[0].received[1].id, 2);
    workers[0].reply(workers[0].received[2].id, 3);
    expect(await third.result).toMatchObject({ status: 'solved', stats: { seed: 3 } });
    expect(workers).toHaveLength(1);
    client.dispose();
  });
});
