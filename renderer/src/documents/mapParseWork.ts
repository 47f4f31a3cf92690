/**
 * What the map worker (mapParseWorker.ts) does with a Moving AI .map's text, pure so tests run it
 * in Node: read it with core's reader (core/formats/movingAiMap.ts), telling the rows read as it
 * goes, and answer with the grid's and terrain's arrays, moved to the UI thread, not copied. A
 * 5000 x 5000 map read on the UI thread was one task of 0.35-1.0 s (Chromium, quiet machine).
 * A file that does not read answers with the reader's file, line, column and reason, so the UI
 * thread says the same as the reader would have there.
 */
import { Grid } from '../../../core/grid/grid.ts';
import { parseMap, type MovingAiMap } from '../../../core/formats/movingAiMap.ts';
import { FormatError } from '../../../core/formats/formatError.ts';
import type { LineBreak } from '../../../core/formats/textLines.ts';

export interface MapParseRequest {
  name: string;
  text: string;
}

/** The map read: its grid's arrays (moved) and what writing it back needs. */
export interface ParsedMapBody {
  width: number;
  height: number;
  passable: Uint8Array;
  terrain: Uint8Array;
  waterPassable: boolean;
  lineBreak: LineBreak;
  finalNewline: boolean;
}

export type MapParseMessage =
  | { kind: 'progress'; rows: number; height: number }
  | { kind: 'map'; map: ParsedMapBody }
  | { kind: 'error'; located?: { file: string; line: number; column: number; reason: string }; message: string };

/** Reads the request's map, posting progress through `post`; the answer is the last message. */
export function readMapRequest(request: MapParseRequest, post: (message: MapParseMessage) => void): MapParseMessage {
  const { name, text } = request;
  try {
    const map = parseMap(text, name, { onRows: (rows, height) => post({ kind: 'progress', rows, height }) });
    const { grid, terrain, waterPassable, lineBreak, finalNewline } = map;
    return { kind: 'map', map: { width: grid.width, height: grid.height, passable: grid.passable, terrain, waterPassable, lineBreak, finalNewline } };
  } catch (error) {
    if (error instanceof FormatError) return { kind: 'error', located: { file: error.file, line: error.line, column: error.column, reason: error.reason }, message: error.message };
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

/** The arrays an answer moves. */
export function mapTransfer(message: MapParseMessage): ArrayBuffer[] {
  return message.kind === 'map' ? [message.map.passable.buffer as ArrayBuffer, message.map.terrain.buffer as ArrayBuffer] : [];
}

/** The UI thread's map from the worker's answer: the moved arrays become the grid, no copy. */
export function mapFromAnswer(body: ParsedMapBody): MovingAiMap {
  const { width, height, passable, terrain, waterPassable, lineBreak, finalNewline } = body;
  return { grid: new Grid(width, height, passable), terrain, waterPassable, lineBreak, finalNewline };
}

/** The error the answer stands for: a FormatError naming the line and column where the reader gave one. */
export function errorFromAnswer(message: Extract<MapParseMessage, { kind: 'error' }>): Error {
  const at = message.located;
  return at ? new FormatError(at.file, at.line, at.column, at.reason) : new Error(message.message);
}
