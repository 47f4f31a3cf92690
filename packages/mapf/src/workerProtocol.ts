/**
 * The messages between a game's main thread and a planner in a Web Worker (workerClient.ts,
 * workerHost.ts): the map once, then per turn the unit changes made since the last turn with
 * the step that follows them, so the main thread only posts and receives.
 */
import type { Cell } from './cells.ts';
import type { StepResult } from './planner.ts';

/**
 * A unit change queued on the main thread, applied in the worker in order before the step. The
 * main thread names its units (`id` of an add): a change the worker refuses takes no id away.
 */
export type UnitCommand =
  | { op: 'add'; id: number; start: Cell; goal: Cell }
  | { op: 'remove'; id: number }
  | { op: 'goal'; id: number; goal: Cell };

export type ToWorker =
  | { type: 'create'; width: number; height: number; passable: Uint8Array; kind: string; seed?: number; params?: Record<string, unknown>; stepBudgetMs?: number }
  | { type: 'step'; id: number; commands: UnitCommand[] };

export type FromWorker =
  | { type: 'created' }
  | { type: 'stepped'; id: number; result: StepResult }
  | { type: 'failed'; id: number; message: string; input: boolean };
