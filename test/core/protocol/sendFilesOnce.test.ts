// The pool's sendFilesOnce: a Moving AI text crosses into a solver process with the first run
// that names it, later runs on that process carry only the name; a fresh process (after a crash
// or hang) is sent the texts again, also for a request re-posted to it from behind a dead run.
import { describe, expect, it } from 'vitest';
import { runPool } from '../../../core/protocol/pool.ts';
import { type RunSpec, planRuns } from '../../../core/experiments/runPlan.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { createPortPair, memoryWorkerHandle } from '../../../core/protocol/memoryPort.ts';
import type { RunRequestBody } from '../../../core/protocol/messages.ts';
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
  format: 'mapf-lab/experiment', version: 1, name: 'once',
  maps: [{ kind: 'movingai', map: 'tiny.map', scen: ['a.scen', 'b.scen'] }],
  agents: [1, 2], placement: 'scenario', solvers: [{ solver: 'ca' }, { solver: 'lra' }], turnLimit: 30,
}));

/**
 * In-memory solver processes that log the run requests they read. A run of solver 'crash'
 * kills its process, one of 'hang' is read and never answered (a solver stuck in a loop).
 */
function spawner() {
  const received: RunRequestBody[][] = [];
  const spawn = () => {
    const log: RunRequestBody[] = [];
    received.push(log);
    const [caller, solverSide] = createPortPair();
    const handle = memoryWorkerHandle(caller);
    serveSolvers({
      postMessage: (m) => solverSide.postMessage(m),
      onMessage: (listener) => solverSide.onMessage((m) => {
        const body = (m as { body?: RunRequestBody }).body;
        if (body?.kind === 'run') log.push(body);
        if (body?.run.solver === 'crash') return handle.crash('killed by the test');
        if (body?.run.solver === 'hang') return;
        listener(m);
      }),
    });
    return handle;
  };
  return { spawn, received };
}

/** The names whose texts each request carried. */
const carried = (bodies: RunRequestBody[]) => bodies.map((b) => Object.keys(b.files).sort());
const namesOf = (run: RunSpec) => ['tiny.map', (run.placement as { scen: string }).scen].sort();

/** Every text crossed into the process at most once, before or with the first run that needed it. */
function expectEachTextOnce(bodies: RunRequestBody[]) {
  const held = new Set<string>();
  for (const body of bodies) {
    for (const [name, text] of Object.entries(body.files)) {
      expect(held.has(name), `${name} sent twice`).toBe(false);
      expect(text).toBe(TEXTS[name]);
      held.add(name);
    }
    for (const name of namesOf(body.run)) expect(held.has(name), `${body.run.key} without ${name}`).toBe(true);
  }
}

/** A record without its timings, which differ from one execution to the next. */
const measured = (r: RunRecord) => ({ key: r.key, status: r.status, message: r.message, successes: r.successes, sumOfCosts: r.sumOfCosts, makespan: r.makespan });
const sorted = (records: readonly RunRecord[]) => records.slice().sort((a, b) => a.id - b.id);

describe('pool option sendFilesOnce', () => {
  it('sends a text with the first run on a process only, and the records are those of full requests', async () => {
    const once = spawner();
    const records = sorted((await runPool(RUNS, { spawn: once.spawn, files, workers: 1, sendFilesOnce: true }).done).records);
    const plain = spawner();
    const full = sorted((await runPool(RUNS, { spawn: plain.spawn, files, workers: 1 }).done).records);
    expect(records.map(measured)).toEqual(full.map(measured));
    expect(records.filter((r) => r.status === 'error')).toEqual([]);

    expect(once.received).toHaveLength(1);
    const bodies = once.received[0];
    expect(bodies).toHaveLength(RUNS.length);
    expect(carried(bodies.slice(0, 1))).toEqual([namesOf(bodies[0].run)]);
    expect(bodies.slice(1).filter((b) => Object.keys(b.files).length > 0)).toHaveLength(1); // the other scenario's first run
    expectEachTextOnce(bodies);
    // Without the option every request carries its texts.
    expect(carried(plain.received[0])).toEqual(plain.received[0].map((b) => namesOf(b.run)));
  });

  it('gives each process of the pool its own first send', async () => {
    const once = spawner();
    const records = (await runPool(RUNS, { spawn: once.spawn, files, workers: 2, sendFilesOnce: true }).done).records;
    expect(records.filter((r) => r.status === 'error')).toEqual([]);
    expect(once.received).toHaveLength(2);
    for (const bodies of once.received) {
      expect(carried(bodies.slice(0, 1))).toEqual([namesOf(bodies[0].run)]);
      expectEachTextOnce(bodies);
    }
  });

  it('sends the texts again to the process started after a crash', async () => {
    // The crash comes at the second instance's first run, after the first process took the texts.
    const crashAt = RUNS.findIndex((r) => r.instanceKey !== RUNS[0].instanceKey);
    const runs = RUNS.map((r, i) => (i === crashAt ? { ...r, solver: 'crash' } : r));
    const once = spawner();
    const records = sorted((await runPool(runs, { spawn: once.spawn, files, workers: 1, sendFilesOnce: true }).done).records);
    expect(records.filter((r) => r.status === 'error').map((r) => r.id)).toEqual([crashAt]);
    // Tried three times at least (RUN_ATTEMPTS; this process dies as the run arrives, so a run
    // posted behind may take down the one running, which is then tried again too).
    expect(once.received.filter((bodies) => bodies.some((b) => b.run.id === crashAt)).length).toBeGreaterThanOrEqual(3);
    for (const bodies of once.received) expectEachTextOnce(bodies);
    for (const bodies of once.received.slice(1)) expect(carried(bodies.slice(0, 1))).toEqual([namesOf(bodies[0].run)]);
  });

  it('re-posts the request queued behind a hung run to the fresh process with its texts', async () => {
    // The lane posts run 1 behind run 0 on the same process, without texts (run 0 took them).
    const runs = RUNS.map((r, i) => (i === 0 ? { ...r, solver: 'hang' } : r));
    const once = spawner();
    // A deadline no run of this tiny map comes near, however busy the machine (each takes milliseconds).
    const records = sorted((await runPool(runs, { spawn: once.spawn, files, workers: 1, sendFilesOnce: true, runDeadlineMs: 1000 }).done).records);
    expect(records[0]).toMatchObject({ status: 'error', message: expect.stringContaining('did not answer within 1000 ms') });
    expect(records.slice(1).filter((r) => r.status === 'error')).toEqual([]);
    // Run 0 hangs on three processes in turn (RUN_ATTEMPTS); run 1, posted behind it on the
    // first without texts, goes to the fresh process, which is sent them.
    const [first, fresh] = once.received;
    expect(first.map((b) => b.run.id)).toEqual([0, 1]);
    expect(carried(first)).toEqual([namesOf(runs[0]), []]);
    expect(fresh.map((b) => b.run.id)).toContain(1);
    expect(once.received.filter((bodies) => bodies.some((b) => b.run.id === 0))).toHaveLength(3);
    for (const bodies of once.received.slice(1)) {
      expect(carried(bodies.slice(0, 1))).toEqual([namesOf(bodies[0].run)]);
      expectEachTextOnce(bodies);
    }
  });
});
