/**
 * The question a solver's loops ask between agents, groups and nodes: stop now, and why? A
 * cancel wins over the time limit (the user asked); the limit is the solve's Deadline, on the
 * run's clock (wall or the solving thread's CPU time, core/util/clock.ts).
 */
import type { Deadline } from '../util/clock.ts';
import type { SolveOptions } from './types.ts';

export type StopReason = 'timeout' | 'cancelled';

export function stopCheck(options: Pick<SolveOptions, 'shouldStop'>, deadline: Deadline): () => StopReason | null {
  const shouldStop = options.shouldStop;
  return () => (shouldStop?.() ? 'cancelled' : deadline.passed() ? 'timeout' : null);
}
