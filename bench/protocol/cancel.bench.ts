/**
 * Solver protocol over real worker threads: how fast cancel is, what a fresh process costs, and
 * the round trip of a small solve. Prints figures; run with `npm run bench:protocol`.
 *
 * Cancel is enforced by terminating the worker and starting a fresh one, because a solver in a
 * tight synchronous loop never reads its messages. For comparison the bench also measures the
 * cooperative alternative: a solver that polls a flag in shared memory, which the caller sets.
 *
 * Workers start from the cached esbuild bundle of the worker (cli/solverWorker/workerBundle.ts);
 * the first spawn-to-ready sample also includes finding (or building) that bundle.
 */
import { chokepointExample } from '../../core/examples/chokepoint.ts';
import { SolverClient } from '../../core/protocol/client.ts';
import type { SolveRequestBody } from '../../core/protocol/messages.ts';
import { encodeInstance } from '../../core/protocol/wire.ts';
import { spawnNodeSolverWorker } from '../../cli/solverWorker/spawnNodeSolverWorker.ts';

const TRIES = Number(process.env.TRIES ?? 20);
const SPIN_BEFORE_CANCEL_MS = 20;

const instance = encodeInstance(chokepointExample());
const body = (solver: string, extra: Partial<SolveRequestBody> = {}): SolveRequestBody => ({ solver, instance, ...extra });
const spawn = () => spawnNodeSolverWorker({ testSolvers: true });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function summary(label: string, samples: number[]): void {
  const sorted = samples.slice().sort((a, b) => a - b);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const f = (x: number) => x.toFixed(2).padStart(8);
  console.log(`${label.padEnd(52)} min ${f(sorted[0])} ms  median ${f(median)} ms  max ${f(sorted[sorted.length - 1])} ms  (n=${samples.length})`);
}

async function untilBusy(client: SolverClient): Promise<void> {
  while (client.busy === 0) await sleep(1);
}

async function solveOk(client: SolverClient): Promise<void> {
  const result = await client.solve(body('independent')).result;
  if (result.status !== 'solved') throw new Error(`example solve ended ${result.status}: ${result.message}`);
}

/** Spawn -> first `ready` message, straight on the adapter. */
async function spawnToReady(): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < Math.min(TRIES, 10); i++) {
    const started = performance.now();
    const handle = spawn();
    await new Promise<void>((resolve) => {
      const off = handle.port.onMessage(() => {
        off();
        resolve();
      });
    });
    samples.push(performance.now() - started);
    handle.terminate();
  }
  return samples;
}

async function roundTrips(): Promise<number[]> {
  const client = new SolverClient(spawn);
  await solveOk(client); // warm: the process is up and the code paths compiled
  const samples: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    const started = performance.now();
    await solveOk(client);
    samples.push(performance.now() - started);
  }
  client.dispose();
  return samples;
}

/** cancel() -> result resolved, and cancel() -> the next example solved on the fresh process. */
async function terminateCancel(): Promise<{ cancel: number[]; next: number[] }> {
  const client = new SolverClient(spawn);
  await solveOk(client);
  const cancel: number[] = [];
  const next: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    const job = client.solve(body('test-spin'));
    await untilBusy(client);
    await sleep(SPIN_BEFORE_CANCEL_MS);
    const started = performance.now();
    client.cancel(job.id);
    const result = await job.result;
    cancel.push(performance.now() - started);
    if (result.status !== 'cancelled') throw new Error(`expected cancelled, got ${result.status}`);
    await solveOk(client);
    next.push(performance.now() - started);
  }
  client.dispose();
  return { cancel, next };
}

/** Flag set -> the solver's own 'cancelled' result arrives, and -> the next example solved. */
async function cooperativeCancel(): Promise<{ cancel: number[]; next: number[] }> {
  const client = new SolverClient(spawn);
  await solveOk(client);
  const cancel: number[] = [];
  const next: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    const stopFlag = new Int32Array(new SharedArrayBuffer(4));
    const job = client.solve(body('test-spin-flag', { params: { stopFlag } }));
    await untilBusy(client);
    await sleep(SPIN_BEFORE_CANCEL_MS);
    const started = performance.now();
    Atomics.store(stopFlag, 0, 1);
    const result = await job.result;
    cancel.push(performance.now() - started);
    if (result.status !== 'cancelled') throw new Error(`expected cancelled, got ${result.status}: ${result.message}`);
    await solveOk(client);
    next.push(performance.now() - started);
  }
  client.dispose();
  return { cancel, next };
}

console.log(`solver protocol over worker_threads (node ${process.version}, ${TRIES} tries)`);
summary('spawn -> ready (fresh worker, esbuild bundle)', await spawnToReady());
summary('round trip: solve chokepoint example (warm worker)', await roundTrips());
const terminated = await terminateCancel();
summary('terminate: cancel() -> result resolved', terminated.cancel);
summary('terminate: cancel() -> next example solved (respawn)', terminated.next);
const cooperative = await cooperativeCancel();
summary('cooperative flag: set -> cancelled result', cooperative.cancel);
summary('cooperative flag: set -> next example solved', cooperative.next);
