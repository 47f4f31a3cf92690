/** RHCR's params (rhcrController.ts): the window w, the turns executed h, the inner solver. */
import { ParamReader } from '../cooperative/params.ts';

export const RHCR_INNER = ['pibt', 'lacam'] as const;
export type RhcrInner = (typeof RHCR_INNER)[number];

export interface RhcrSettings {
  window: number;
  execute: number;
  solver: RhcrInner;
  lacamWork: number;
}

export function readRhcrSettings(params: Record<string, unknown> | undefined): RhcrSettings {
  const reader = new ParamReader('rhcr', params, ['window', 'execute', 'solver', 'lacamWork']);
  const window = reader.integer('window', 10, 1, 1000);
  const execute = reader.integer('execute', Math.min(5, window), 1, window);
  const solver = params?.solver ?? 'lacam';
  if (typeof solver !== 'string' || !(RHCR_INNER as readonly string[]).includes(solver)) {
    throw new RangeError(`rhcr: param 'solver' must be one of ${RHCR_INNER.map((s) => `'${s}'`).join(', ')}; got ${String(solver)}`);
  }
  const lacamWork = reader.integer('lacamWork', 100_000, 1);
  return { window, execute, solver: solver as RhcrInner, lacamWork };
}
