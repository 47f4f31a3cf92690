/**
 * The clock a run's time limit is counted on and its times are measured on. 'wall' is elapsed
 * time (performance.now); 'cpu' is the CPU time of the thread that solves, so that a busy
 * machine slows a run down without using up its limit. Core reads no clock but performance.now:
 * a host that can read its thread's CPU time (Node on Linux: /proc/thread-self/schedstat) makes a
 * `cpu` clock and passes it in SolveOptions.clock; a test passes a fake one it advances itself.
 */

export const CLOCK_KINDS = ['wall', 'cpu'] as const;
export type ClockKind = (typeof CLOCK_KINDS)[number];

/** Milliseconds on some monotone clock; `kind` says which, for messages ('wall' when absent). */
export interface Clock {
  (): number;
  readonly kind?: ClockKind;
}

export const WALL_CLOCK: Clock = Object.assign(() => performance.now(), { kind: 'wall' as const });

/** Tags a milliseconds reader as the CPU-time clock (messages then say so). */
export function cpuClock(read: () => number): Clock {
  return Object.assign(() => read(), { kind: 'cpu' as const });
}

/** The words for a limit in messages: "time limit of 1000 ms" or "CPU time limit of 1000 ms". */
export function limitWords(limitMs: number | undefined, clock: Clock | undefined): string {
  return `${clock?.kind === 'cpu' ? 'CPU time limit' : 'time limit'} of ${limitMs} ms`;
}

/**
 * A time limit started now on a clock. `passed()` reads the clock only when there is a limit, so
 * a run without one pays nothing; a solver asks it between agents, groups and node expansions
 * (every phase), never more often than its work makes sensible, since a CPU clock costs a system
 * call (the host's clock throttles itself too: cpuThreadClock in cli/solverWorker).
 */
export class Deadline {
  readonly started: number;
  /** The clock reading after which the limit has passed (Infinity without a limit). */
  readonly at: number;

  constructor(
    readonly clock: Clock,
    readonly limitMs: number | undefined,
  ) {
    this.started = clock();
    this.at = limitMs === undefined ? Infinity : this.started + limitMs;
  }

  passed(): boolean {
    return this.at !== Infinity && this.clock() > this.at;
  }

  /** Whether `share` (0..1) of the limit has passed; false without a limit (LaCAM*'s scatter gets half). */
  sharePassed(share: number): boolean {
    return this.at !== Infinity && this.clock() > this.started + share * (this.at - this.started);
  }

  elapsedMs(): number {
    return this.clock() - this.started;
  }

  /** "time limit of 1000 ms" (or "CPU time limit of …"), for the solver's message. */
  words(): string {
    return limitWords(this.limitMs, this.clock);
  }
}

/** The deadline of a solve: its timeLimitMs on its clock (default the wall clock). */
export function deadlineOf(options: { timeLimitMs?: number; clock?: Clock }): Deadline {
  return new Deadline(options.clock ?? WALL_CLOCK, options.timeLimitMs);
}
