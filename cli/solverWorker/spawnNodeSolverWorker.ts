/**
 * The Node adapter of the solver protocol: a solver process as a worker_threads Worker, used by
 * the command line, the benchmark and the tests. Everything above WorkerHandle is core's.
 */
import { Worker } from 'node:worker_threads';
import type { WorkerHandle } from '../../core/protocol/port.ts';

export interface NodeSolverWorkerOptions {
  /** Also offer the misbehaving solvers of testSolvers.ts (tests and benchmarks only). */
  testSolvers?: boolean;
}

export function spawnNodeSolverWorker(options: NodeSolverWorkerOptions = {}): WorkerHandle {
  const worker = new Worker(new URL('./bootstrap.mjs', import.meta.url), {
    workerData: { testSolvers: options.testSolvers === true },
    name: 'mapf-lab-solver',
  });
  const exitListeners: ((reason: string) => void)[] = [];
  let exitReason: string | null = null;
  const exit = (reason: string) => {
    if (exitReason !== null) return;
    exitReason = reason;
    for (const listener of exitListeners) listener(reason);
  };
  // 'error' (an uncaught exception) comes before 'exit' and says more, so whichever is first wins.
  worker.on('error', (error) => exit(`uncaught ${error.name}: ${error.message}`));
  worker.on('exit', (code) => exit(`exit code ${code}`));
  return {
    port: {
      postMessage: (message) => worker.postMessage(message),
      onMessage(listener) {
        worker.on('message', listener);
        return () => worker.off('message', listener);
      },
    },
    terminate: () => {
      void worker.terminate();
    },
    onExit: (listener) => {
      if (exitReason !== null) listener(exitReason);
      else exitListeners.push(listener);
    },
  };
}
