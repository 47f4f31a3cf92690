/**
 * RHCR's params (rhcrController.ts): the window w, the turns executed h, the inner solver, and
 * LaCAM's work limit for a window; declared once as ParamSpecs (the panel, `solve --help` and the
 * checks share them).
 */
import { readParams } from '../../contract/readParams.ts';
import type { ParamSpec } from '../../contract/types.ts';

export const RHCR_INNER = ['pibt', 'lacam'] as const;
export type RhcrInner = (typeof RHCR_INNER)[number];

export interface RhcrSettings {
  window: number;
  execute: number;
  solver: RhcrInner;
  lacamWork: number;
  stallTurns: number;
}

export const RHCR_PARAMS: readonly ParamSpec[] = [
  { name: 'window', label: 'Window w', help: 'Turns planned for every unit at each replan (conflicts are resolved only within them).', kind: 'number', default: 10, min: 1, max: 1000, integer: true },
  { name: 'execute', label: 'Execute h', help: 'Turns of each windowed plan executed before the next replan (at most w; default 5, or w when smaller).', kind: 'number', default: null, min: 1, max: 1000, integer: true },
  { name: 'solver', label: 'Inner solver', help: 'The one-shot solver that plans each window: LaCAM (falls back to PIBT when it finds no plan within its work limit) or PIBT.', kind: 'choice', default: 'lacam', choices: RHCR_INNER },
  { name: 'stallTurns', label: 'Turns without progress', help: 'Turns in which no unit comes nearer its goal before the window doubles and is executed whole (the deadlock rule of Li et al. 2021; default twice the window, at least 20).', kind: 'number', default: null, min: 1, max: 100000, integer: true },
  { name: 'lacamWork', label: 'LaCAM work per window', help: 'LaCAM\'s work limit for one window (a count, not a time, so a window plans the same on a busy machine).', kind: 'number', default: 100_000, min: 1, integer: true },
];

export function readRhcrSettings(params: Record<string, unknown> | undefined): RhcrSettings {
  const values = readParams('rhcr', RHCR_PARAMS, params ?? {});
  const window = values.window as number;
  const execute = (values.execute as number | undefined) ?? Math.min(5, window);
  if (execute > window) throw new RangeError(`rhcr: param 'execute' must be a whole number from 1 to the window (${window}), got ${execute}`);
  const stallTurns = (values.stallTurns as number | undefined) ?? Math.max(20, 2 * window);
  return { window, execute, solver: values.solver as RhcrInner, lacamWork: values.lacamWork as number, stallTurns };
}
