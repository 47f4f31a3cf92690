/**
 * Validation of the lab's requests from the renderer (pure, unit tested): the runs with core's
 * RunSpec schema (the same one a solver process checks a run request with), the worker count,
 * the control actions, and the map and scenario paths an experiment names.
 */
import { z } from 'zod';
import { runSpecSchema } from '../../core/experiments/runSchemas.ts';
import { MAX_RUNS, formatCount } from '../../core/util/limits.ts';
import { LAB_MAX_WORKERS, type LabControl, type LabSweepRequest } from '../../core/platform/desktopApi.ts';
import { type BesideWording, resolveBeside } from './fileArgs.ts';
import type { Checked } from './validate.ts';

/** The lab's run limit: the same figure the renderer plans by and the command line refuses by. */
const RUNS_LIMIT_MESSAGE = `at most ${formatCount(MAX_RUNS)} runs per sweep (the lab's run limit)`;

const requestSchema = z.object({
  runs: z.array(runSpecSchema).max(MAX_RUNS, RUNS_LIMIT_MESSAGE),
  workers: z.number().int().min(1).max(LAB_MAX_WORKERS),
});

export function checkLabRequest(request: unknown): Checked<LabSweepRequest> {
  // Counted before validating each run: a sweep past the limit is refused at once.
  const runs = (request as { runs?: unknown } | null)?.runs;
  if (Array.isArray(runs) && runs.length > MAX_RUNS) {
    return { ok: false, message: `invalid lab sweep: runs: ${formatCount(runs.length)} runs; ${RUNS_LIMIT_MESSAGE}` };
  }
  const parsed = requestSchema.safeParse(request);
  if (parsed.success) return { ok: true, value: parsed.data as LabSweepRequest };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `invalid lab sweep: ${issue.path.join('.') || '(request)'}: ${issue.message}` };
}

const CONTROLS: readonly LabControl[] = ['pause', 'resume', 'cancel'];

export function checkLabControl(action: unknown): Checked<LabControl> {
  const found = CONTROLS.find((c) => c === action);
  return found ? { ok: true, value: found } : { ok: false, message: `invalid lab control: expected ${CONTROLS.join(', ')}` };
}

export const EXPERIMENT_FILE: BesideWording = {
  invalid: 'a map or scenario path must be a non-empty relative path',
  absolute: (name) => `${name}: give the path relative to the experiment file`,
  extension: (name) => `${name}: only .map and .scen files are read for an experiment`,
  unsaved: (name) => `${name}: open or save the experiment as a file first; its maps are found relative to it`,
  missing: (name) => `${name}: no such file beside the experiment`,
};

/**
 * A map or scenario file an experiment names, resolved against the experiment file's folder
 * (as the command line does): only .map and .scen files.
 */
export function resolveExperimentFile(experimentPath: string | null, name: unknown): Checked<string> {
  return resolveBeside(experimentPath, name, ['.map', '.scen'], EXPERIMENT_FILE);
}
