/**
 * Entry of the browser edition's solver Web Worker: serves the solver protocol over the
 * worker's own message port, exactly as the Electron utility process does over parentPort.
 */
import { serveSolvers } from '../../../core/protocol/server.ts';
import type { Port } from '../../../core/protocol/port.ts';

const scope = self as unknown as {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

const port: Port = {
  // A result's big arrays move to the UI thread rather than being copied there (transfer.ts).
  postMessage: (message, transfer) => scope.postMessage(message, transfer ? [...transfer] : []),
  onMessage(listener) {
    const handler = (event: MessageEvent) => listener(event.data);
    scope.addEventListener('message', handler);
    return () => scope.removeEventListener('message', handler);
  },
};

serveSolvers(port);
