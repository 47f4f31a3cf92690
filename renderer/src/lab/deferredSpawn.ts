/**
 * Solver workers started a task later than asked. Run's click is one task: the sweep's state
 * change renders in it (buttons, the form and the JSON editor locked), and a Web Worker spawned
 * in it starts compiling the solver at once on another core, which on a machine with few free
 * cores takes CPU from that very task. Deferred, the click's task finishes first, and each worker
 * starts in a task of its own.
 *
 * The handle is returned at once, as core's pool expects: messages wait for the worker, a
 * terminate before it starts means it never starts. Pure (the defer function is passed in).
 */
import type { Defer } from '../../../core/protocol/deferredStart.ts';
import type { Port, SpawnWorker, WorkerHandle } from '../../../core/protocol/port.ts';

export function deferredSpawn(spawn: SpawnWorker, defer: Defer): SpawnWorker {
  return () => {
    let real: WorkerHandle | null = null;
    let terminated = false;
    const queued: unknown[] = [];
    const listeners = new Set<(message: unknown) => void>();
    const exitListeners: ((reason: string) => void)[] = [];
    const deliver = (message: unknown) => {
      for (const listener of listeners) listener(message);
    };
    defer(() => {
      if (terminated) return;
      real = spawn();
      real.port.onMessage(deliver);
      for (const listener of exitListeners) real.onExit(listener);
      for (const message of queued) real.port.postMessage(message);
      queued.length = 0;
    });
    const port: Port = {
      postMessage(message) {
        if (real) real.port.postMessage(message);
        else if (!terminated) queued.push(message);
      },
      onMessage(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
    return {
      port,
      terminate() {
        if (real) {
          real.terminate();
          return;
        }
        if (terminated) return;
        terminated = true;
        queued.length = 0;
        // As a terminated Web Worker's handle says it (webSolverService.ts).
        for (const listener of exitListeners) listener('solver worker terminated');
      },
      onExit(listener) {
        if (real) real.onExit(listener);
        else exitListeners.push(listener);
      },
    };
  };
}
