/**
 * The simulator's turn events (core/contract/controller.ts, TurnEvent) on the wire: one typed
 * array per field instead of one object per event, with a format name and version the receiver
 * checks (after flatbush's versioned buffers, as the paths and instances travel: wire.ts).
 *
 * Why: PIBT's run of 10,000 units records about a million events (a wait each, per unit and turn).
 * As objects, the result's structured clone, its schema check and its garbage took over a second
 * of the browser's UI thread when the answer arrived; as columns they are seven buffers that a
 * Web Worker transfers (no copy) and a check reads in a few milliseconds. Readers walk the columns
 * (the replay analysis) or decode the events they need (`decodeTurnEvents`, a range at a time).
 */
import type { TurnEvent, TurnEventKind } from '../contract/controller.ts';
import type { Replay } from '../contract/replay.ts';
import { TURN_EVENT_KINDS } from '../replayFile/schema.ts';

export const TURN_EVENTS_FORMAT = 'mapf-lab/turn-events';
export const TURN_EVENTS_VERSION = 1;

/** Kinds by their code in `kind`: their order in the replay file's list (append only there: a code is part of this format). */
export { TURN_EVENT_KINDS };

/** `cell` of an event that names none (a cell may be ABSENT, -1, so -1 cannot mean "none"). */
export const NO_CELL = -0x80000000;

export interface WireTurnEvents {
  format: typeof TURN_EVENTS_FORMAT;
  version: typeof TURN_EVENTS_VERSION;
  /** Event i's kind: its index in TURN_EVENT_KINDS. */
  kind: Uint8Array;
  t: Int32Array;
  /** The unit (from 0), -1 for none (a map change). */
  agent: Int32Array;
  /** NO_CELL when the event names no cell. */
  cell: Int32Array;
  /** Event i's other units are others[othersStart[i] .. othersStart[i + 1]) (count + 1 entries). */
  othersStart: Int32Array;
  others: Int32Array;
  /** Index in `details` of event i's text, -1 for none. */
  detail: Int32Array;
  /** The distinct detail texts ("holding", "closed" …): a few, however many events. */
  details: string[];
}

/** A replay as a result carries it across the solver protocol: its events as columns. */
export type WireReplay = Omit<Replay, 'events'> & { events: WireTurnEvents };

const KIND_CODES = new Map<TurnEventKind, number>(TURN_EVENT_KINDS.map((kind, code) => [kind, code]));

export function encodeTurnEvents(events: readonly TurnEvent[]): WireTurnEvents {
  const n = events.length;
  const kind = new Uint8Array(n);
  const t = new Int32Array(n);
  const agent = new Int32Array(n);
  const cell = new Int32Array(n);
  const othersStart = new Int32Array(n + 1);
  const detail = new Int32Array(n);
  const details: string[] = [];
  const detailIndex = new Map<string, number>();
  let othersCount = 0;
  for (let i = 0; i < n; i++) othersCount += events[i].others?.length ?? 0;
  const others = new Int32Array(othersCount);
  let o = 0;
  for (let i = 0; i < n; i++) {
    const e = events[i];
    const code = KIND_CODES.get(e.kind);
    if (code === undefined) throw new RangeError(`turn event ${i + 1}: unknown kind '${String(e.kind)}'`);
    kind[i] = code;
    t[i] = e.t;
    agent[i] = e.agent;
    cell[i] = e.cell ?? NO_CELL;
    othersStart[i] = o;
    if (e.others) for (const other of e.others) others[o++] = other;
    if (e.detail === undefined) {
      detail[i] = -1;
    } else {
      let at = detailIndex.get(e.detail);
      if (at === undefined) {
        at = details.length;
        details.push(e.detail);
        detailIndex.set(e.detail, at);
      }
      detail[i] = at;
    }
  }
  othersStart[n] = o;
  return { format: TURN_EVENTS_FORMAT, version: TURN_EVENTS_VERSION, kind, t, agent, cell, othersStart, others, detail, details };
}

export function turnEventCount(wire: WireTurnEvents): number {
  return wire.kind.length;
}

/** Event i as an object (fields the event had; an empty `others` reads as none). */
export function turnEventAt(wire: WireTurnEvents, i: number): TurnEvent {
  const event: TurnEvent = { kind: TURN_EVENT_KINDS[wire.kind[i]], t: wire.t[i], agent: wire.agent[i] };
  const from = wire.othersStart[i];
  const to = wire.othersStart[i + 1];
  if (to > from) event.others = Array.from(wire.others.subarray(from, to));
  if (wire.cell[i] !== NO_CELL) event.cell = wire.cell[i];
  if (wire.detail[i] >= 0) event.detail = wire.details[wire.detail[i]];
  return event;
}

/** Events from .. to (exclusive) as objects; all of them by default. */
export function decodeTurnEvents(wire: WireTurnEvents, from = 0, to = turnEventCount(wire)): TurnEvent[] {
  const events: TurnEvent[] = [];
  for (let i = Math.max(0, from); i < Math.min(to, turnEventCount(wire)); i++) events.push(turnEventAt(wire, i));
  return events;
}

export function encodeReplay(replay: Replay): WireReplay {
  return { ...replay, events: encodeTurnEvents(replay.events) };
}

/** The replay with its events as objects, for a reader that takes the core form (the replay file). */
export function decodeReplay(wire: WireReplay): Replay {
  return { ...wire, events: decodeTurnEvents(wire.events) };
}

/** A problem with the columns, located by field and index; null when they are consistent. */
export interface TurnEventsProblem {
  path: (string | number)[];
  message: string;
}

/**
 * Checks the columns agree (one entry per event, offsets in order), every kind is known, every
 * detail index names a text, turns are >= 0 and units are -1 (none) or more (other units 0 or
 * more), as the object form's schema asked. One pass over typed arrays: a million events in a
 * few milliseconds.
 */
export function turnEventsProblem(wire: WireTurnEvents): TurnEventsProblem | null {
  const n = wire.kind.length;
  for (const field of ['t', 'agent', 'cell', 'detail'] as const) {
    if (wire[field].length !== n) return { path: [field], message: `has ${wire[field].length} entries, expected one per event (${n}, as kind has)` };
  }
  if (wire.othersStart.length !== n + 1) return { path: ['othersStart'], message: `has ${wire.othersStart.length} entries, expected events + 1 (${n + 1})` };
  if (wire.othersStart[0] !== 0) return { path: ['othersStart', 0], message: `is ${wire.othersStart[0]}, must be 0` };
  if (wire.othersStart[n] !== wire.others.length) return { path: ['othersStart', n], message: `is ${wire.othersStart[n]}, must be the length of others (${wire.others.length})` };
  const kinds = TURN_EVENT_KINDS.length;
  const details = wire.details.length;
  for (let i = 0; i < n; i++) {
    if (wire.kind[i] >= kinds) return { path: ['kind', i], message: `is ${wire.kind[i]}, not a turn event kind (0..${kinds - 1})` };
    if (wire.t[i] < 0) return { path: ['t', i], message: `is ${wire.t[i]}, must be a turn >= 0` };
    if (wire.agent[i] < -1) return { path: ['agent', i], message: `is ${wire.agent[i]}, must be a unit (0 or more) or -1 for none` };
    if (wire.detail[i] < -1 || wire.detail[i] >= details) return { path: ['detail', i], message: `is ${wire.detail[i]}, not one of the ${details} detail texts (or -1 for none)` };
    if (wire.othersStart[i + 1] < wire.othersStart[i]) return { path: ['othersStart', i + 1], message: `is ${wire.othersStart[i + 1]}, before the previous entry (${wire.othersStart[i]})` };
  }
  for (let i = 0; i < wire.others.length; i++) {
    if (wire.others[i] < 0) return { path: ['others', i], message: `is ${wire.others[i]}, must be a unit (0 or more)` };
  }
  return null;
}
