/**
 * The editor's solve result made into an outcome without a long task on the UI thread: the
 * checks (validator, replay and obstacle rules) and the replay analysis run in a worker
 * (checksWorker.ts, checksWork.ts), to which the answer's arrays are moved and from which they
 * come back; the UI thread then decodes the paths in slices of a few tens of milliseconds. On
 * PIBT's 10,000 units (2,049 turns: 20 million cells, a million turn events) the UI thread's share
 * was one task of 1.8 s decoding and 0.6 s analysing; now no slice is long.
 * Where no worker can start (tests in Node), the checks and the analysis run here, one step among
 * the others.
 */
import type { Violation } from '../../../core/mapf/validator.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { type WirePaths, decodePaths, pathCount } from '../../../core/protocol/wire.ts';
import type { ReplayAnalysis } from '../replay/analysis.ts';
import { planViolations, plainInstance } from './planChecks.ts';
import { assembleOutcome, decodeResult } from './solveOutcome.ts';
import { type ChecksAnswer, type ChecksRequest, checksTransfer } from './checksWork.ts';
import type { SolveOutcome } from './solveState.ts';

/** The UI thread's slice of decoding: long enough to be efficient, well under a long task (50 ms). */
const DECODE_SLICE_MS = 25;
/** Paths decoded between looks at the clock. */
const DECODE_BATCH = 128;

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, (answer: { id: number; error?: string }) => void>();

function checksWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./checksWorker.ts', import.meta.url), { type: 'module', name: 'mapf-lab-checks' });
  } catch {
    worker = null;
  }
  worker?.addEventListener('message', (event: MessageEvent<{ id: number }>) => {
    const resolve = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    resolve?.(event.data);
  });
  worker?.addEventListener('error', () => {
    // A worker that cannot load (a CSP, a broken build): every waiting check is answered here instead.
    for (const [id, resolve] of waiting) resolve({ id, error: 'the checks worker failed' });
    waiting.clear();
    worker = null;
  });
  return worker;
}

/** Ends the UI thread's task: the page paints and handles input before the next step. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Sends `request` (given its id here) to the checks worker; its answer, or null where no worker
 * can start. A worker that fails answers `{ id, error }`.
 */
export function askChecksWorker<A extends { id: number }>(request: { id?: number; [key: string]: unknown }, transfer: ArrayBuffer[] = []): Promise<A | { id: number; error: string }> | null {
  const checks = checksWorker();
  if (!checks) return null;
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve as (answer: { id: number; error?: string }) => void);
    checks.postMessage({ ...request, id }, transfer);
  });
}

/**
 * Posts the answer's arrays to the checks worker, moved (checksWork.ts): until it answers, `result`
 * holds empty arrays, and its answer hands them back (`withReturned`).
 */
function checkInWorker(instance: MapfInstance, result: SolveResultBody, obstacleSizes: readonly number[], validate: boolean): Promise<ChecksAnswer> | null {
  const checks = checksWorker();
  if (!checks) return null;
  const id = nextId++;
  const { status, replay, crowd, streams, paths, obstaclePaths } = result;
  // The plan windows are only drawn, never checked: they stay here.
  const checkedReplay = replay ? { ...replay, windows: undefined } : undefined;
  const request: ChecksRequest = { id, instance: plainInstance(instance), result: { status, replay: checkedReplay, crowd, streams, paths, obstaclePaths }, obstacleSizes, validate };
  return new Promise((resolve) => {
    waiting.set(id, resolve as (answer: { id: number; error?: string }) => void);
    checks.postMessage(request, checksTransfer(request.result));
  });
}

/** The answer with the arrays the checks worker handed back; an Error when it failed holding them. */
function withReturned(result: SolveResultBody, answer: ChecksAnswer | null): SolveResultBody | Error {
  if (answer === null) return result;
  const back = answer.returned;
  if (!back) return new Error(`${'error' in answer ? answer.error : 'the checks worker failed'} while it held the plan; solve again`);
  const replay = result.replay && back.replay ? { ...back.replay, windows: result.replay.windows } : result.replay;
  return { ...result, paths: back.paths, obstaclePaths: back.obstaclePaths, replay };
}

/** The paths as arrays, a slice of DECODE_SLICE_MS at a time; the error decoding threw, if it did. */
export async function decodePathsInSlices(wire: WirePaths): Promise<number[][] | Error> {
  try {
    const count = pathCount(wire);
    const paths: number[][] = [];
    let from = 0;
    do {
      const started = performance.now();
      while (from < count && performance.now() - started < DECODE_SLICE_MS) {
        const to = Math.min(count, from + DECODE_BATCH);
        for (const path of decodePaths(wire, from, to)) paths.push(path);
        from = to;
      }
      if (from < count) await nextTask();
    } while (from < count);
    if (count === 0) decodePaths(wire); // still says what is wrong with an empty answer's format
    return paths;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * solveOutcome (solveOutcome.ts) in steps: the checks (when `validate`) and the analysis in the
 * checks worker, then the paths decoded here in slices.
 */
export async function solveOutcomeInSteps(scenarioInstance: MapfInstance, sent: SolveResultBody, revision: number, validate: boolean, obstacleSizes: readonly number[]): Promise<SolveOutcome> {
  const checking = checkInWorker(scenarioInstance, sent, obstacleSizes, validate);
  await nextTask();
  const answer = checking ? await checking : null;
  const returned = withReturned(sent, answer);
  const result = returned instanceof Error ? sent : returned;
  const decoded = decodeResult(scenarioInstance, result, returned instanceof Error ? returned : await decodePathsInSlices(result.paths));
  await nextTask();
  let violations: Violation[] = [];
  let analysis: ReplayAnalysis | undefined;
  if (answer && 'analysis' in answer && decoded.readable) {
    violations = answer.violations;
    analysis = answer.analysis;
  } else if (validate && decoded.readable) {
    // Without a worker, or when it could not check (it says why), the checks run here.
    violations = planViolations(decoded.instance, decoded.paths, result, decoded.obstaclePaths, obstacleSizes);
    await nextTask();
  }
  return assembleOutcome(scenarioInstance, decoded, result, violations, revision, analysis);
}
