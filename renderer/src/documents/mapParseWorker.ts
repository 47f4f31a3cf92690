/**
 * Entry of the map reader's Web Worker (browser edition and Electron's renderer alike): reads a
 * .map's text with mapParseWork.ts, posting the rows read as it goes, and answers with the grid's
 * arrays moved to the UI thread. One request at a time; the UI thread ends the worker to cancel.
 */
import { mapTransfer, readMapRequest, type MapParseMessage, type MapParseRequest } from './mapParseWork.ts';

const scope = self as unknown as { postMessage(message: MapParseMessage, transfer?: ArrayBuffer[]): void; onmessage: ((event: MessageEvent<MapParseRequest>) => void) | null };

scope.onmessage = (event) => {
  const answer = readMapRequest(event.data, (message) => scope.postMessage(message));
  scope.postMessage(answer, mapTransfer(answer));
};
