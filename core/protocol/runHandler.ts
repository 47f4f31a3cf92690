/**
 * The solver process's side of 'run' requests: executes one experiment run and returns its
 * record. One InstanceBuilder lives as long as the process, so a map or scenario is parsed once
 * per process however many runs use it; the file texts come with each request, because a worker
 * (Web Worker, utility process, worker thread) is not assumed to see the caller's files. (The
 * desktop lab sends each text to a process once and then only its key: core/experiments/
 * keyedRunReceiver.ts fills the texts back in before a request reaches this handler.)
 */
import { InstanceBuilder } from '../experiments/instances.ts';
import { type RunContext, executeRun, failureRecord } from '../experiments/runner.ts';
import type { SolverEntry } from '../solvers/types.ts';
import type { RunRequestBody, RunResultBody } from './messages.ts';

export interface RunHandlerOptions {
  lookup: (name: string) => SolverEntry | undefined;
  cpuClock?: () => number;
}

export function createRunHandler(options: RunHandlerOptions): (body: RunRequestBody) => RunResultBody {
  let files: Record<string, string> = {};
  const builder = new InstanceBuilder({
    readText(path) {
      if (!Object.hasOwn(files, path)) throw new RangeError(`the run request did not carry the file '${path}'`);
      return files[path];
    },
  });
  const wall: RunContext = { builder, lookup: options.lookup };
  const cpu: RunContext | undefined = options.cpuClock ? { builder, lookup: options.lookup, clock: options.cpuClock } : undefined;
  return (body) => {
    files = body.files;
    if (body.clock === 'cpu' && !cpu) return { kind: 'run', record: failureRecord(body.run, 'this solver process cannot read its CPU time; use the wall clock', 0) };
    return { kind: 'run', record: executeRun(body.run, body.clock === 'cpu' ? cpu! : wall) };
  };
}
