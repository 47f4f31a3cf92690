/**
 * The editor's solve result made into an outcome without a long task on the UI thread: the
 * checks (validator, replay and obstacle rules) run in a worker (checksWorker.ts) while the UI
 * thread decodes the paths, and the analysis runs in a task of its own after. On 1,000 units the
 * one task of 200 ms (load 10) when PIBT's answer arrived becomes several short ones. Where no
 * worker can start (tests in Node), the checks run here, one step among the others.
 */
import type { Violation } from '../../../core/mapf/validator.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { planViolations, plainInstance, type CheckedResult, type PlainInstance } from './planChecks.ts';
import { assembleOutcome, decodeResult } from './solveOutcome.ts';
import type { SolveOutcome } from './solveState.ts';

export interface ChecksRequest {
  id: number;
  instance: PlainInstance;
  result: CheckedResult & Pick<SolveResultBody, 'paths' | 'obstaclePaths'>;
  obstacleSizes: readonly number[];
}

export type ChecksAnswer = { id: number; violations: Violation[] } | { id: number; error: string };

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, (answer: ChecksAnswer) => void>();

function checksWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./checksWorker.ts', import.meta.url), { type: 'module', name: 'mapf-lab-checks' });
  } catch {
    worker = null;
  }
  worker?.addEventListener('message', (event: MessageEvent<ChecksAnswer>) => {
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

function checkInWorker(instance: MapfInstance, result: SolveResultBody, obstacleSizes: readonly number[]): Promise<ChecksAnswer> | null {
  const checks = checksWorker();
  if (!checks) return null;
  const id = nextId++;
  const { status, replay, crowd, streams, paths, obstaclePaths } = result;
  // The checks read the replay's positions and map changes; its turn events (a wait each, a
  // million for 10,000 units) and plan windows stay here: copying them cost 329 ms of this task.
  const checkedReplay = replay ? { ...replay, events: [], windows: undefined } : undefined;
  const request: ChecksRequest = { id, instance: plainInstance(instance), result: { status, replay: checkedReplay, crowd, streams, paths, obstaclePaths }, obstacleSizes };
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    checks.postMessage(request);
  });
}

/** solveOutcome (solveOutcome.ts) in steps, its checks off the UI thread when `validate`. */
export async function solveOutcomeInSteps(scenarioInstance: MapfInstance, result: SolveResultBody, revision: number, validate: boolean, obstacleSizes: readonly number[]): Promise<SolveOutcome> {
  const checking = validate ? checkInWorker(scenarioInstance, result, obstacleSizes) : null;
  await nextTask();
  const decoded = decodeResult(scenarioInstance, result);
  let violations: Violation[] = [];
  if (validate && decoded.readable) {
    const answer = checking ? await checking : null;
    await nextTask();
    // Without a worker, or when it could not check (it says why), the checks run here.
    violations = answer && 'violations' in answer ? answer.violations : planViolations(decoded.instance, decoded.paths, result, decoded.obstaclePaths, obstacleSizes);
    await nextTask();
  }
  return assembleOutcome(scenarioInstance, decoded, result, violations, revision);
}
