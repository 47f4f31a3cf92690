/**
 * The solver protocol: a tagged union of messages with ids (after vscode's base/parts/ipc).
 *
 *   caller -> solver process:  request {id}, cancel {id}
 *   solver process -> caller:  progress {id}, result {id}, error {id, name, message, stack}
 *
 * Every message carries the protocol version; a message the receiver cannot read gets an
 * `error` reply (with the id when it has one), never silence.
 */
import type { WireInstance, WirePaths } from './wire.ts';
import type { SolveProgress, SolveStats, SolveStatus } from '../solvers/types.ts';

export const PROTOCOL_VERSION = 1;

export interface SolveRequestBody {
  solver: string;
  instance: WireInstance;
  seed?: number;
  timeLimitMs?: number;
  params?: Record<string, unknown>;
}

export interface SolveResultBody {
  solver: string;
  status: SolveStatus;
  paths: WirePaths;
  message?: string;
  stats: SolveStats;
}

export type RequestMessage = { v: number; type: 'request'; id: string; body: SolveRequestBody };
export type CancelMessage = { v: number; type: 'cancel'; id: string };
export type ProgressMessage = { v: number; type: 'progress'; id: string; progress: SolveProgress };
export type ResultMessage = { v: number; type: 'result'; id: string; body: SolveResultBody };
export type ErrorMessage = { v: number; type: 'error'; id: string | null; name: string; message: string; stack?: string };
/** Sent once by a solver process when it is ready to take requests. */
export type ReadyMessage = { v: number; type: 'ready' };

export type ToSolverMessage = RequestMessage | CancelMessage;
export type FromSolverMessage = ProgressMessage | ResultMessage | ErrorMessage | ReadyMessage;
export type ProtocolMessage = ToSolverMessage | FromSolverMessage;
