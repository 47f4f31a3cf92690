/**
 * The solver process's side of 'run' requests: executes one experiment run and returns its
 * record. One InstanceBuilder lives as long as the process, so a map or scenario is parsed once
 * per process however many runs use it. The file texts come with the requests, because a worker
 * (Web Worker, utility process, worker thread) is not assumed to see the caller's files; every
 * text a request carried is kept, so a later request may leave out one already sent (the pool's
 * sendFilesOnce). Kept, not only parsed: a run that failed before parsing a file, or whose
 * scenario did not fit its map, leaves nothing parsed, and the next run needs the text again.
 */
import { InstanceBuilder } from '../experiments/instances.ts';
import { type RunContext, executeRun } from '../experiments/runner.ts';
import type { Clock } from '../util/clock.ts';
import type { SolverEntry } from '../contract/types.ts';
import type { RunRequestBody, RunResultBody } from './messages.ts';

export interface RunHandlerOptions {
  lookup: (name: string) => SolverEntry | undefined;
  /** The solving thread's CPU-time clock, for runs on the 'cpu' clock (the host's to read). */
  cpuClock?: Clock;
}

export function createRunHandler(options: RunHandlerOptions): (body: RunRequestBody) => RunResultBody {
  // A Map, not an object: a file may be named '__proto__'.
  const files = new Map<string, string>();
  const builder = new InstanceBuilder({
    readText(path) {
      const text = files.get(path);
      if (text === undefined) throw new RangeError(`the run request did not carry the file '${path}'`);
      return text;
    },
  });
  // A run on the 'cpu' clock (run.timeLimitClock) is limited and measured on cpuClock.
  const context: RunContext = { builder, lookup: options.lookup, cpuClock: options.cpuClock };
  return (body) => {
    for (const [name, text] of Object.entries(body.files)) files.set(name, text);
    return { kind: 'run', record: executeRun(body.run, context) };
  };
}
