/**
 * The solver protocol: a tagged union of messages with ids (after vscode's base/parts/ipc).
 * More on this in README.md, "messages.ts".
 */
import type { WireInstance, WirePaths } from './wire.ts';
import type { WireStreamMeasures } from '../scenario/streamWire.ts';
import type { SolveProgress, SolveStats, SolveStatus } from '../contract/types.ts';
import type { RunSpec } from '../experiments/runPlan.ts';
import type { RunRecord } from '../experiments/runRecord.ts';
import type { WireReplay } from './turnEventWire.ts';
import type { ClockKind } from '../util/clock.ts';
import type { CrowdTrack } from '../contract/crowdTrack.ts';
import type { WireLifelongRequest, WireLifelongRun } from './lifelongWire.ts';

export const PROTOCOL_VERSION = 1;

export interface SolveRequestBody {
  kind?: 'solve';
  solver: string;
  instance: WireInstance;
  seed?: number;
  timeLimitMs?: number;
  /**
   * The clock timeLimitMs is counted on and times are measured on: 'wall' (default) or 'cpu',
   * the solving thread's CPU time, where the solver process can read it (else the solve fails
   * with a message saying so).
   */
  timeLimitClock?: ClockKind;
  params?: Record<string, unknown>;
  /**
   * A League of Robot Runners problem to run lifelong with the lifelong planner `solver`
   * (lifelongWire.ts); the instance is then only the map and the robots' starts, for show.
   */
  lifelong?: WireLifelongRequest;
}

export interface RunRequestBody {
  kind: 'run';
  run: RunSpec;
  /** Texts of the map and scenario files the run names, by the names it uses (no file system in a worker). */
  files: Record<string, string>;
}

export type RequestBody = SolveRequestBody | RunRequestBody;

export interface SolveResultBody {
  kind?: 'solve';
  solver: string;
  status: SolveStatus;
  paths: WirePaths;
  message?: string;
  stats: SolveStats;
  /**
   * The simulator's replay (positions as an Int32Array, turn events as columns of typed arrays
   * (turnEventWire.ts, format 'mapf-lab/turn-events' with its version), map changes; format
   * 'mapf-lab/replay' with its version) when the solver ran in the turn simulator. Optional, so
   * results without it (offline solvers, older solver processes) stay valid. For CA*, HCA* and
   * WHCA* asked with param `recordPlans: true`, replay.windows holds the plans they adopted
   * (format 'mapf-lab/plan-windows' with its own version, core/contract/planWindows.ts).
   */
  replay?: WireReplay;
  /**
   * The engine crowd models' real positions per turn (format 'mapf-lab/crowd-track' with its
   * version, core/contract/crowdTrack.ts); `paths` then holds each unit's cell per turn. Optional,
   * like the replay: a receiver that predates it drops it.
   */
  crowd?: CrowdTrack;
  /** Runs among moving obstacles: each obstacle's cells per turn as it moved (delays included). */
  obstaclePaths?: WirePaths;
  /**
   * A stream (instance version 4): its measures over the run and each unit's side. The paths and
   * the replay then hold every unit that appeared (placed ones first), at ABSENT (-1) while off the map.
   */
  streams?: WireStreamMeasures;
  /** A lifelong run (lifelongWire.ts): actions, timeouts, tasks finished per step, measures; `paths` hold each robot's cell per step. */
  lifelong?: WireLifelongRun;
}

/** A run's outcome; a run that throws is a record with status 'error', not an error message. */
export interface RunResultBody {
  kind: 'run';
  record: RunRecord;
}

export type ResultBody = SolveResultBody | RunResultBody;

export type RequestMessage = { v: number; type: 'request'; id: string; body: RequestBody };
export type CancelMessage = { v: number; type: 'cancel'; id: string };
export type ProgressMessage = { v: number; type: 'progress'; id: string; progress: SolveProgress };
export type ResultMessage = { v: number; type: 'result'; id: string; body: ResultBody };
export type ErrorMessage = { v: number; type: 'error'; id: string | null; name: string; message: string; stack?: string };
/** Sent once by a solver process when it is ready to take requests. */
export type ReadyMessage = { v: number; type: 'ready' };

export type ToSolverMessage = RequestMessage | CancelMessage;
export type FromSolverMessage = ProgressMessage | ResultMessage | ErrorMessage | ReadyMessage;
export type ProtocolMessage = ToSolverMessage | FromSolverMessage;
