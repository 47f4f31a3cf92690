/**
 * The Node adapter of the solver protocol: a solver process as a worker_threads Worker, used by
 * the command line, the benchmark and the tests. Everything above WorkerHandle is core's.
 *
 * The command line's bundle (cli/bundle.mjs, out/cli/) starts workers from the worker bundled
 * beside it. Run from the sources (tests, MAPF_LAB_DEV=1, benchmarks through tsx), workers start
 * from one esbuild bundle of solverWorkerEntry.ts (see workerBundle.ts), built lazily on the first
 * spawn in a process and then reused; if it cannot be built, from bootstrap.mjs through tsx,
 * after a one-line warning. SpawnWorker is synchronous, so the
 * handle returned at once is a thin queue in front of the Worker: messages posted and
 * listeners added before the Worker exists are kept and handed to it as soon as the script is
 * known (one shared promise; a few ms once the bundle is cached). The SolverClient waits for
 * `ready` anyway, so nothing above notices. terminate() before the Worker exists means it is
 * never started, and reports 'exit code 1' as a terminated Worker does.
 */
import { Worker } from 'node:worker_threads';
import type { WorkerHandle } from '../../core/protocol/port.ts';
import { workerScriptResolver } from './workerBundle.ts';
import { applySolverHeapSettings } from './workerHeap.ts';

export interface NodeSolverWorkerOptions {
  /** Also offer the misbehaving solvers of testSolvers.ts (tests and benchmarks only). */
  testSolvers?: boolean;
}

/**
 * Set by cli/bundle.mjs (esbuild's define) in the command line's bundle: the bundled worker's
 * path relative to the bundle. Undefined when running from the sources.
 */
declare const MAPF_LAB_BUNDLED_WORKER: string | undefined;

const defaultScript: () => Promise<URL> =
  typeof MAPF_LAB_BUNDLED_WORKER === 'string'
    ? () => Promise.resolve(new URL(MAPF_LAB_BUNDLED_WORKER, import.meta.url))
    : workerScriptResolver();

export function spawnNodeSolverWorker(options: NodeSolverWorkerOptions = {}): WorkerHandle {
  return spawnSolverWorkerFrom(defaultScript(), options);
}

/** spawnNodeSolverWorker with the worker's script given (tests inject a failing build). */
export function spawnSolverWorkerFrom(script: Promise<URL>, options: NodeSolverWorkerOptions = {}): WorkerHandle {
  let worker: Worker | null = null;
  let terminated = false;
  const outbox: unknown[] = [];
  const messageListeners = new Set<(message: unknown) => void>();
  const exitListeners: ((reason: string) => void)[] = [];
  let exitReason: string | null = null;
  const exit = (reason: string) => {
    if (exitReason !== null) return;
    exitReason = reason;
    for (const listener of exitListeners) listener(reason);
  };

  script.then(
    (url) => {
      if (terminated) return;
      let started: Worker;
      try {
        applySolverHeapSettings();
        started = new Worker(url, {
          workerData: { testSolvers: options.testSolvers === true },
          name: 'mapf-lab-solver',
        });
      } catch (error) {
        exit(`could not start: ${String(error)}`);
        return;
      }
      worker = started;
      // 'error' (an uncaught exception) comes before 'exit' and says more, so whichever is first wins.
      started.on('error', (error) => exit(`uncaught ${error.name}: ${error.message}`));
      started.on('exit', (code) => exit(`exit code ${code}`));
      started.on('message', (message: unknown) => {
        for (const listener of [...messageListeners]) listener(message);
      });
      for (const message of outbox.splice(0)) started.postMessage(message);
    },
    (error: unknown) => exit(`could not start: ${String(error)}`),
  );

  return {
    port: {
      postMessage: (message) => {
        if (worker) worker.postMessage(message);
        else if (!terminated) outbox.push(structuredClone(message)); // cloned now, as postMessage would
      },
      onMessage(listener) {
        const own = (message: unknown) => listener(message);
        messageListeners.add(own);
        return () => messageListeners.delete(own);
      },
    },
    terminate: () => {
      if (worker) {
        void worker.terminate();
        return;
      }
      if (terminated) return;
      terminated = true;
      outbox.length = 0;
      queueMicrotask(() => exit('exit code 1'));
    },
    onExit: (listener) => {
      if (exitReason !== null) listener(exitReason);
      else exitListeners.push(listener);
    },
  };
}
