/**
 * A scenario's streams (spawners, exits, errands; core/mapf/streams.ts) on the wire, in instance
 * version 4: plain arrays of cells, checked by a zod schema on receipt (cells on the map, exits
 * named by index). A spawner with no limit on its count sends `count: null`, since the Electron
 * main process checks the request with zod, whose numbers are finite.
 */
import { z } from 'zod';
import type { SpawnSchedule, StreamErrands, StreamTarget, Streams } from '../mapf/streams.ts';

export interface WireStreams {
  spawners: (Omit<Streams['spawners'][number], 'count'> & { count: number | null })[];
  exits: Streams['exits'][number][];
  placed: (Streams['placed'][number] | null)[];
}

const whole = z.number().int().nonnegative();
const cellList = z.array(whole);

const targetSchema: z.ZodType<StreamTarget> = z.union([
  z.object({ kind: z.literal('cell'), cell: whole }),
  z.object({ kind: z.literal('region'), cells: cellList }),
  z.object({ kind: z.literal('exit'), exit: whole }),
]);

const errandsSchema: z.ZodType<StreamErrands> = z.union([
  z.object({ kind: z.literal('list'), goals: z.array(targetSchema).min(1), repeat: z.boolean() }),
  z.object({ kind: z.literal('tasks'), goals: z.array(targetSchema).min(1) }),
]);

const scheduleSchema: z.ZodType<SpawnSchedule> = z.union([
  z.object({ kind: z.literal('every'), every: z.number().int().positive() }),
  z.object({ kind: z.literal('rate'), rate: z.number().positive(), random: z.boolean() }),
  z.object({ kind: z.literal('waves'), waves: z.array(z.object({ turn: whole, count: z.number().int().positive() })).min(1) }),
]);

export const wireStreamsSchema = z.object({
  spawners: z.array(z.object({
    name: z.string(),
    cells: cellList,
    startTurn: whole,
    schedule: scheduleSchema,
    count: z.number().int().positive().nullable(),
    seed: z.number().int(),
    goal: targetSchema,
    errands: errandsSchema.optional(),
    size: z.number().int().min(1).max(255),
    speed: z.number().int().min(1),
    priority: z.number().int(),
    admitShare: z.number().gt(0).max(1).optional(),
  })),
  exits: z.array(z.object({ name: z.string(), cells: cellList })),
  placed: z.array(z.object({ goal: targetSchema.optional(), errands: errandsSchema.optional() }).nullable()),
});

export function encodeStreams(streams: Streams): WireStreams {
  return {
    spawners: streams.spawners.map((s) => ({ ...s, count: Number.isFinite(s.count) ? s.count : null })),
    exits: streams.exits.slice(),
    placed: streams.placed.map((p) => p ?? null),
  };
}

/** Every cell a stream names, with where it is named, for the check that it lies on the map. */
function* streamCells(streams: WireStreams): Generator<[number, string]> {
  const target = function* (t: StreamTarget, where: string): Generator<[number, string]> {
    if (t.kind === 'cell') yield [t.cell, `${where}.cell`];
    else if (t.kind === 'region') for (const c of t.cells) yield [c, `${where}.cells`];
  };
  const errands = function* (e: StreamErrands | undefined, where: string): Generator<[number, string]> {
    if (e) for (let k = 0; k < e.goals.length; k++) yield* target(e.goals[k], `${where}.errands.goals[${k}]`);
  };
  for (let i = 0; i < streams.spawners.length; i++) {
    const s = streams.spawners[i];
    for (const c of s.cells) yield [c, `spawners[${i}].cells`];
    yield* target(s.goal, `spawners[${i}].goal`);
    yield* errands(s.errands, `spawners[${i}]`);
  }
  for (let i = 0; i < streams.exits.length; i++) for (const c of streams.exits[i].cells) yield [c, `exits[${i}].cells`];
  for (let i = 0; i < streams.placed.length; i++) {
    const p = streams.placed[i];
    if (p?.goal) yield* target(p.goal, `placed[${i}].goal`);
    yield* errands(p?.errands, `placed[${i}]`);
  }
}

/** The first fault of a stream on a width x height map with `agents` placed units, or null. */
export function streamsProblem(streams: WireStreams, width: number, height: number, agents: number): string | null {
  for (const [cell, where] of streamCells(streams)) if (cell >= width * height) return `streams.${where}: cell ${cell} is outside the ${width}x${height} map`;
  const exitOf = (t: StreamTarget) => (t.kind === 'exit' ? t.exit : -1);
  for (const [i, s] of streams.spawners.entries()) {
    if (exitOf(s.goal) >= streams.exits.length) return `streams.spawners[${i}].goal: exit ${exitOf(s.goal)} does not exist (${streams.exits.length} exits)`;
  }
  if (streams.placed.length !== 0 && streams.placed.length !== agents) return `streams.placed has ${streams.placed.length} entries, expected one per placed unit (${agents})`;
  return null;
}

export function decodeStreams(wire: WireStreams): Streams {
  return {
    spawners: wire.spawners.map((s) => ({ ...s, count: s.count ?? Infinity })),
    exits: wire.exits,
    placed: wire.placed.map((p) => p ?? undefined),
  };
}

const counts = z.array(z.number().int().nonnegative());

/**
 * A stream run's measures in a solve result (core/simulation/streamMeasures.ts), with each unit's
 * side (spawned units take their spawner's), so the receiver validates and draws footprints.
 */
export const streamMeasuresSchema = z.object({
  goalsReached: counts,
  exits: counts,
  onMap: counts,
  goalsPer10: counts,
  exitsPer10: counts,
  throughput: z.number().nonnegative(),
  exitThroughput: z.number().nonnegative(),
  spawners: z.array(z.object({ name: z.string(), sent: z.number().int().nonnegative(), backlog: counts, backlogMax: z.number().int().nonnegative(), backlogEnd: z.number().int().nonnegative() })),
  appeared: z.number().int().nonnegative(),
  left: z.number().int().nonnegative(),
  timeInSystem: z.object({ mean: z.number(), p95: z.number(), max: z.number() }).nullable(),
  appearTurn: z.array(z.number().int()),
  leaveTurn: z.array(z.number().int()),
  spawnerOf: z.array(z.number().int()).optional(),
  unitSizes: z.array(z.number().int().min(1)),
});

export type WireStreamMeasures = z.infer<typeof streamMeasuresSchema>;
