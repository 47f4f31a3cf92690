/**
 * The buffers a solver process may move (not copy) with its answer: the plan's paths, the
 * replay's positions and its turn events' columns, all made fresh for the answer and not touched
 * again by the process once it has posted it. For 10,000 units over a few hundred turns that is
 * tens of megabytes the receiving thread no longer copies out of the message.
 */
import type { ResultBody } from './messages.ts';

type View = { buffer: ArrayBufferLike; byteOffset: number; byteLength: number };

/** The distinct buffers of the answer's large arrays; a view on part of a buffer is left to be copied (its buffer may be shared). */
export function resultTransfer(body: ResultBody): ArrayBuffer[] {
  if (body.kind === 'run') return [];
  const views: (View | undefined)[] = [body.paths.offsets, body.paths.cells, body.obstaclePaths?.offsets, body.obstaclePaths?.cells, body.replay?.positions];
  const events = body.replay?.events;
  if (events) views.push(events.kind, events.t, events.agent, events.cell, events.othersStart, events.others, events.detail);
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) {
    if (view && view.buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === view.buffer.byteLength && view.byteLength > 0) buffers.add(view.buffer);
  }
  return [...buffers];
}
