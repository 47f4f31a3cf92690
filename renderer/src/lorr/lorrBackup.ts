/**
 * A League of Robot Runners problem in the autosave: the scenario alone brings back the robots but
 * not the problem, and Solve would then run the MAPF solvers on robots whose goal is their start.
 * So a backup taken while a problem is open carries the problem (its JSON, the texts of its map,
 * agents and tasks files) and the run's settings (planner, scheduler, steps, per-step limit);
 * recovery reads the problem again and opens it as it was, or, where it no longer reads (a planner since
 * removed, a damaged backup), says the robots are recovered without it. The files, which no edit
 * changes, are written once per editing session into the autosave's base, not with every edit
 * (autosave/autosaveEntry.ts).
 */
import { readLorrProblem } from '../../../core/formats/lorrProblem.ts';
import { DEFAULT_LIFELONG_SCHEDULER, LIFELONG_PLANNERS, LIFELONG_SCHEDULERS } from '../../../core/registry/registry.ts';
import { DEFAULT_LORR_STEPS, type LorrState } from './lorrState.ts';

export interface LorrBackup {
  name: string;
  text: string;
  files: Record<string, string>;
  planner: string;
  /** Absent in backups written before the scheduler was a choice. */
  scheduler?: string;
  steps: number;
  stepLimitMs: number;
}

/** What a backup keeps of the LoRR state: nothing when no problem is open. */
export function lorrBackupOf(state: LorrState): LorrBackup | undefined {
  const { problem, planner, scheduler, steps, stepLimitMs } = state;
  if (!problem) return undefined;
  return { name: problem.name, text: problem.text, files: problem.files, planner, scheduler, steps, stepLimitMs };
}

export type LorrRestore = { ok: true; state: Pick<LorrState, 'problem' | 'planner' | 'scheduler' | 'steps' | 'stepLimitMs'> } | { ok: false; reason: string };

/** The LoRR state a backup brings back, read as File > Open reads it; a backup that does not read says why. */
export function restoreLorrBackup(backup: unknown): LorrRestore {
  if (typeof backup !== 'object' || backup === null) return { ok: false, reason: 'the backup holds no LoRR problem' };
  const b = backup as Partial<LorrBackup>;
  if (typeof b.name !== 'string' || typeof b.text !== 'string' || typeof b.files !== 'object' || b.files === null) return { ok: false, reason: 'the backup of the LoRR problem is incomplete' };
  const files = b.files;
  try {
    const problem = readLorrProblem(b.text, b.name, (path) => {
      const content = files[path];
      if (typeof content !== 'string') throw new Error('not in the backup');
      return content;
    });
    const planner = typeof b.planner === 'string' && LIFELONG_PLANNERS.some((p) => p.name === b.planner) ? b.planner : 'flow-pibt';
    const scheduler = typeof b.scheduler === 'string' && LIFELONG_SCHEDULERS.some((s) => s.name === b.scheduler) ? b.scheduler : DEFAULT_LIFELONG_SCHEDULER;
    const steps = typeof b.steps === 'number' && b.steps >= 1 ? Math.round(b.steps) : undefined;
    const stepLimitMs = typeof b.stepLimitMs === 'number' && b.stepLimitMs > 0 ? b.stepLimitMs : undefined;
    return {
      ok: true,
      state: { problem: { name: b.name, text: b.text, files, teamSize: problem.teamSize }, planner, scheduler, steps: steps ?? DEFAULT_LORR_STEPS, stepLimitMs: stepLimitMs ?? 1000 },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
