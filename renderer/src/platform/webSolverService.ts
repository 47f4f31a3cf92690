/**
 * SolverService for the browser edition: core's SolverClient driving Web Workers. A worker that
 * throws an uncaught error counts as crashed, like a utility process that exits.
 */
import { SolverClient } from '../../../core/protocol/client.ts';
import type { WorkerHandle } from '../../../core/protocol/port.ts';
import type { SolverService } from './solverService.ts';

export function spawnWebSolverWorker(): WorkerHandle {
  const worker = new Worker(new URL('./webSolverWorker.ts', import.meta.url), { type: 'module', name: 'mapf-lab-solver' });
  const exitListeners: ((reason: string) => void)[] = [];
  let exited = false;
  const exit = (reason: string) => {
    if (exited) return;
    exited = true;
    for (const listener of exitListeners) listener(reason);
  };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    worker.terminate();
    exit(event.message || 'an uncaught error in the worker');
  });
  return {
    port: {
      postMessage: (message) => worker.postMessage(message),
      onMessage(listener) {
        const handler = (event: MessageEvent) => listener(event.data);
        worker.addEventListener('message', handler);
        return () => worker.removeEventListener('message', handler);
      },
    },
    terminate: () => {
      // A Web Worker reports nothing when terminated; say it here, as Node and Electron do.
      worker.terminate();
      exit('solver worker terminated');
    },
    onExit: (listener) => {
      exitListeners.push(listener);
    },
  };
}

export function createWebSolverService(): SolverService {
  const client = new SolverClient(spawnWebSolverWorker, { poolSize: 1 });
  return {
    edition: 'browser',
    solve: (body, onProgress) => client.solve(body, { onProgress }),
    cancel: (id) => client.cancel(id),
  };
}
