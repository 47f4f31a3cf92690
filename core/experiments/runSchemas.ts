/**
 * Runtime checks of a RunSpec and a RunRecord, for when they cross a process boundary (the
 * solver protocol's run requests) or come back from a results file.
 */
import { z } from 'zod';
import { COST_MODELS } from '../mapf/plan.ts';
import type { RunSpec } from './runPlan.ts';
import type { RunRecord } from './runRecord.ts';
import { RECORD_COLUMNS } from './runRecord.ts';
import { SolverParamsSchema } from '../scenario/schema.ts';
import { ExitSchema, SpawnerSchema } from '../scenario/streamSchema.ts';
import { CLOCK_KINDS } from '../util/clock.ts';

const int = z.number().int();
/** Record figures may be NaN (nothing measured) or, in principle, infinite; zod's number() refuses both. */
const anyNumber = z.custom<number>((value) => typeof value === 'number', { message: 'must be a number' });

const mapRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('random'), width: int.positive(), height: int.positive(), density: z.number().min(0).lt(1), seed: int, fill: z.boolean() }),
  z.object({ kind: z.literal('movingai'), map: z.string().min(1) }),
  z.object({ kind: z.literal('inline'), rows: z.array(z.string()).min(1) }),
  z.object({ kind: z.literal('lorr'), problem: z.string().min(1), steps: int.positive(), stepLimitMs: z.number().positive() }),
]);

const placementRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('random'), seed: int }),
  z.object({ kind: z.literal('scenario'), scen: z.string().min(1) }),
  z.object({ kind: z.literal('inline'), agents: z.array(z.tuple([int, int, int, int])) }),
]);

export const runSpecSchema = z.object({
  id: int.nonnegative(),
  key: z.string().min(1),
  instanceKey: z.string(),
  map: mapRefSchema,
  mapName: z.string(),
  instance: int.nonnegative(),
  agents: int.nonnegative(),
  placement: placementRefSchema,
  connectivity: z.union([z.literal(4), z.literal(8)]),
  corners: z.enum(['no-cut', 'cut']),
  solver: z.string().min(1),
  label: z.string().min(1),
  params: SolverParamsSchema,
  // A LoRR run's task scheduler: without it here a run sent to a solver process would run the default one.
  scheduler: z.string().min(1).optional(),
  seed: int,
  turnLimit: int.positive().optional(),
  timeLimitMs: z.number().positive().optional(),
  timeLimitClock: z.enum(CLOCK_KINDS).optional(),
  costModel: z.enum(COST_MODELS),
  obstacles: z.object({ count: int.nonnegative(), routeLength: int.positive(), speed: int.positive(), seed: int }).optional(),
  // The experiment's measured region: without it here a run sent to a solver process lost it and recorded no region figures.
  region: z.object({ name: z.string().min(1).max(80), from: z.tuple([int.nonnegative(), int.nonnegative()]), to: z.tuple([int.nonnegative(), int.nonnegative()]) }).optional(),
  // The experiment's stream, in the scenario file's form (checked again on receipt, as the file's).
  streams: z.object({ spawners: z.array(SpawnerSchema), exits: z.array(ExitSchema) }).optional(),
});

const TEXT_COLUMNS: Partial<Record<keyof RunRecord, z.ZodType>> = {
  key: z.string().min(1),
  map: z.string(),
  solver: z.string(),
  label: z.string(),
  message: z.string(),
  status: z.enum(['solved', 'timeout', 'unsolvable', 'cancelled', 'failed', 'error']),
  costModel: z.enum(COST_MODELS),
};

/** Fields in RECORD_COLUMNS order, which parsing keeps, so records read back print as written. */
export const runRecordSchema = z.object(Object.fromEntries(RECORD_COLUMNS.map((c) => [c, TEXT_COLUMNS[c] ?? anyNumber]))) as unknown as z.ZodType<RunRecord>;

// Compile-time check that the schema accepts exactly what the hand-written type says.
type Fits<A, B> = [A] extends [B] ? true : false;
const _specFits: Fits<z.infer<typeof runSpecSchema>, RunSpec> = true;
