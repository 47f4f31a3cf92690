/**
 * Entry of the solver utility process: serves the solver protocol over Electron's parentPort.
 * Everything solver-related happens here, so a long or crashing solve never touches the UI.
 */
import { serveSolvers } from '../core/protocol/server.ts';
import type { Port } from '../core/protocol/port.ts';
import { createCpuClock } from '../cli/solverWorker/threadCpuClock.ts';

const parentPort = process.parentPort;

const port: Port = {
  postMessage: (message) => parentPort.postMessage(message),
  onMessage(listener) {
    const handler = (event: Electron.MessageEvent) => listener(event.data);
    parentPort.on('message', handler);
    return () => parentPort.off('message', handler);
  },
};

// Solves on the 'cpu' clock count this thread's CPU time (the process's where the OS has no
// thread clock: the same here, where one thread solves).
serveSolvers(port, { cpuClock: createCpuClock().clock });
