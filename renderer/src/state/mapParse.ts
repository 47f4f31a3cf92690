/**
 * Reads a Moving AI .map off the UI thread: the text goes to the map worker (mapParseWorker.ts),
 * which tells the rows read as it goes and answers with the grid's arrays moved here. Cancel ends
 * the worker (a parse is one synchronous loop there; a new worker starts for the next map). Where
 * no worker can start (tests in Node, a worker that fails to load), the map is read here.
 */
import { parseMap, type MovingAiMap } from '../../../core/formats/movingAiMap.ts';
import { errorFromAnswer, mapFromAnswer, type MapParseMessage, type MapParseRequest } from './mapParseWork.ts';

export interface MapRead {
  /** The map, or null once cancelled; rejects with the reader's error (a FormatError naming line and column). */
  done: Promise<MovingAiMap | null>;
  cancel(): void;
}

let worker: Worker | null = null;
let nextId = 1;

function startWorker(): Worker | null {
  try {
    return typeof Worker === 'undefined' ? null : new Worker(new URL('./mapParseWorker.ts', import.meta.url), { type: 'module', name: 'mapf-lab-map' });
  } catch {
    return null;
  }
}

/** Reads `text` (the file `name`) in the map worker; `onRows` hears the rows read so far. */
export function readMapOffThread(name: string, text: string, onRows: (rows: number, height: number) => void): MapRead {
  worker ??= startWorker();
  const reader = worker;
  if (reader === null) {
    return { done: new Promise((resolve) => resolve(parseMap(text, name))), cancel: () => {} };
  }
  const id = nextId++;
  let settle: { resolve: (map: MovingAiMap | null) => void; reject: (error: Error) => void } | null = null;
  const stop = () => {
    reader.removeEventListener('message', onMessage);
    reader.removeEventListener('error', onError);
    settle = null;
  };
  const onMessage = (event: MessageEvent<MapParseMessage>) => {
    const message = event.data;
    if (message.id !== id || settle === null) return;
    if (message.kind === 'progress') return onRows(message.rows, message.height);
    const { resolve, reject } = settle;
    stop();
    if (message.kind === 'map') resolve(mapFromAnswer(message.map));
    else reject(errorFromAnswer(message));
  };
  const onError = () => {
    // A worker that cannot load (a CSP, a broken build): read the map here instead.
    const pending = settle;
    stop();
    if (worker === reader) worker = null;
    reader.terminate();
    try {
      pending?.resolve(parseMap(text, name));
    } catch (error) {
      pending?.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const done = new Promise<MovingAiMap | null>((resolve, reject) => {
    settle = { resolve, reject };
  });
  reader.addEventListener('message', onMessage);
  reader.addEventListener('error', onError);
  const request: MapParseRequest = { id, name, text };
  reader.postMessage(request);
  return {
    done,
    cancel() {
      const pending = settle;
      if (pending === null) return;
      stop();
      // The worker is busy in its loop until it ends: end it, and start another for the next map.
      if (worker === reader) worker = null;
      reader.terminate();
      pending.resolve(null);
    },
  };
}
