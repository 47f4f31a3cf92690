/**
 * Runtime validation of everything that crosses a process boundary: both directions of the
 * solver protocol, and the solve request body that the Electron main process also checks when
 * the renderer hands it one. Errors name the field at fault ("body.instance.starts: …").
 */
import { z } from 'zod';
import { PROTOCOL_VERSION } from './messages.ts';
import type { FromSolverMessage, RunRequestBody, RunResultBody, SolveRequestBody, SolveResultBody, ToSolverMessage } from './messages.ts';
import { WIRE_INSTANCE_VERSIONS, WIRE_PATHS_VERSION, listOf } from './wire.ts';
import { REPLAY_FORMAT, REPLAY_VERSION } from '../contract/replay.ts';
import { TURN_EVENTS_FORMAT, TURN_EVENTS_VERSION, turnEventsProblem } from './turnEventWire.ts';
import { CROWD_TRACK_FORMAT, CROWD_TRACK_VERSION } from '../contract/crowdTrack.ts';
import { PLAN_WINDOWS_FORMAT, PLAN_WINDOWS_VERSION, planWindowsProblem } from '../contract/planWindows.ts';
import { runRecordSchema, runSpecSchema } from '../experiments/runSchemas.ts';
import { CLOCK_KINDS } from '../util/clock.ts';
import { lifelongRequestSchema, lifelongRunSchema } from './lifelongWire.ts';
import { streamMeasuresSchema, streamsProblem, wireStreamsSchema } from '../scenario/streamWire.ts';

const count = z.number().int().nonnegative();

export const wireInstanceSchema = z
  .object({
    format: z.literal('mapf-lab/instance', 'must be "mapf-lab/instance"'),
    version: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], `must be ${listOf(WIRE_INSTANCE_VERSIONS, 'or')} (the instance format versions this build reads)`),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    passable: z.instanceof(Uint8Array, { error: 'must be a Uint8Array' }),
    weight: z.instanceof(Float32Array, { error: 'must be a Float32Array or null' }).nullable(),
    connectivity: z.union([z.literal(4), z.literal(8)], 'must be 4 or 8'),
    corners: z.enum(['cut', 'no-cut'], "must be 'cut' or 'no-cut'"),
    starts: z.instanceof(Int32Array, { error: 'must be an Int32Array' }),
    goals: z.instanceof(Int32Array, { error: 'must be an Int32Array' }),
    // Version 2 (see wire.ts): unit attributes and timed map events.
    sizes: z.instanceof(Uint8Array, { error: 'must be a Uint8Array or null' }).nullable().optional(),
    speeds: z.instanceof(Uint16Array, { error: 'must be a Uint16Array or null' }).nullable().optional(),
    priorities: z.instanceof(Int32Array, { error: 'must be an Int32Array or null' }).nullable().optional(),
    events: z
      .array(
        z.object({
          t: z.number().int('must be a whole turn').nonnegative('must be a turn >= 0'),
          action: z.enum(['close', 'open'], "must be 'close' or 'open'"),
          cells: z.instanceof(Int32Array, { error: 'must be an Int32Array' }),
        }),
      )
      .nullable()
      .optional(),
    // Version 3: moving obstacles.
    obstacles: z
      .array(
        z.object({
          id: z.string().min(1, 'must name the obstacle'),
          size: z.number().int().min(1).max(255),
          speed: z.number().int().min(1).max(65535),
          route: z.instanceof(Int32Array, { error: 'must be an Int32Array' }),
          mode: z.enum(['loop', 'ping-pong', 'once'], "must be 'loop', 'ping-pong' or 'once'"),
          startTurn: z.number().int().nonnegative(),
        }),
      )
      .nullable()
      .optional(),
    // Version 4: streams (streamWire.ts).
    streams: wireStreamsSchema.nullable().optional(),
  })
  .superRefine((wire, ctx) => {
    const cells = wire.width * wire.height;
    if (wire.streams) {
      if (wire.version < 4) ctx.addIssue({ code: 'custom', path: ['streams'], message: 'needs instance version 4 (earlier versions have no streams)' });
      const problem = streamsProblem(wire.streams, wire.width, wire.height, wire.starts.length);
      if (problem !== null) ctx.addIssue({ code: 'custom', path: ['streams'], message: problem });
    }
    const obstacles = wire.obstacles ?? [];
    if (obstacles.length > 0 && wire.version < 3) ctx.addIssue({ code: 'custom', path: ['obstacles'], message: 'needs instance version 3 (earlier versions have no moving obstacles)' });
    obstacles.forEach((o, i) => {
      if (o.route.length === 0) ctx.addIssue({ code: 'custom', path: ['obstacles', i, 'route'], message: 'must name at least one waypoint' });
      const bad = o.route.findIndex((cell) => cell < 0 || cell >= cells);
      if (bad >= 0) ctx.addIssue({ code: 'custom', path: ['obstacles', i, 'route', bad], message: `cell ${o.route[bad]} is outside the ${wire.width}x${wire.height} map` });
    });
    if (wire.passable.length !== cells) {
      ctx.addIssue({ code: 'custom', path: ['passable'], message: `has ${wire.passable.length} cells, expected ${wire.width}x${wire.height} = ${cells}` });
    }
    if (wire.weight && wire.weight.length !== cells) {
      ctx.addIssue({ code: 'custom', path: ['weight'], message: `has ${wire.weight.length} cells, expected ${wire.width}x${wire.height} = ${cells}` });
    }
    if (wire.starts.length !== wire.goals.length) {
      ctx.addIssue({ code: 'custom', path: ['goals'], message: `has ${wire.goals.length} agents but starts has ${wire.starts.length}` });
    }
    checkVersion2(wire, cells, ctx);
  });

/** Version-2 fields: absent in version 1; one entry per agent, in range; event cells on the map. */
function checkVersion2(
  wire: { version: number; starts: Int32Array; width: number; height: number; sizes?: Uint8Array | null; speeds?: Uint16Array | null; priorities?: Int32Array | null; events?: { cells: Int32Array }[] | null },
  cells: number,
  ctx: z.RefinementCtx,
): void {
  const n = wire.starts.length;
  const arrays = { sizes: wire.sizes, speeds: wire.speeds, priorities: wire.priorities };
  for (const [field, array] of Object.entries(arrays)) {
    if (!array) continue;
    if (wire.version < 2) {
      ctx.addIssue({ code: 'custom', path: [field], message: 'needs instance version 2 (version 1 has no unit attributes)' });
      continue;
    }
    if (array.length !== n) ctx.addIssue({ code: 'custom', path: [field], message: `has ${array.length} entries, expected one per agent (${n})` });
    if (field === 'priorities') continue;
    const bad = array.findIndex((value: number) => value < 1);
    if (bad >= 0) ctx.addIssue({ code: 'custom', path: [field, bad], message: `is ${array[bad]}, must be at least 1` });
  }
  const events = wire.events ?? [];
  if (events.length > 0 && wire.version < 2) ctx.addIssue({ code: 'custom', path: ['events'], message: 'needs instance version 2 (version 1 has no map events)' });
  events.forEach((event, i) => {
    const bad = event.cells.findIndex((cell) => cell < 0 || cell >= cells);
    if (bad >= 0) ctx.addIssue({ code: 'custom', path: ['events', i, 'cells', bad], message: `cell ${event.cells[bad]} is outside the ${wire.width}x${wire.height} map` });
    if (event.cells.length === 0) ctx.addIssue({ code: 'custom', path: ['events', i, 'cells'], message: 'must name at least one cell' });
  });
}

export const wirePathsSchema = z
  .object({
    format: z.literal('mapf-lab/paths', 'must be "mapf-lab/paths"'),
    version: z.literal(WIRE_PATHS_VERSION, `must be ${WIRE_PATHS_VERSION} (the paths format version this build reads)`),
    offsets: z.instanceof(Int32Array, { error: 'must be an Int32Array' }),
    cells: z.instanceof(Int32Array, { error: 'must be an Int32Array' }),
  })
  .superRefine((wire, ctx) => {
    const { offsets, cells } = wire;
    if (offsets.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['offsets'], message: 'must hold at least one entry (paths + 1)' });
      return;
    }
    for (let i = 0; i < offsets.length; i++) {
      if (offsets[i] < (i === 0 ? 0 : offsets[i - 1]) || offsets[i] > cells.length) {
        ctx.addIssue({ code: 'custom', path: ['offsets', i], message: `offset ${offsets[i]} is out of order or past the ${cells.length} cells` });
        return;
      }
    }
  });

/** What a caller sends to have an instance solved. The Electron main process validates with it too. */
export const solveRequestBodySchema = z.object({
  kind: z.literal('solve').optional(),
  solver: z.string().min(1, 'must name a solver'),
  instance: wireInstanceSchema,
  seed: z.number().int().optional(),
  timeLimitMs: z.number().positive().optional(),
  timeLimitClock: z.enum(CLOCK_KINDS).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  lifelong: lifelongRequestSchema.optional(),
});

export const solveProgressSchema = z.object({
  fraction: z.number().min(0).max(1).optional(),
  message: z.string(),
});

const int32 = z.instanceof(Int32Array, { error: 'must be an Int32Array' });

/**
 * The controller's plan windows (core/contract/planWindows.ts) inside a replay, sent only when
 * the request asked for them (param recordPlans). A newer version is refused by name rather than
 * drawn wrongly; a receiver that predates the field drops it (zod strips unknown keys).
 */
export const planWindowsSchema = z
  .object({
    format: z.literal(PLAN_WINDOWS_FORMAT, `must be "${PLAN_WINDOWS_FORMAT}"`),
    version: z.literal(PLAN_WINDOWS_VERSION, `must be ${PLAN_WINDOWS_VERSION} (the plan windows version this build reads)`),
    agents: count,
    window: count,
    agent: int32,
    t0: int32,
    offsets: int32,
    cells: int32,
    extra: int32.nullable().optional(),
  })
  .superRefine((windows, ctx) => {
    const problem = planWindowsProblem(windows);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * The simulator's turn events as columns (turnEventWire.ts). The check is one pass over typed
 * arrays: a million events (PIBT, 10,000 units) as objects took zod most of a second.
 */
export const wireTurnEventsSchema = z
  .object({
    format: z.literal(TURN_EVENTS_FORMAT, `must be "${TURN_EVENTS_FORMAT}"`),
    version: z.literal(TURN_EVENTS_VERSION, `must be ${TURN_EVENTS_VERSION} (the turn events version this build reads)`),
    kind: z.instanceof(Uint8Array, { error: 'must be a Uint8Array' }),
    t: int32,
    agent: int32,
    cell: int32,
    othersStart: int32,
    others: int32,
    detail: int32,
    details: z.array(z.string()),
  })
  .superRefine((events, ctx) => {
    const problem = turnEventsProblem(events);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

/** The simulator's replay (core/contract/replay.ts), as a result carries it (its events as columns: WireReplay). */
export const replaySchema = z
  .object({
    format: z.literal(REPLAY_FORMAT, `must be "${REPLAY_FORMAT}"`),
    version: z.literal(REPLAY_VERSION, `must be ${REPLAY_VERSION} (the replay version this build reads)`),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    agents: count,
    turns: count,
    positions: z.instanceof(Int32Array, { error: 'must be an Int32Array' }),
    events: wireTurnEventsSchema,
    mapChanges: z.array(z.object({ t: count, cells: z.array(count), passable: z.boolean() })),
    windows: planWindowsSchema.optional(),
  })
  .superRefine((replay, ctx) => {
    const expected = (replay.turns + 1) * replay.agents;
    if (replay.positions.length !== expected) {
      ctx.addIssue({ code: 'custom', path: ['positions'], message: `has ${replay.positions.length} entries, expected (turns + 1) * agents = ${expected}` });
    }
    const windows = replay.windows;
    if (windows) {
      if (windows.agents !== replay.agents) ctx.addIssue({ code: 'custom', path: ['windows', 'agents'], message: `is ${windows.agents}, the replay has ${replay.agents} agents` });
      const cells = replay.width * replay.height;
      const outside = windows.cells.findIndex((cell) => cell < 0 || cell >= cells);
      if (outside >= 0) ctx.addIssue({ code: 'custom', path: ['windows', 'cells', outside], message: `cell ${windows.cells[outside]} is outside the ${replay.width}x${replay.height} map` });
      const extraOutside = windows.extra ? windows.extra.findIndex((cell) => cell < -1 || cell >= cells) : -1;
      if (extraOutside >= 0) ctx.addIssue({ code: 'custom', path: ['windows', 'extra', extraOutside], message: `cell ${windows.extra![extraOutside]} is outside the ${replay.width}x${replay.height} map` });
    }
  });

/** The engine crowd models' real positions per turn (core/contract/crowdTrack.ts), as a result carries them. */
export const crowdTrackSchema = z
  .object({
    format: z.literal(CROWD_TRACK_FORMAT, `must be "${CROWD_TRACK_FORMAT}"`),
    version: z.literal(CROWD_TRACK_VERSION, `must be ${CROWD_TRACK_VERSION} (the crowd track version this build reads)`),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    agents: count,
    turns: count,
    radius: z.number().positive(),
    maxSpeed: z.number().positive(),
    positions: z.instanceof(Float32Array, { error: 'must be a Float32Array' }),
    arrivals: int32,
    stuckTurns: count,
    stepOverlaps: count,
    stepDeepest: z.number().nonnegative(),
    sizes: int32.optional(),
  })
  .superRefine((track, ctx) => {
    if (track.sizes && track.sizes.length !== track.agents) ctx.addIssue({ code: 'custom', path: ['sizes'], message: `has ${track.sizes.length} entries, expected one per unit (${track.agents})` });
    const expected = (track.turns + 1) * track.agents * 2;
    if (track.positions.length !== expected) ctx.addIssue({ code: 'custom', path: ['positions'], message: `has ${track.positions.length} entries, expected (turns + 1) * agents * 2 = ${expected}` });
    if (track.arrivals.length !== track.agents) ctx.addIssue({ code: 'custom', path: ['arrivals'], message: `has ${track.arrivals.length} entries, expected one per agent (${track.agents})` });
  });

export const solveResultBodySchema = z.object({
  kind: z.literal('solve').optional(),
  solver: z.string(),
  status: z.enum(['solved', 'timeout', 'unsolvable', 'cancelled', 'failed']),
  paths: wirePathsSchema,
  message: z.string().optional(),
  stats: z.object({ expanded: count, generated: count, elapsedMs: z.number().nonnegative() }).catchall(z.number()),
  /** Present when the solver ran in the turn simulator (the cooperative solvers). */
  replay: replaySchema.optional(),
  /** Present for the engine crowd models (continuous movement): real positions per turn. */
  crowd: crowdTrackSchema.optional(),
  /** Each moving obstacle's cells per turn as it moved (runs among moving obstacles). */
  obstaclePaths: wirePathsSchema.optional(),
  /** A stream's measures (goals reached, exits, units on the map, backlogs, time in the system). */
  streams: streamMeasuresSchema.optional(),
  lifelong: lifelongRunSchema.optional(),
});

/** One experiment run to execute in the solver process, with the texts of the files it names. */
export const runRequestBodySchema = z.object({
  kind: z.literal('run'),
  run: runSpecSchema,
  files: z.record(z.string(), z.string()),
});

export const runResultBodySchema = z.object({ kind: z.literal('run'), record: runRecordSchema });

const id = z.string().min(1, 'must be a non-empty string');
const v = z.number();

export const requestMessageSchema = z.object({ v, type: z.literal('request'), id, body: solveRequestBodySchema });
export const runRequestMessageSchema = z.object({ v, type: z.literal('request'), id, body: runRequestBodySchema });
export const cancelMessageSchema = z.object({ v, type: z.literal('cancel'), id });
export const progressMessageSchema = z.object({ v, type: z.literal('progress'), id, progress: solveProgressSchema });
export const resultMessageSchema = z.object({ v, type: z.literal('result'), id, body: solveResultBodySchema });
export const runResultMessageSchema = z.object({ v, type: z.literal('result'), id, body: runResultBodySchema });
export const errorMessageSchema = z.object({
  v,
  type: z.literal('error'),
  id: id.nullable(),
  name: z.string(),
  message: z.string(),
  stack: z.string().optional(),
});
export const readyMessageSchema = z.object({ v, type: z.literal('ready') });

/**
 * Picks a message's schema by its type, and a request's or result's by its body's kind, so that
 * errors name the fields of the body that was meant (a union would only say "invalid input").
 */
type SchemaFor = z.ZodType | ((raw: Record<string, unknown>) => z.ZodType);

const isRunBody = (raw: Record<string, unknown>): boolean => (raw.body as { kind?: unknown } | null | undefined)?.kind === 'run';

const TO_SOLVER: Record<string, SchemaFor> = {
  request: (raw) => (isRunBody(raw) ? runRequestMessageSchema : requestMessageSchema),
  cancel: cancelMessageSchema,
};
const FROM_SOLVER: Record<string, SchemaFor> = {
  progress: progressMessageSchema,
  result: (raw) => (isRunBody(raw) ? runResultMessageSchema : resultMessageSchema),
  error: errorMessageSchema,
  ready: readyMessageSchema,
};

/** A message that could not be read, with the id to reply to when the message had one. */
export interface MessageProblem {
  ok: false;
  id: string | null;
  /** 'ProtocolVersionError' for a version mismatch, 'ProtocolError' for everything else. */
  name: 'ProtocolError' | 'ProtocolVersionError';
  message: string;
}

export type Parsed<T> = { ok: true; message: T } | MessageProblem;

/** Reads a message sent to a solver process: a request or a cancel of this protocol version. */
export function parseToSolverMessage(raw: unknown): Parsed<ToSolverMessage> {
  return parseMessage(raw, TO_SOLVER, 'the solver process') as Parsed<ToSolverMessage>;
}

/** Reads a message sent by a solver process: progress, result, error or ready. */
export function parseFromSolverMessage(raw: unknown): Parsed<FromSolverMessage> {
  return parseMessage(raw, FROM_SOLVER, 'the solver client') as Parsed<FromSolverMessage>;
}

/** Checks a solve request body; returns it, or a message naming every field at fault. */
export function parseSolveRequestBody(raw: unknown): { ok: true; body: SolveRequestBody } | { ok: false; message: string } {
  const parsed = solveRequestBodySchema.safeParse(raw);
  return parsed.success ? { ok: true, body: parsed.data as SolveRequestBody } : { ok: false, message: describeIssues(parsed.error, 'request body') };
}

/** One line per issue, each naming the field path: "body.instance.starts must be an Int32Array". */
export function describeIssues(error: z.ZodError, what: string): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return `${path ? `${what}.${path}` : what}: ${issue.message}`;
    })
    .join('; ');
}

function parseMessage(raw: unknown, schemas: Record<string, SchemaFor>, receiver: string): Parsed<unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return problem(null, `a protocol message must be an object, got ${describeValue(raw)}`);
  }
  const record = raw as Record<string, unknown>;
  const replyId = typeof record.id === 'string' && record.id !== '' ? record.id : null;
  if (typeof record.v !== 'number') return problem(replyId, `message has no protocol version 'v' (this side speaks version ${PROTOCOL_VERSION})`);
  if (record.v !== PROTOCOL_VERSION) {
    return { ok: false, id: replyId, name: 'ProtocolVersionError', message: `protocol version ${record.v} is not supported (this side speaks version ${PROTOCOL_VERSION})` };
  }
  const type = record.type;
  const chosen = typeof type === 'string' && Object.hasOwn(schemas, type) ? schemas[type] : undefined;
  const schema = typeof chosen === 'function' ? chosen(record) : chosen;
  if (!schema) {
    const shown = typeof type === 'string' ? `'${type}'` : describeValue(type);
    return problem(replyId, `unknown message type ${shown} for ${receiver} (expected ${Object.keys(schemas).join(', ')})`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return problem(replyId, `malformed '${type}' message: ${describeIssues(parsed.error, 'message')}`);
  return { ok: true, message: parsed.data };
}

function problem(id: string | null, message: string): MessageProblem {
  return { ok: false, id, name: 'ProtocolError', message };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `string '${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

// Compile-time checks that what the schemas accept fits the hand-written message types.
type Fits<A, B> = [A] extends [B] ? true : false;
const _bodyFits: Fits<z.infer<typeof solveRequestBodySchema>, SolveRequestBody> = true;
const _resultFits: Fits<z.infer<typeof solveResultBodySchema>, SolveResultBody> = true;
const _statusesAgree: Fits<SolveResultBody['status'], z.infer<typeof solveResultBodySchema>['status']> = true;
const _runBodyFits: Fits<z.infer<typeof runRequestBodySchema>, RunRequestBody> = true;
const _runResultFits: Fits<z.infer<typeof runResultBodySchema>, RunResultBody> = true;
