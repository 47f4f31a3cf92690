// Keyed run requests: a map's or scenario's text crosses into a solver process once, later runs
// carry its key; a process started afresh is sent the texts again; a process asked for a key it
// does not hold fails the run at once, saying which file.
import { describe, expect, it } from 'vitest';
import { keyedMemorySpawner } from '../../../core/experiments/keyedMemoryWorker.ts';
import { acceptKeyedRuns } from '../../../core/experiments/keyedRunReceiver.ts';
import { sendFilesOnce } from '../../../core/experiments/keyedRunSender.ts';
import { runPool } from '../../../core/experiments/pool.ts';
import { type RunSpec, planRuns } from '../../../core/experiments/runPlan.ts';
import type { RunRecord } from '../../../core/experiments/runner.ts';
import { KEYED_RUN_VERSION } from '../../../core/experiments/runSchemas.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { SolverClient } from '../../../core/protocol/client.ts';
import { PROTOCOL_VERSION } from '../../../core/protocol/messages.ts';
import { createPortPair, memorySpawner, memoryWorkerHandle } from '../../../core/protocol/memoryPort.ts';
import { serveSolvers } from '../../../core/protocol/server.ts';

const MAP = ['type octile', 'height 3', 'width 4', 'map', '....', '.@@.', '....', ''].join('\n');
const SCEN_A = ['version 1', '0\ttiny.map\t4\t3\t0\t0\t3\t2\t5', '0\ttiny.map\t4\t3\t3\t0\t0\t2\t5', ''].join('\n');
const SCEN_B = ['version 1', '0\ttiny.map\t4\t3\t0\t2\t3\t0\t5', '0\ttiny.map\t4\t3\t3\t2\t0\t0\t5', ''].join('\n');
const TEXTS: Record<string, string> = { 'tiny.map': MAP, 'a.scen': SCEN_A, 'b.scen': SCEN_B };
const files = {
  readText(name: string): string {
    if (!Object.hasOwn(TEXTS, name)) throw new Error(`no file ${name}`);
    return TEXTS[name];
  },
};

/** 2 scenarios x 2 counts x 2 solvers on one Moving AI map: 8 runs, 4 instances. */
const RUNS = planRuns(parseExperiment({
  format: 'mapf-lab/experiment', version: 1, name: 'keyed',
  maps: [{ kind: 'movingai', map: 'tiny.map', scen: ['a.scen', 'b.scen'] }],
  agents: [1, 2], placement: 'scenario', solvers: [{ solver: 'ca' }, { solver: 'lra' }], turnLimit: 30,
}));

interface KeyedBody { kind: string; files: Record<string, string>; texts: Record<string, string>; drop: string[]; run: RunSpec }

/** The run requests a process read, in order. */
function runRequests(received: unknown[]): KeyedBody[] {
  return received.filter((m) => (m as { type?: string }).type === 'request').map((m) => (m as { body: KeyedBody }).body);
}

/** A record without its timings, which differ from one execution to the next. */
function measured(record: RunRecord) {
  return { key: record.key, status: record.status, message: record.message, successes: record.successes, sumOfCosts: record.sumOfCosts, makespan: record.makespan, turns: record.turns };
}

async function sweep(options: Parameters<typeof runPool>[1]): Promise<RunRecord[]> {
  const result = await runPool(RUNS, options).done;
  return result.records.slice().sort((a, b) => a.id - b.id);
}

function client(spawn: ReturnType<typeof keyedMemorySpawner>['spawn'], held?: number): SolverClient {
  return new SolverClient(sendFilesOnce(spawn, held), { poolSize: 1 });
}

describe('keyed run requests', () => {
  it('the first run on a process carries the texts, later runs their keys only; the records are those of full requests', async () => {
    const keyed = keyedMemorySpawner();
    const records = await sweep({ spawn: keyed.spawn, files, workers: 1, sendFilesOnce: true });
    const plain = await sweep({ spawn: memorySpawner().spawn, files, workers: 1 });
    expect(records.map(measured)).toEqual(plain.map(measured));
    expect(records.every((r) => r.status !== 'error')).toBe(true);

    expect(keyed.received).toHaveLength(1);
    const bodies = runRequests(keyed.received[0]);
    expect(bodies).toHaveLength(RUNS.length);
    expect(bodies.every((b) => b.kind === 'keyedRun')).toBe(true);
    // Each text crossed once, with the first run that named it, whatever order the lane took.
    const sent = bodies.flatMap((b) => Object.values(b.texts));
    expect(sent.sort()).toEqual([MAP, SCEN_A, SCEN_B].sort());
    expect(Object.values(bodies[0].texts).sort()).toEqual([MAP, bodies[0].run.placement.kind === 'scenario' ? TEXTS[bodies[0].run.placement.scen] : ''].sort());
    for (const body of bodies) expect(Object.keys(body.files).sort()).toEqual(['tiny.map', (body.run.placement as { scen: string }).scen].sort());
    const mapKeys = new Set(bodies.map((b) => b.files['tiny.map']));
    expect(mapKeys.size).toBe(1);
  });

  it('each process of the pool is sent the texts it runs with, once', async () => {
    const keyed = keyedMemorySpawner();
    const records = await sweep({ spawn: keyed.spawn, files, workers: 2, sendFilesOnce: true });
    expect(records.filter((r) => r.status === 'error')).toEqual([]);
    expect(keyed.received).toHaveLength(2);
    for (const received of keyed.received) {
      const bodies = runRequests(received);
      expect(bodies.length).toBeGreaterThan(0);
      expect(Object.keys(bodies[0].texts)).toHaveLength(2);
      const sent = bodies.flatMap((b) => Object.keys(b.texts));
      expect(new Set(sent).size).toBe(sent.length);
      // Every key a request names was sent to this process before or with it.
      const held = new Set<string>();
      for (const body of bodies) {
        for (const key of Object.keys(body.texts)) held.add(key);
        for (const key of Object.values(body.files)) expect(held.has(key)).toBe(true);
      }
    }
  });

  it('a process started after a crash is sent the texts again', async () => {
    const keyed = keyedMemorySpawner();
    const solver = client(keyed.spawn);
    const first = await solver.run({ kind: 'run', run: RUNS[0], files: { 'tiny.map': MAP, 'a.scen': SCEN_A } }).result;
    expect(first.ok && first.record.status).not.toBe('error');
    const again = await solver.run({ kind: 'run', run: RUNS[1], files: { 'tiny.map': MAP, 'a.scen': SCEN_A } }).result;
    expect(again.ok && again.record.status).not.toBe('error');
    expect(runRequests(keyed.received[0]).map((b) => Object.keys(b.texts).length)).toEqual([2, 0]);

    keyed.workers[0].crash('killed by the test');
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
    const after = await solver.run({ kind: 'run', run: RUNS[1], files: { 'tiny.map': MAP, 'a.scen': SCEN_A } }).result;
    expect(after.ok && after.record.status).not.toBe('error');
    expect(keyed.workers).toHaveLength(2);
    expect(Object.values(runRequests(keyed.received[1])[0].texts).sort()).toEqual([MAP, SCEN_A].sort());
    solver.dispose();
  });

  it('a request posted behind one that hangs goes to the fresh process with its texts', async () => {
    // A process that never answers runs of solver 'hang' (after taking their texts, as a solver
    // stuck in a loop would); everything else is served.
    const received: unknown[][] = [];
    const spawn = () => {
      const [callerSide, solverSide] = createPortPair();
      const log: unknown[] = [];
      received.push(log);
      const keyedPort = acceptKeyedRuns({ postMessage: (m) => solverSide.postMessage(m), onMessage: (l) => solverSide.onMessage((m) => { log.push(m); l(m); }) });
      serveSolvers({ postMessage: (m) => keyedPort.postMessage(m), onMessage: (l) => keyedPort.onMessage((m) => (m as { body?: { run?: RunSpec } }).body?.run?.solver !== 'hang' && l(m)) });
      return memoryWorkerHandle(callerSide);
    };
    const solver = new SolverClient(sendFilesOnce(spawn), { poolSize: 1, pipeline: true });
    const texts = { 'tiny.map': MAP, 'a.scen': SCEN_A };
    const hung = solver.run({ kind: 'run', run: { ...RUNS[0], solver: 'hang' }, files: texts }, { deadlineMs: 50 }).result;
    const behind = solver.run({ kind: 'run', run: RUNS[1], files: texts }).result;
    expect(await hung).toMatchObject({ ok: false, status: 'failed' });
    const outcome = await behind;
    expect(outcome.ok && outcome.record.status).not.toBe('error');
    expect(received).toHaveLength(2);
    // The first process had both texts with the hung run and the key only behind it; the fresh one gets the texts.
    expect(runRequests(received[0]).map((b) => Object.keys(b.texts).length)).toEqual([2, 0]);
    expect(Object.values(runRequests(received[1])[0].texts).sort()).toEqual([MAP, SCEN_A].sort());
    solver.dispose();
  });

  it('a process that no longer holds a key fails that run with the file named, and the sweep goes on', async () => {
    // The processes keep 2 texts while the pool believes they keep 8: the sender's record and
    // the process part, as they would after a bug; runs must fail, not wait for a text.
    // Scenario a again after b: the process dropped a.scen to make room for b.scen.
    const runs = planRuns(parseExperiment({
      format: 'mapf-lab/experiment', version: 1, name: 'keyed-again',
      maps: [{ kind: 'movingai', map: 'tiny.map', scen: ['a.scen', 'b.scen', 'a.scen'] }],
      agents: [1], placement: 'scenario', solvers: [{ solver: 'ca' }], turnLimit: 30,
    }));
    const keyed = keyedMemorySpawner({}, 2);
    const records = (await runPool(runs, { spawn: keyed.spawn, files, workers: 1, sendFilesOnce: true }).done).records.slice().sort((a, b) => a.id - b.id);
    expect(records.map((r) => r.status === 'error')).toEqual([false, false, true]);
    const failed = records.filter((r) => r.status === 'error');
    expect(failed.length).toBeGreaterThan(0);
    for (const record of failed) expect(record.message).toMatch(new RegExp(`^MissingFileError: run ${record.key.replace(/[*.]/g, '\\$&')}: this solver process was never sent '(tiny\\.map|[ab]\\.scen)' \\(key .+\\), or has forgotten it; the run was not started$`));
    expect(records.some((r) => r.status !== 'error')).toBe(true);
  });

  it('keeps at most `held` texts: the oldest is dropped on both sides and sent again when needed', async () => {
    const keyed = keyedMemorySpawner({}, 2);
    const solver = client(keyed.spawn, 2);
    const withA = { 'tiny.map': MAP, 'a.scen': SCEN_A };
    const withB = { 'tiny.map': MAP, 'b.scen': SCEN_B };
    const runB = RUNS.find((r) => r.placement.kind === 'scenario' && r.placement.scen === 'b.scen')!;
    for (const [run, texts] of [[RUNS[0], withA], [runB, withB], [RUNS[0], withA]] as const) {
      const outcome = await solver.run({ kind: 'run', run, files: texts }).result;
      expect(outcome.ok && outcome.record.status).not.toBe('error');
    }
    const bodies = runRequests(keyed.received[0]);
    const key = (body: KeyedBody, name: string) => body.files[name];
    expect(Object.keys(bodies[0].texts).sort()).toEqual([key(bodies[0], 'a.scen'), key(bodies[0], 'tiny.map')].sort());
    expect(bodies[1].texts).toEqual({ [key(bodies[1], 'b.scen')]: SCEN_B });
    expect(bodies[1].drop).toEqual([key(bodies[0], 'a.scen')]);
    expect(bodies[2].texts).toEqual({ [key(bodies[2], 'a.scen')]: SCEN_A });
    expect(bodies[2].drop).toEqual([key(bodies[1], 'b.scen')]);
    solver.dispose();
  });

  it('answers a malformed or other-version keyed request with an error that says what is wrong, and passes other messages on', async () => {
    const [caller, process] = createPortPair();
    serveSolvers(acceptKeyedRuns(process));
    const replies: { type: string; id?: string | null; name?: string; message?: string }[] = [];
    caller.onMessage((m) => void replies.push(m as (typeof replies)[number]));
    const body = { kind: 'keyedRun', version: KEYED_RUN_VERSION, run: RUNS[0], files: { 'tiny.map': 'tiny.map#0', 'a.scen': 'a.scen#0' }, texts: { 'tiny.map#0': MAP }, drop: [] };
    caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'r1', body });
    caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'r2', body: { ...body, version: KEYED_RUN_VERSION + 1 } });
    caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'r3', body: { ...body, texts: 'nope' } });
    caller.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: 'r4', body: { kind: 'run', run: RUNS[0], files: { 'tiny.map': MAP, 'a.scen': SCEN_A } } });
    await new Promise<void>((resolve) => setTimeout(resolve, 20));
    const byId = (id: string) => replies.find((r) => r.id === id);
    expect(byId('r1')).toMatchObject({ type: 'error', name: 'MissingFileError', message: `run ${RUNS[0].key}: this solver process was never sent 'a.scen' (key a.scen#0), or has forgotten it; the run was not started` });
    expect(byId('r2')).toMatchObject({ type: 'error', name: 'ProtocolError' });
    expect(byId('r2')!.message).toContain(`message.body.version: must be ${KEYED_RUN_VERSION} (the keyed run version this build reads)`);
    expect(byId('r3')).toMatchObject({ type: 'error', name: 'ProtocolError' });
    expect(byId('r3')!.message).toContain('message.body.texts');
    expect(byId('r4')).toMatchObject({ type: 'result' });
  });
});
