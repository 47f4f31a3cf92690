/**
 * An in-memory stand-in for a worker, for the protocol's tests: a port pair that behaves like
 * real ports (each message structured-cloned and delivered in a later task, queued until someone
 * listens), and a SpawnWorker whose "process" runs serveSolvers on the other end.
 *
 * The in-memory worker runs on the caller's thread, so a solver in a tight loop blocks
 * everything, terminate included; that case is tested over a real worker thread.
 */
import type { Port, SpawnWorker, WorkerHandle } from './port.ts';
import type { ServeSolversOptions } from './server.ts';
import { serveSolvers } from './server.ts';

/** One end of an in-memory pair; `close()` stops delivery in both directions. */
export interface MemoryPort extends Port {
  close(): void;
}

export function createPortPair(): [MemoryPort, MemoryPort] {
  const a = new MemoryEnd();
  const b = new MemoryEnd();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

class MemoryEnd implements MemoryPort {
  peer: MemoryEnd | null = null;
  private listeners: ((message: unknown) => void)[] = [];
  /** Messages that arrived before anyone listened, delivered in order once someone does. */
  private waiting: unknown[] = [];
  private flushScheduled = false;
  private closed = false;

  postMessage(message: unknown, transfer: readonly ArrayBuffer[] = []): void {
    if (this.closed) return;
    // Cloning now, like a real port: the sender may mutate its copy afterwards, and a value
    // that cannot cross a process boundary fails here as it would there. Transferred buffers
    // are moved as a worker's port moves them: the sender's views on them are emptied.
    const copy = structuredClone(message, { transfer: [...transfer] });
    const peer = this.peer!;
    setTimeout(() => peer.deliver(copy), 0);
  }

  onMessage(listener: (message: unknown) => void): () => void {
    this.listeners.push(listener);
    if (this.waiting.length > 0 && !this.flushScheduled) {
      this.flushScheduled = true;
      setTimeout(() => this.flush(), 0);
    }
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  close(): void {
    this.closed = true;
    this.listeners = [];
    this.waiting = [];
    if (this.peer && !this.peer.closed) this.peer.close();
  }

  private deliver(message: unknown): void {
    if (this.closed) return;
    if (this.listeners.length === 0 || this.flushScheduled) {
      this.waiting.push(message);
      return;
    }
    for (const listener of this.listeners.slice()) listener(message);
  }

  private flush(): void {
    this.flushScheduled = false;
    const queued = this.waiting;
    this.waiting = [];
    for (const message of queued) this.deliver(message);
  }
}

/** An in-memory worker handle, plus a way for tests to make it "crash". */
export interface MemoryWorkerHandle extends WorkerHandle {
  /** Simulates the process dying on its own: stops delivery, then reports `reason` on exit. */
  crash(reason: string): void;
  readonly terminated: boolean;
}

/** Starts serveSolvers on one end of a fresh pair and hands back the other end as a worker. */
export function spawnMemorySolverWorker(options: ServeSolversOptions = {}): MemoryWorkerHandle {
  const [callerSide, solverSide] = createPortPair();
  serveSolvers(solverSide, options);
  return memoryWorkerHandle(callerSide);
}

/** Wraps the caller's end of a pair as a worker handle (for tests that script the other end). */
export function memoryWorkerHandle(callerSide: MemoryPort): MemoryWorkerHandle {
  const exitListeners: ((reason: string) => void)[] = [];
  let exited = false;
  const exit = (reason: string) => {
    if (exited) return;
    exited = true;
    callerSide.close();
    // A real worker reports its exit asynchronously, after terminate() has returned.
    setTimeout(() => exitListeners.forEach((l) => l(reason)), 0);
  };
  return {
    port: callerSide,
    terminate: () => exit('terminated'),
    crash: (reason) => exit(reason),
    onExit: (listener) => {
      exitListeners.push(listener);
    },
    get terminated() {
      return exited;
    },
  };
}

/** A SpawnWorker over in-memory workers that remembers every worker it started. */
export function memorySpawner(options: ServeSolversOptions = {}): { spawn: SpawnWorker; workers: MemoryWorkerHandle[] } {
  const workers: MemoryWorkerHandle[] = [];
  return {
    workers,
    spawn: () => {
      const worker = spawnMemorySolverWorker(options);
      workers.push(worker);
      return worker;
    },
  };
}
