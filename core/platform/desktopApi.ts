/**
 * The API the desktop preload exposes on `window.mapfLab` (and nothing else: never ipcRenderer).
 * Main validates every argument that crosses into it with the same schemas the renderer uses.
 */
import type { SolveRequestBody, SolveResultBody } from '../protocol/messages.ts';
import type { SolveProgress } from '../solvers/types.ts';

export const DESKTOP_API_VERSION = 1;

/** IPC channel names, in one place so main and preload cannot drift apart. */
export const IPC = {
  solverStart: 'mapf-lab:solver:start',
  solverCancel: 'mapf-lab:solver:cancel',
  solverProgress: 'mapf-lab:solver:progress',
  appInfo: 'mapf-lab:app:info',
} as const;

export interface AppInfo {
  apiVersion: number;
  appVersion: string;
  electron: string;
  chrome: string;
  node: string;
  platform: string;
}

export interface DesktopApi {
  apiVersion: number;
  /** Starts a solve in the solver process under the caller's `ticket`; resolves with the result (never rejects). */
  solve(ticket: string, body: SolveRequestBody): Promise<SolveResultBody>;
  cancel(ticket: string): void;
  /** Progress of running solves; returns the unsubscribe function. */
  onProgress(listener: (ticket: string, progress: SolveProgress) => void): () => void;
  appInfo(): Promise<AppInfo>;
}
