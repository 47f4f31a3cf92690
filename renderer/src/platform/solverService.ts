/**
 * How the renderer reaches the solver process, whichever edition it runs in: the desktop app
 * (Electron utility process through the preload API) or the browser edition (a Web Worker).
 */
import type { SolveRequestBody, SolveResultBody } from '../../../core/protocol/messages.ts';
import type { SolveProgress } from '../../../core/contract/types.ts';

export interface RendererSolveJob {
  id: string;
  /** Never rejects: failures arrive as status 'failed' with a message. */
  result: Promise<SolveResultBody>;
}

export interface SolverService {
  readonly edition: 'desktop' | 'browser';
  solve(body: SolveRequestBody, onProgress?: (progress: SolveProgress) => void): RendererSolveJob;
  cancel(id: string): void;
}
