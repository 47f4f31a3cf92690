/**
 * The minimal port the solver protocol needs. Thin adapters wrap an Electron utility process
 * (`process.parentPort` / `UtilityProcess`), a Web Worker, a Node `worker_threads` Worker, or
 * an in-memory pair for tests; nothing above this interface knows which it is.
 */
export interface Port {
  /**
   * `transfer`: buffers of the message's typed arrays to move rather than copy (a big result's
   * paths, replay and events); the sender must not use them afterwards. An adapter whose channel
   * cannot move buffers (Electron's parentPort) copies them, which is correct, only slower.
   */
  postMessage(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  /** Subscribes to incoming messages; returns the unsubscribe function. */
  onMessage(listener: (message: unknown) => void): () => void;
}

/** A solver process as its owner sees it: a port, a way to kill it, and word of its death. */
export interface WorkerHandle {
  port: Port;
  /** Kills the process or thread at once, whatever it is doing. */
  terminate(): void;
  /** Called once if the process or thread exits or crashes for any reason. */
  onExit(listener: (reason: string) => void): void;
}

/** Starts a fresh solver process or thread. */
export type SpawnWorker = () => WorkerHandle;
