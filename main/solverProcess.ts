/**
 * Entry of the solver utility process: serves the solver protocol over Electron's parentPort.
 * Everything solver-related happens here, so a long or crashing solve never touches the UI.
 * The lab's pool sends run requests with keyed files (main/labSweeps.ts), so the port takes
 * those too (acceptKeyedRuns): each map and scenario text crosses into this process once.
 */
import { acceptKeyedRuns } from '../core/experiments/keyedRunReceiver.ts';
import { serveSolvers } from '../core/protocol/server.ts';
import type { Port } from '../core/protocol/port.ts';

const parentPort = process.parentPort;

const port: Port = {
  postMessage: (message) => parentPort.postMessage(message),
  onMessage(listener) {
    const handler = (event: Electron.MessageEvent) => listener(event.data);
    parentPort.on('message', handler);
    return () => parentPort.off('message', handler);
  },
};

serveSolvers(acceptKeyedRuns(port));
