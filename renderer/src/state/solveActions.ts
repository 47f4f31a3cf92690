/**
 * Solve and cancel: send the scenario to the solver process, follow its progress, and keep the
 * result (checked by the plan validator) for the canvas and the results table.
 */
import { encodeInstance, decodePaths } from '../../../core/protocol/wire.ts';
import { validatePlan, type Violation } from '../../../core/mapf/validator.ts';
import type { Grid } from '../../../core/grid/grid.ts';
import { solverService } from '../platform/index.ts';
import { labStore } from './labState.ts';

export async function solveCurrent(): Promise<void> {
  const { instance, solver, phase } = labStore.get();
  if (phase === 'running') return;
  const job = solverService.solve({ solver, instance: encodeInstance(instance), timeLimitMs: 30_000 }, (progress) =>
    labStore.set({ progress: progress.message }),
  );
  labStore.set({ phase: 'running', jobId: job.id, progress: 'Starting solver…', outcome: null });
  const result = await job.result;
  if (labStore.get().jobId !== job.id) return; // a newer solve replaced this one
  let paths: number[][] = [];
  let conflicts: string[] = [];
  let message = result.message;
  try {
    paths = decodePaths(result.paths);
    if (paths.length > 0) {
      conflicts = validatePlan(instance, paths, { requireGoals: result.status === 'solved' }).violations.map((v) => describeConflict(v, instance.grid));
    }
  } catch (error) {
    message = `could not read the solver's answer: ${error instanceof Error ? error.message : String(error)}`;
  }
  labStore.set({
    phase: 'done',
    jobId: null,
    progress: '',
    outcome: { solver: result.solver, status: result.status, paths, message, stats: result.stats, conflicts },
  });
}

export function cancelSolve(): void {
  const { jobId } = labStore.get();
  if (jobId !== null) solverService.cancel(jobId);
}

/** A violation in the UI's words: units are numbered from 1 on screen. */
function describeConflict(violation: Violation, grid: Grid): string {
  const units = violation.agents.map((a) => a + 1);
  const who = units.length === 1 ? `unit ${units[0]}` : `units ${units.slice(0, -1).join(', ')} and ${units[units.length - 1]}`;
  const where = violation.cell >= 0 && violation.cell < grid.cells ? ` at (${grid.x(violation.cell)}, ${grid.y(violation.cell)})` : '';
  return `${violation.rule} conflict: ${who}${where}, t=${violation.t}`;
}
