/**
 * The solver client's jobs and process slots (client.ts): what a caller gets back for a solve or
 * a run, the options of the client, and the words it uses when a job ends without a reply.
 */
import type { SolveProgress } from '../contract/types.ts';
import type { RunRecord } from '../experiments/runRecord.ts';
import type { RequestBody, ResultBody, SolveResultBody } from './messages.ts';
import { PROTOCOL_VERSION } from './messages.ts';
import type { WorkerHandle } from './port.ts';
import { encodePaths } from './wire.ts';

export interface SolverClientOptions {
  /** Solver processes run side by side (default 1). */
  poolSize?: number;
  /** Time past a request's timeLimitMs before its process is declared hung (default 2 s). */
  hangGraceMs?: number;
  /** Deadline for a request without timeLimitMs (default 10 minutes). */
  defaultDeadlineMs?: number;
  /**
   * How long a new process may take to say `ready` before it is replaced by a fresh one
   * (default: no limit). Waiting is never a failure: on a busy machine a start can take many
   * seconds, and the jobs keep waiting. Only a process that exits (or speaks garbage) before it
   * is ready fails to start; after START_ATTEMPTS such starts in a row the waiting jobs fail.
   */
  startTimeoutMs?: number;
  /**
   * Post the next queued request to a busy process, so that it starts the moment the current
   * one ends instead of after a round trip through the caller's thread (default false; the
   * experiment pool turns it on for runs of a few milliseconds). Deadlines still apply to one
   * request at a time; if the process dies or hangs, the request posted behind goes back to the
   * front of the queue, unharmed.
   */
  pipeline?: boolean;
}

export interface SolveHandlers {
  onProgress?: (progress: SolveProgress) => void;
}

export interface SolveJob {
  id: string;
  /** Never rejects: failures resolve with status 'failed' and a message. */
  result: Promise<SolveResultBody>;
}

/** How a run request ended: its record, or why there is none. */
export type RunOutcome = { ok: true; record: RunRecord } | { ok: false; status: 'failed' | 'cancelled'; message: string; cause: EndingCause };

export interface RunJob {
  id: string;
  /** Never rejects. A run that throws comes back ok with an 'error' record; a crash or hang as not ok. */
  result: Promise<RunOutcome>;
}

export interface RunJobOptions {
  /** How long the process may take before it is declared hung (default: the client's defaultDeadlineMs). */
  deadlineMs?: number;
}

/** Starts in a row that may fail (exit before ready) before the waiting jobs fail with them. */
export const START_ATTEMPTS = 3;

/**
 * Why a job ended without a reply: its process crashed while running it, did not answer by its
 * deadline, could not start (START_ATTEMPTS times in a row), or anything else (a request that
 * could not be posted, a garbled reply, a cancel). The experiment pool runs a run again after
 * the first three: the machine's trouble, or the run's only if it happens every time.
 */
export type EndingCause = 'crashed' | 'hung' | 'not-started' | 'other';

/** A job that ended without a reply from its process. */
export interface Ending {
  ending: 'failed' | 'cancelled';
  message: string;
  cause?: EndingCause;
}

export interface Job {
  id: string;
  body: RequestBody;
  handlers: SolveHandlers;
  submitted: number;
  deadlineMs: number | undefined;
  /** Resolves the caller's promise with the process's reply, or with an ending. */
  resolve: (outcome: ResultBody | Ending) => void;
}

export interface Slot {
  handle: WorkerHandle;
  ready: boolean;
  job: Job | null;
  /** With `pipeline`: the request posted behind `job`, to run when it ends (possibly cancelled meanwhile). */
  next: Job | null;
  /** Start-up or deadline timer, whichever applies now. */
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Set once this slot is done with; later messages and exit reports from it are ignored. */
  retired: boolean;
  unsubscribe: () => void;
}

/** A solve that ended without a reply, as the solve result callers have always received. */
export function solveEnding(solver: string, submitted: number, ending: Ending): SolveResultBody {
  return {
    solver,
    status: ending.ending,
    paths: encodePaths([]),
    message: ending.message,
    stats: { expanded: 0, generated: 0, elapsedMs: performance.now() - submitted },
  };
}

export function describeJob(body: RequestBody): string {
  return body.kind === 'run' ? `run ${body.run.key} ('${body.run.solver}')` : `'${body.solver}'`;
}

export function versionText(raw: unknown): string {
  const v = (raw as { v?: unknown }).v;
  return `the solver process speaks protocol version ${String(v)}, this client speaks version ${PROTOCOL_VERSION}`;
}

export function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
