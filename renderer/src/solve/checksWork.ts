/**
 * What the checks worker (checksWorker.ts) does with a solver's answer, pure so tests run it in
 * Node: decode the paths, run the plan checks (planChecks.ts) while the plan is still the
 * scenario's, and make the replay player's analysis (analysis.ts). On PIBT's 10,000 units that
 * is millions of cells and a million turn events walked here instead of on the UI thread, which
 * then decodes the paths in slices (outcomeSteps.ts). The arrays come and go back moved, not copied.
 */
import type { Violation } from '../../../core/mapf/validator.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { decodePaths } from '../../../core/protocol/wire.ts';
import type { ReplayAnalysis } from '../replay/analysis.ts';
import { type CheckedResult, type PlainInstance, instanceOf, planViolations } from './planChecks.ts';
import { outcomeAnalysis } from './solveOutcome.ts';
import { streamInstance } from './streamUnits.ts';

export interface ChecksRequest {
  id: number;
  instance: PlainInstance;
  result: CheckedResult & Pick<SolveResultBody, 'paths' | 'obstaclePaths'>;
  obstacleSizes: readonly number[];
  /** Run the plan checks: only while the model is still the one solved. The analysis is made either way. */
  validate: boolean;
}

/** The request's answer arrays, handed back (`returned`) to the UI thread that moved them here. */
export type ChecksReturned = ChecksRequest['result'];

/** `returned` is absent only when the worker itself failed (the arrays it held are lost with it). */
export type ChecksAnswer = { id: number; violations: Violation[]; analysis: ReplayAnalysis; returned?: ChecksReturned } | { id: number; error: string; returned?: ChecksReturned };

/**
 * The buffers that go to the worker and back: the answer's paths, the replay's positions and its
 * events' columns. Moved, not copied: for 10,000 units over 2,049 turns, copying them into the
 * request was a 281 ms task of the UI thread (and as much again in the worker).
 */
export function checksTransfer(result: ChecksReturned): ArrayBuffer[] {
  const { paths, obstaclePaths, replay } = result;
  const views: ({ buffer: ArrayBufferLike } | undefined)[] = [paths.offsets, paths.cells, obstaclePaths?.offsets, obstaclePaths?.cells, replay?.positions];
  if (replay) {
    const e = replay.events;
    views.push(e.kind, e.t, e.agent, e.cell, e.othersStart, e.others, e.detail);
  }
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) if (view && view.buffer instanceof ArrayBuffer) buffers.add(view.buffer);
  return [...buffers];
}

export function answerChecks(request: ChecksRequest): ChecksAnswer {
  const { id, instance: plain, result, obstacleSizes, validate } = request;
  try {
    const paths = decodePaths(result.paths);
    const scenarioInstance = instanceOf(plain);
    const instance = result.streams ? streamInstance(scenarioInstance, paths, result.streams.unitSizes) : scenarioInstance;
    const obstaclePaths = result.obstaclePaths ? decodePaths(result.obstaclePaths) : undefined;
    const violations = validate ? planViolations(instance, paths, result, obstaclePaths, obstacleSizes) : [];
    return { id, violations, analysis: outcomeAnalysis(instance, paths, violations, result.replay), returned: result };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error), returned: result };
  }
}
