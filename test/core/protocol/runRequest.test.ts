// The 'run' request kind: one experiment run executed in the solver process, answered with its
// record. Solve requests without a kind are still solve requests (see messages.ts).
import { describe, expect, it } from 'vitest';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { SolverClient } from '../../../core/protocol/client.ts';
import type { FromSolverMessage, RunRequestBody } from '../../../core/protocol/messages.ts';
import { PROTOCOL_VERSION } from '../../../core/protocol/messages.ts';
import { createPortPair, memorySpawner, memoryWorkerHandle } from '../../../core/protocol/memoryPort.ts';
import { parseFromSolverMessage, parseToSolverMessage } from '../../../core/protocol/schema.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';
import { encodePaths } from '../../../core/protocol/wire.ts';
import { NO_CPU_CLOCK } from '../../../core/experiments/runner.ts';
import { type Clock, cpuClock } from '../../../core/util/clock.ts';

const MAP = ['type octile', 'height 3', 'width 4', 'map', '....', '.@@.', '....', ''].join('\n');
const SCEN = ['version 1', '0\ttiny.map\t4\t3\t0\t0\t3\t2\t5', '0\ttiny.map\t4\t3\t3\t0\t0\t2\t5', ''].join('\n');
const [run] = planRuns(parseExperiment({
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'one',
  maps: [{ kind: 'movingai', map: 'tiny.map', scen: ['tiny.scen'] }],
  agents: [2],
  solvers: [{ solver: 'independent' }],
}));
const body = (extra: Partial<RunRequestBody> = {}): RunRequestBody => ({ kind: 'run', run, files: { 'tiny.map': MAP, 'tiny.scen': SCEN }, ...extra });

async function answer(request: RunRequestBody, cpuClock?: Clock): Promise<FromSolverMessage> {
  const [caller, solver] = createPortPair();
  serveSolvers(solver, { cpuClock });
  const replies: FromSolverMessage[] = [];
  caller.onMessage((m) => replies.push(m as FromSolverMessage));
  caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'r1', body: request });
  while (replies.length < 2) await new Promise<void>((r) => setTimeout(r, 1));
  expect(replies[0]).toEqual({ v: PROTOCOL_VERSION, type: 'ready' });
  return replies[1];
}

describe('run requests', () => {
  it('are read by their kind, with errors naming the run fields at fault', () => {
    expect(parseToSolverMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'a', body: body() })).toMatchObject({ ok: true, message: { body: { kind: 'run' } } });
    const bad = parseToSolverMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'a', body: { ...body(), run: { ...run, agents: -1, map: { kind: 'movingai' } } } });
    expect(bad).toMatchObject({ ok: false, id: 'a', name: 'ProtocolError' });
    expect(!bad.ok && bad.message).toContain('message.body.run.map.map:');
    expect(!bad.ok && bad.message).toContain('message.body.run.agents:');
    const files = parseToSolverMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'a', body: { ...body(), files: { 'tiny.map': 7 } } });
    expect(!files.ok && files.message).toContain("message.body.files.tiny.map:");
    // A result's kind must match too: a run result carries a record, NaN figures included.
    const record = { kind: 'run', record: { id: 0, key: 'k', map: 'm', instance: 0, agents: 1, solver: 's', label: 'l', seed: 1, status: 'error', message: 'x', pathRatio: NaN } };
    expect(parseFromSolverMessage({ v: PROTOCOL_VERSION, type: 'result', id: 'a', body: record })).toMatchObject({ ok: false, message: expect.stringContaining('message.body.record.successes: must be a number') });
  });

  it('are executed by the solver process, which answers with the run record', async () => {
    const reply = await answer(body());
    expect(reply).toMatchObject({ type: 'result', id: 'r1', body: { kind: 'run', record: { id: 0, key: run.key, status: 'solved', agents: 2, successRate: 1 } } });
    expect(parseFromSolverMessage(reply).ok).toBe(true);
  });

  it('say when a file was not sent, or the process has no CPU clock, in an error record', async () => {
    expect(await answer(body({ files: {} }))).toMatchObject({ type: 'result', body: { record: { status: 'error', message: "the run request did not carry the file 'tiny.map'" } } });
    const onCpu = { ...run, timeLimitClock: 'cpu' as const };
    expect(await answer(body({ run: onCpu }))).toMatchObject({ body: { record: { status: 'error', message: NO_CPU_CLOCK } } });
    // A run on the 'cpu' clock is measured on it: each reading 2 ms on.
    let cpu = 0;
    const reply = await answer(body({ run: onCpu }), cpuClock(() => (cpu += 2)));
    expect(reply).toMatchObject({ body: { record: { status: 'solved' } } });
    const initMs = (reply as { body: { record: { initMs: number } } }).body.record.initMs;
    expect(initMs > 0 && initMs % 2 === 0, `initMs ${initMs}`).toBe(true);
  });

  it('may leave out a text the process was sent before; a file never sent is still an error', async () => {
    const [caller, solver] = createPortPair();
    serveSolvers(solver);
    const replies = new Map<string, FromSolverMessage>();
    caller.onMessage((m) => void replies.set((m as { id?: string }).id ?? '', m as FromSolverMessage));
    const ask = async (id: string, request: RunRequestBody) => {
      caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id, body: request });
      while (!replies.has(id)) await new Promise<void>((r) => setTimeout(r, 1));
      return replies.get(id);
    };
    // The first scenario does not fit the map, so its run fails before anything is kept parsed:
    // the second run, sent without texts, must find them where the first left them.
    const offMap = ['version 1', '0\ttiny.map\t4\t3\t0\t0\t9\t2\t5', ''].join('\n');
    const misfit = { ...run, instanceKey: 'misfit', placement: { kind: 'scenario' as const, scen: 'off.scen' } };
    const why = /off\.scen.*outside|outside.*off\.scen/;
    expect(await ask('a', body({ run: misfit, files: { 'tiny.map': MAP, 'off.scen': offMap } }))).toMatchObject({ body: { record: { status: 'error', message: expect.stringMatching(why) } } });
    expect(await ask('b', body({ run: misfit, files: {} }))).toMatchObject({ body: { record: { status: 'error', message: expect.stringMatching(why) } } });
    expect(await ask('c', body({ files: { 'tiny.scen': SCEN } }))).toMatchObject({ body: { record: { status: 'solved' } } });
    expect(await ask('d', body({ files: {} }))).toMatchObject({ body: { record: { status: 'solved' } } });
    const never = { ...run, instanceKey: 'never', placement: { kind: 'scenario' as const, scen: 'never.scen' } };
    expect(await ask('e', body({ run: never, files: {} }))).toMatchObject({ body: { record: { status: 'error', message: "the run request did not carry the file 'never.scen'" } } });
  });

  it('come back through the client as a record, or failed when the process answers with the wrong kind', async () => {
    const client = new SolverClient(memorySpawner().spawn);
    expect(await client.run(body()).result).toMatchObject({ ok: true, record: { key: run.key, status: 'solved' } });
    client.dispose();
    const [caller, solver] = createPortPair();
    solver.onMessage((m) => {
      const id = (m as { id: string }).id;
      solver.postMessage({ v: PROTOCOL_VERSION, type: 'result', id, body: { solver: 'x', status: 'solved', paths: encodePaths([]), stats: { expanded: 0, generated: 0, elapsedMs: 0 } } });
    });
    solver.postMessage({ v: PROTOCOL_VERSION, type: 'ready' });
    const confused = new SolverClient(() => memoryWorkerHandle(caller));
    expect(await confused.run(body()).result).toEqual({ ok: false, status: 'failed', message: 'solver process answered a run request with a solve result', cause: 'other' });
    confused.dispose();
  });
});
