/**
 * The Electron adapter for the solver protocol, main-process side: a solver utility process
 * wrapped as a WorkerHandle, so core's SolverClient can drive it like any other worker.
 */
import { utilityProcess } from 'electron';
import { join } from 'node:path';
import type { WorkerHandle } from '../core/protocol/port.ts';

export function spawnUtilitySolver(): WorkerHandle {
  const child = utilityProcess.fork(join(__dirname, 'solverProcess.js'), [], {
    serviceName: 'MAPF Lab solver',
    stdio: 'inherit',
  });
  const exitListeners: ((reason: string) => void)[] = [];
  let exited = false;
  child.on('exit', (code) => {
    if (exited) return;
    exited = true;
    for (const listener of exitListeners) listener(`solver process exited with code ${code}`);
  });
  return {
    port: {
      postMessage: (message) => child.postMessage(message),
      onMessage(listener) {
        const handler = (message: unknown) => listener(message);
        child.on('message', handler);
        return () => child.off('message', handler);
      },
    },
    terminate: () => {
      child.kill();
    },
    onExit: (listener) => {
      exitListeners.push(listener);
    },
  };
}
