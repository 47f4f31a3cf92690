/**
 * Reads a Moving AI .map off the UI thread: the text goes to a map worker of its own
 * (mapParseWorker.ts), which tells the rows read as it goes and answers with the grid's arrays
 * moved here. A worker per read (a worker starts in tens of milliseconds, a map read there takes
 * longer), ended once it answers; Cancel ends it mid-read (a parse is one synchronous loop
 * there). Where no worker can start (tests in Node, a worker that fails to load), the map is
 * read here.
 */
import { parseMap, type MovingAiMap } from '../../../core/formats/movingAiMap.ts';
import { errorFromAnswer, mapFromAnswer, type MapParseMessage, type MapParseRequest } from './mapParseWork.ts';

export interface MapRead {
  /** The map, or null once cancelled; rejects with the reader's error (a FormatError naming line and column). */
  done: Promise<MovingAiMap | null>;
  cancel(): void;
}

function startWorker(): Worker | null {
  try {
    return typeof Worker === 'undefined' ? null : new Worker(new URL('./mapParseWorker.ts', import.meta.url), { type: 'module', name: 'mapf-lab-map' });
  } catch {
    return null;
  }
}

/** The map read here, on the UI thread: a promise of it, or of the reader's error. */
function readHere(name: string, text: string): Promise<MovingAiMap> {
  return new Promise((resolve) => resolve(parseMap(text, name)));
}

/** Reads `text` (the file `name`) in a map worker; `onRows` hears the rows read so far. */
export function readMapOffThread(name: string, text: string, onRows: (rows: number, height: number) => void): MapRead {
  const reader = startWorker();
  if (reader === null) return { done: readHere(name, text), cancel: () => {} };
  let settle: { resolve: (map: MovingAiMap | null) => void; reject: (error: Error) => void } | null = null;
  const done = new Promise<MovingAiMap | null>((resolve, reject) => {
    settle = { resolve, reject };
  });
  /** The read's end: the worker goes, and what it would still say is not heard. */
  const finish = () => {
    const pending = settle;
    settle = null;
    reader.terminate();
    return pending;
  };
  reader.onmessage = (event: MessageEvent<MapParseMessage>) => {
    const message = event.data;
    if (settle === null) return;
    if (message.kind === 'progress') return onRows(message.rows, message.height);
    const pending = finish()!;
    if (message.kind === 'map') pending.resolve(mapFromAnswer(message.map));
    else pending.reject(errorFromAnswer(message));
  };
  reader.onerror = () => {
    // A worker that cannot load (a CSP, a broken build): read the map here instead.
    const pending = finish();
    readHere(name, text).then(pending?.resolve, pending?.reject);
  };
  const request: MapParseRequest = { name, text };
  reader.postMessage(request);
  return { done, cancel: () => finish()?.resolve(null) };
}
