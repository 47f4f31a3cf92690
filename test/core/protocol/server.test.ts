import { describe, expect, it } from 'vitest';
import { chokepointExample } from '../../../core/examples/chokepoint.ts';
import type { FromSolverMessage } from '../../../core/protocol/messages.ts';
import { PROTOCOL_VERSION } from '../../../core/protocol/messages.ts';
import { createPortPair } from '../../../core/protocol/memoryPort.ts';
import type { ServeSolversOptions } from '../../../core/protocol/server.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';
import { encodeInstance } from '../../../core/protocol/wire.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import type { SolverEntry } from '../../../core/contract/types.ts';
import { cpuClock } from '../../../core/util/clock.ts';
import { NO_CPU_CLOCK } from '../../../core/experiments/runner.ts';

/** A solver process on one end of a pair; the test reads its replies in order from the other. */
function serve(options?: ServeSolversOptions) {
  const [caller, solver] = createPortPair();
  serveSolvers(solver, options);
  const inbox: FromSolverMessage[] = [];
  const waiters: (() => void)[] = [];
  caller.onMessage((m) => {
    inbox.push(m as FromSolverMessage);
    waiters.splice(0).forEach((w) => w());
  });
  const next = async (): Promise<FromSolverMessage> => {
    while (inbox.length === 0) await new Promise<void>((r) => waiters.push(r));
    return inbox.shift()!;
  };
  return { send: (m: unknown) => caller.postMessage(m), next };
}

const request = (id: string, solver = 'independent', extra: object = {}) => ({
  v: PROTOCOL_VERSION,
  type: 'request',
  id,
  body: { solver, instance: encodeInstance(chokepointExample()), ...extra },
});

const throwing: SolverEntry = {
  name: 'throwing',
  label: 'throws',
  optimal: false,
  solve: () => {
    throw new RangeError('agent 2: goal is on a wall');
  },
};

describe('serveSolvers', () => {
  it('says ready, then answers a request with progress and a result', async () => {
    const server = serve();
    expect(await server.next()).toEqual({ v: PROTOCOL_VERSION, type: 'ready' });
    server.send(request('r1'));
    const progress = await server.next();
    expect(progress).toMatchObject({ type: 'progress', id: 'r1', progress: { message: 'planned 1 of 4 agents' } });
    // Progress is throttled: the solver reports four times in well under 50 ms, one gets through.
    const result = await server.next();
    expect(result).toMatchObject({ type: 'result', id: 'r1', body: { solver: 'independent', status: 'failed', message: expect.stringMatching(/^the plan validator found \d+ conflicts/) } });
    if (result.type === 'result' && result.body.kind !== 'run') expect(result.body.paths.offsets.length).toBe(5);
  });

  it('names an unknown solver and lists the known ones', async () => {
    const server = serve({ lookup: (n) => (n === 'throwing' ? throwing : findSolver(n)), solverNames: () => ['independent', 'throwing'] });
    await server.next();
    server.send(request('r2', 'telepathy'));
    expect(await server.next()).toMatchObject({
      type: 'error',
      id: 'r2',
      name: 'UnknownSolverError',
      message: "unknown solver 'telepathy' (known solvers: independent, throwing)",
    });
  });

  it('turns a thrown error into an error reply with name, message and stack, and keeps serving', async () => {
    const server = serve({ lookup: (n) => (n === 'throwing' ? throwing : findSolver(n)) });
    await server.next();
    server.send(request('r3', 'throwing'));
    const error = await server.next();
    expect(error).toMatchObject({ type: 'error', id: 'r3', name: 'RangeError', message: 'agent 2: goal is on a wall' });
    expect(error.type === 'error' && error.stack).toContain('RangeError');
    server.send(request('r4'));
    expect(await server.next()).toMatchObject({ type: 'progress', id: 'r4' });
    expect(await server.next()).toMatchObject({ type: 'result', id: 'r4' });
  });

  it('answers every malformed or unknown message with an error that says what is wrong', async () => {
    const server = serve();
    await server.next();
    server.send(42);
    expect(await server.next()).toMatchObject({ type: 'error', id: null, name: 'ProtocolError', message: 'a protocol message must be an object, got number 42' });
    server.send({ v: PROTOCOL_VERSION, type: 'shutdown', id: 'x1' });
    expect(await server.next()).toMatchObject({ type: 'error', id: 'x1', message: "unknown message type 'shutdown' for the solver process (expected request, cancel)" });
    server.send({ ...request('x2'), body: { solver: 'independent', instance: { format: 'mapf-lab/instance' } } });
    const bad = await server.next();
    expect(bad).toMatchObject({ type: 'error', id: 'x2', name: 'ProtocolError' });
    expect(bad.type === 'error' && bad.message).toContain('message.body.instance.passable: must be a Uint8Array');
    server.send({ ...request('x3'), v: 2 });
    expect(await server.next()).toMatchObject({
      type: 'error',
      id: 'x3',
      name: 'ProtocolVersionError',
      message: `protocol version 2 is not supported (this side speaks version ${PROTOCOL_VERSION})`,
    });
  });

  it('reports an instance the solver rejects, naming the agent', async () => {
    const server = serve();
    await server.next();
    const instance = encodeInstance(chokepointExample());
    instance.goals[1] = instance.goals[0];
    server.send({ v: PROTOCOL_VERSION, type: 'request', id: 'y1', body: { solver: 'independent', instance } });
    expect(await server.next()).toMatchObject({ type: 'error', id: 'y1', name: 'RangeError', message: 'agents 1 and 2 share the goal (9, 5)' });
  });

  it('ignores a cancel for a request it is not running', async () => {
    const server = serve();
    await server.next();
    server.send({ v: PROTOCOL_VERSION, type: 'cancel', id: 'nothing' });
    server.send(request('z1'));
    expect(await server.next()).toMatchObject({ type: 'progress', id: 'z1' });
  });

  it('solves on the CPU clock the host gives it, and says so when it has none', async () => {
    // The host's clock, here a fake one 1 s a reading: CA* on the example runs out at its first looks.
    let now = 0;
    const withClock = serve({ cpuClock: cpuClock(() => (now += 1000)) });
    await withClock.next();
    withClock.send(request('c1', 'ca', { timeLimitMs: 1500, timeLimitClock: 'cpu' }));
    let reply = await withClock.next();
    while (reply.type === 'progress') reply = await withClock.next();
    expect(reply).toMatchObject({ type: 'result', id: 'c1', body: { status: 'timeout', message: expect.stringMatching(/^CPU time limit of 1500 ms reached/) } });
    const without = serve();
    await without.next();
    without.send(request('c2', 'ca', { timeLimitMs: 1500, timeLimitClock: 'cpu' }));
    expect(await without.next()).toMatchObject({ type: 'result', id: 'c2', body: { status: 'failed', message: NO_CPU_CLOCK } });
  });
});
