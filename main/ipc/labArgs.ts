/**
 * Validation of the lab's requests from the renderer (pure, unit tested): the runs with core's
 * RunSpec schema (the same one a solver process checks a run request with), the worker count,
 * the control actions, and the map and scenario paths an experiment names.
 */
import { z } from 'zod';
import { dirname, extname, isAbsolute, resolve } from 'node:path';
import { runSpecSchema } from '../../core/experiments/runSchemas.ts';
import { LAB_MAX_WORKERS, type LabControl, type LabSweepRequest } from '../../core/platform/desktopApi.ts';
import type { Checked } from './validate.ts';

/** More runs than any sweep the lab plans in one go (Standley's full experiment is 3,000). */
export const LAB_MAX_RUNS = 200_000;

const requestSchema = z.object({
  runs: z.array(runSpecSchema).max(LAB_MAX_RUNS),
  workers: z.number().int().min(1).max(LAB_MAX_WORKERS),
});

export function checkLabRequest(request: unknown): Checked<LabSweepRequest> {
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

/**
 * A map or scenario file an experiment names, resolved against the experiment file's folder
 * (as the command line does). Only .map and .scen files: an experiment cannot make the app
 * read anything else on the disk.
 */
export function resolveExperimentFile(experimentPath: string | null, name: unknown): Checked<string> {
  if (typeof name !== 'string' || name.length === 0 || name.length > 1024 || name.includes('\0')) {
    return { ok: false, message: 'a map or scenario path must be a non-empty relative path' };
  }
  const extension = extname(name).toLowerCase();
  if (extension !== '.map' && extension !== '.scen') return { ok: false, message: `${name}: only .map and .scen files are read for an experiment` };
  if (isAbsolute(name) || /^[A-Za-z]:/.test(name)) return { ok: false, message: `${name}: give the path relative to the experiment file` };
  if (experimentPath === null) return { ok: false, message: `${name}: open or save the experiment as a file first; its maps are found relative to it` };
  return { ok: true, value: resolve(dirname(experimentPath), name) };
}
