/**
 * What the checks worker does with a lifelong run's answer (lorrOutcomeSteps.ts), pure so tests
 * run it in Node: decode the paths, replay the actions into headings, run the plan validator and
 * the replay analysis (lorrOutcome.ts lifelongChecks). The headings and the analysis's per-cell
 * counts go back moved.
 */
import { Grid } from '../../../core/grid/grid.ts';
import type { WirePaths } from '../../../core/protocol/wire.ts';
import { decodePaths } from '../../../core/protocol/wire.ts';
import type { Violation } from '../../../core/mapf/validator.ts';
import type { ReplayAnalysis } from '../replay/analysis.ts';
import { lifelongChecks, type LifelongActions } from './lorrOutcome.ts';

export interface LifelongChecksRequest {
  id: number;
  kind: 'lifelong';
  grid: { width: number; height: number; passable: Uint8Array };
  paths: WirePaths;
  run: LifelongActions | undefined;
}

export type LifelongChecksAnswer = { id: number; headings: Uint8Array; steps: number; violations: Violation[]; analysis: ReplayAnalysis } | { id: number; error: string };

export function answerLifelongChecks(request: LifelongChecksRequest): LifelongChecksAnswer {
  try {
    const grid = new Grid(request.grid.width, request.grid.height, request.grid.passable);
    const checks = lifelongChecks(grid, decodePaths(request.paths), request.run);
    return { id: request.id, ...checks };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The answer's buffers that go back moved. */
export function lifelongTransfer(answer: LifelongChecksAnswer): ArrayBuffer[] {
  if ('error' in answer) return [];
  return [answer.headings.buffer as ArrayBuffer, answer.analysis.waits.buffer as ArrayBuffer, answer.analysis.blocked.buffer as ArrayBuffer, answer.analysis.heat.buffer as ArrayBuffer];
}
