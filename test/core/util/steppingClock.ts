/**
 * A fake clock for time-limit tests: it moves only when read, each reading `stepMs` after the one
 * before, so a solver's deadline falls after a fixed number of its own looks at the clock, the
 * same on an idle machine and a busy one.
 */
import { type Clock, type ClockKind } from '../../../core/util/clock.ts';

export interface SteppingClock {
  clock: Clock;
  /** Readings so far. */
  readonly reads: number;
  /** The time of the last reading. */
  readonly now: number;
}

export function steppingClock(stepMs: number, kind: ClockKind = 'cpu'): SteppingClock {
  let reads = 0;
  const clock = Object.assign(() => ++reads * stepMs, { kind });
  return {
    clock,
    get reads() {
      return reads;
    },
    get now() {
      return reads * stepMs;
    },
  };
}
