/**
 * The solver-process side of the protocol. It reads requests from a port, runs the solver, and
 * answers every message: progress and a result for a request, an error for anything it cannot
 * read or any solver that throws. It never goes silent and never lets an exception escape.
 *
 * Solvers are synchronous, so a request runs to completion before the next message is read;
 * a cancel therefore only ever finds nothing running, and is ignored. The client enforces
 * cancel by terminating the process (see client.ts). Solvers with asynchronous set-up (Detour's
 * WebAssembly, SolverEntry.prepare) are prepared once as the server starts; messages that arrive
 * meanwhile wait, in order (a failed set-up is left to that solver to report when asked).
 *
 * Two kinds of request: 'solve' (one instance with its map events, answered with paths and,
 * for solvers that ran in the simulator, its replay) and 'run' (one experiment
 * run, answered with its record; see runHandler.ts).
 */
import type { SolverEntry } from '../contract/types.ts';
import { findSolver, findStreamController, prepareSolver, solveWith, solverNames } from '../registry/registry.ts';
import type { ErrorMessage, FromSolverMessage, SolveRequestBody, SolveResultBody } from './messages.ts';
import { PROTOCOL_VERSION } from './messages.ts';
import type { Port } from './port.ts';
import { parseToSolverMessage } from './schema.ts';
import { decodeInstance, decodeInstanceStreams, decodeMapEvents, decodeObstacles, encodePaths } from './wire.ts';
import { hasStreams } from '../mapf/streams.ts';
import { solveStream } from './streamSolve.ts';
import { solveLifelong } from './lifelongSolve.ts';
import { solveAmongObstacles } from './obstacleSolve.ts';
import { createRunHandler } from './runHandler.ts';
import { resultTransfer } from './transfer.ts';
import { encodeReplay } from './turnEventWire.ts';
import { type Clock, WALL_CLOCK } from '../util/clock.ts';
import { NO_CPU_CLOCK } from '../experiments/runner.ts';

/** Progress is posted at most this often, so a chatty solver cannot flood the port. */
export const PROGRESS_INTERVAL_MS = 50;

export interface ServeSolversOptions {
  /** Where solver names are looked up (default: the production registry). */
  lookup?: (name: string) => SolverEntry | undefined;
  /** The names listed when a request names an unknown solver (default: the registry's). */
  solverNames?: () => readonly string[];
  /**
   * The solving thread's CPU time in ms (core/util/clock.ts), for solves and runs on the 'cpu'
   * clock; only the host knows how to read it (Node: cli/solverWorker/threadCpuClock.ts).
   * Without it such solves fail and such runs are recorded as errors, saying so.
   */
  cpuClock?: Clock;
  /** A solver's set-up, awaited before a request for it is served (default: the registry's prepareSolver). */
  prepare?: (solver: string) => Promise<void>;
}

/** Serves solve requests on `port` until the returned function is called. Posts `ready` first. */
export function serveSolvers(port: Port, options: ServeSolversOptions = {}): () => void {
  const lookup = options.lookup ?? findSolver;
  const names = options.solverNames ?? solverNames;

  const post = (message: FromSolverMessage): void => {
    try {
      // A result's big arrays are moved, not copied (transfer.ts): the process is done with them.
      if (message.type === 'result') port.postMessage(message, resultTransfer(message.body));
      else port.postMessage(message);
    } catch (error) {
      // Most likely a value the port cannot clone; say so rather than lose the reply.
      const id = 'id' in message ? message.id : null;
      try {
        port.postMessage(errorMessage(id, error, `could not send the ${message.type} message`));
      } catch (again) {
        console.error('solver process: could not post a reply', again);
      }
    }
  };

  const runs = createRunHandler({ lookup, cpuClock: options.cpuClock });

  const solve = (id: string, body: SolveRequestBody): void => {
    const solver = lookup(body.solver);
    // The instance's streams, decoded once: a stream is run by any turn controller a stream can
    // run (the registry's STREAM_CONTROLLERS: planners and traffic rules), a solver or not.
    const streams = body.lifelong === undefined ? decodeInstanceStreams(body.instance) : undefined;
    const streamController = hasStreams(streams) ? findStreamController(body.solver) : undefined;
    if (!solver && body.lifelong === undefined && !streamController) {
      post({
        v: PROTOCOL_VERSION,
        type: 'error',
        id,
        name: 'UnknownSolverError',
        message: `unknown solver '${body.solver}' (known solvers: ${names().join(', ') || 'none'})`,
      });
      return;
    }
    const clock = body.timeLimitClock === 'cpu' ? options.cpuClock : WALL_CLOCK;
    if (clock === undefined) {
      post({ v: PROTOCOL_VERSION, type: 'result', id, body: { solver: body.solver, status: 'failed', paths: encodePaths([]), message: NO_CPU_CLOCK, stats: { expanded: 0, generated: 0, elapsedMs: 0 } } });
      return;
    }
    if (body.lifelong) {
      let lastStep = -Infinity;
      const onProgress = (progress: { fraction?: number; message: string }): void => {
        const now = performance.now();
        if (now - lastStep < PROGRESS_INTERVAL_MS) return;
        lastStep = now;
        post({ v: PROTOCOL_VERSION, type: 'progress', id, progress });
      };
      post({ v: PROTOCOL_VERSION, type: 'result', id, body: solveLifelong(body.solver, body.lifelong, { seed: body.seed, params: body.params, clock, onProgress }) });
      return;
    }
    const obstacles = decodeObstacles(body.instance);
    const mapEvents = decodeMapEvents(body.instance);
    if (hasStreams(streams)) {
      post({ v: PROTOCOL_VERSION, type: 'result', id, body: solveStream(body.solver, decodeInstance(body.instance), streams!, body.params, { seed: body.seed, timeLimitMs: body.timeLimitMs, mapEvents, obstacles }) });
      return;
    }
    if (obstacles.length > 0) {
      post({ v: PROTOCOL_VERSION, type: 'result', id, body: solveAmongObstacles(body.solver, decodeInstance(body.instance), obstacles, body.params, { seed: body.seed, timeLimitMs: body.timeLimitMs, clock, mapEvents }) });
      return;
    }
    let lastProgress = -Infinity;
    if (!solver) return;
    const result = solveWith(solver, decodeInstance(body.instance), {
      mapEvents,
      seed: body.seed,
      timeLimitMs: body.timeLimitMs,
      clock,
      params: body.params,
      onProgress: (progress) => {
        const now = performance.now();
        if (now - lastProgress < PROGRESS_INTERVAL_MS) return;
        lastProgress = now;
        post({ v: PROTOCOL_VERSION, type: 'progress', id, progress: { fraction: progress.fraction, message: progress.message } });
      },
    });
    const reply: SolveResultBody = { solver: result.solver, status: result.status, paths: encodePaths(result.paths), stats: result.stats };
    if (result.message !== undefined) reply.message = result.message;
    if (result.replay !== undefined) reply.replay = encodeReplay(result.replay);
    if (result.crowd !== undefined) reply.crowd = result.crowd;
    post({ v: PROTOCOL_VERSION, type: 'result', id, body: reply });
  };

  const handle = (raw: unknown): void => {
    const parsed = parseToSolverMessage(raw);
    if (!parsed.ok) {
      post({ v: PROTOCOL_VERSION, type: 'error', id: parsed.id, name: parsed.name, message: parsed.message });
      return;
    }
    const message = parsed.message;
    if (message.type === 'cancel') return; // nothing is ever running when a message is read
    try {
      const body = message.body;
      if (body.kind === 'run') post({ v: PROTOCOL_VERSION, type: 'result', id: message.id, body: runs(body) });
      else solve(message.id, body);
    } catch (error) {
      post(errorMessage(message.id, error));
    }
  };

  // Each request waits for its solver's once-per-process set-up (prepareSolver: WebAssembly
  // loaded, hot code warmed up), so that its clock starts on warm code; requests stay in order.
  const prepare = options.prepare ?? prepareSolver;
  let queue: Promise<void> = Promise.resolve();
  const unsubscribe = port.onMessage((raw) => {
    const name = requestedSolver(raw);
    queue = queue
      .then(() => (name === undefined ? undefined : prepare(name).catch(() => undefined)))
      .then(() => handle(raw));
  });

  post({ v: PROTOCOL_VERSION, type: 'ready' });
  return unsubscribe;
}

function errorMessage(id: string | null, error: unknown, context?: string): ErrorMessage {
  const name = error instanceof Error ? error.name : 'Error';
  const text = error instanceof Error ? error.message : String(error);
  const message: ErrorMessage = { v: PROTOCOL_VERSION, type: 'error', id, name, message: context ? `${context}: ${text}` : text };
  if (error instanceof Error && typeof error.stack === 'string') message.stack = error.stack;
  return message;
}

/** The solver a raw request names (a solve's, or an experiment run's), before it is validated. */
function requestedSolver(raw: unknown): string | undefined {
  const body = (raw as { body?: { solver?: unknown; run?: { solver?: unknown } } } | null)?.body;
  const name = body?.solver ?? body?.run?.solver;
  return typeof name === 'string' ? name : undefined;
}
