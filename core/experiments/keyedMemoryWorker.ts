/**
 * In-memory solver processes that take keyed run requests (as main's utility processes do),
 * for tests of the pool's keyed files: serveSolvers behind acceptKeyedRuns on one end of a port
 * pair. Each worker also keeps every message it received, so a test can see which texts crossed.
 */
import { type MemoryWorkerHandle, createPortPair, memoryWorkerHandle } from '../protocol/memoryPort.ts';
import type { Port, SpawnWorker } from '../protocol/port.ts';
import { type ServeSolversOptions, serveSolvers } from '../protocol/server.ts';
import { acceptKeyedRuns } from './keyedRunReceiver.ts';

export interface KeyedMemorySpawner {
  spawn: SpawnWorker;
  /** Every worker started, in order (as memorySpawner's). */
  workers: MemoryWorkerHandle[];
  /** Per worker, every message its process read, in order, as it arrived (before acceptKeyedRuns). */
  received: unknown[][];
}

export function keyedMemorySpawner(options: ServeSolversOptions = {}, held?: number): KeyedMemorySpawner {
  const workers: MemoryWorkerHandle[] = [];
  const receivedBy: unknown[][] = [];
  return {
    workers,
    received: receivedBy,
    spawn: () => {
      const [callerSide, solverSide] = createPortPair();
      const received: unknown[] = [];
      const logged: Port = {
        postMessage: (message) => solverSide.postMessage(message),
        onMessage: (listener) => solverSide.onMessage((message) => {
          received.push(message);
          listener(message);
        }),
      };
      serveSolvers(acceptKeyedRuns(logged, held), options);
      const handle = memoryWorkerHandle(callerSide);
      workers.push(handle);
      receivedBy.push(received);
      return handle;
    },
  };
}
