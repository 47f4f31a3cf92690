/**
 * The replay file (`format: "mapf-lab/replay-file", version: 1`): a JSON serialisation of the
 * turn simulator's replay (core/contract/replay.ts, `mapf-lab/replay` version 1) with what a
 * reader needs to show it without the scenario: the map (inline rows, or a reference to a Moving
 * AI .map with its size), the movement rules, the units, every unit's cell per turn, the run's
 * events and map changes, the scenario's timed map events, the solver and its metrics.
 * More on this in README.md, "schema.ts".
 */
import { z } from 'zod';
import { AgentSchema, MapEventSchema, MapSchema, PointSchema, SolverParamsSchema } from '../scenario/schema.ts';
import { COST_MODELS } from '../mapf/plan.ts';
import { ExitSchema, SpawnerSchema, TaskListSchema } from '../scenario/streamSchema.ts';
import { streamMeasuresSchema } from '../scenario/streamWire.ts';
import { MAX_GRID_SIDE } from '../grid/grid.ts';

export const REPLAY_FILE_FORMAT = 'mapf-lab/replay-file';
export const REPLAY_FILE_VERSION = 2;
/** Versions this build reads: version 1 (a batch, every unit on the map throughout) reads as version 2 without streams. */
export const REPLAY_FILE_VERSIONS: readonly number[] = [1, 2];

const whole = (min: number) => z.number().int().min(min);

export const TURN_EVENT_KINDS = ['replan', 'wait', 'arrival', 'collision', 'priority-override', 'promotion', 'map-change'] as const;

export const ReplayFileEventSchema = z.object({
  kind: z.enum(TURN_EVENT_KINDS).describe('What happened.'),
  t: whole(0).describe('Turn of the event.'),
  agent: whole(-1).describe('Unit index (0-based, file order); -1 for events of the map.'),
  others: z.array(whole(0)).optional().describe('Other units involved, by index.'),
  cell: PointSchema.optional().describe('Cell [x, y] where it happened.'),
  detail: z.string().optional().describe('Rule broken, reason, or the like.'),
}).strict();

export const ReplayFileMapChangeSchema = z.object({
  t: whole(0).describe('Turn at whose start the change applied.'),
  cells: z.array(PointSchema).min(1),
  action: z.enum(['close', 'open']),
}).strict().describe('A map change as the simulator applied it.');

export const SOLVE_STATUSES = ['solved', 'timeout', 'unsolvable', 'cancelled', 'failed'] as const;

export const ReplayFileSchema = z.object({
  format: z.literal(REPLAY_FILE_FORMAT),
  version: z.union([z.literal(1), z.literal(2)]),
  name: z.string().min(1).describe('Name of the scenario the run solved.'),
  map: MapSchema,
  width: whole(1).max(MAX_GRID_SIDE),
  height: whole(1).max(MAX_GRID_SIDE),
  connectivity: z.union([z.literal(4), z.literal(8)]),
  corners: z.enum(['no-cut', 'cut']),
  units: z.array(AgentSchema),
  turns: whole(0).describe('Turns executed: positions holds turns + 1 states.'),
  positions: z.array(z.array(whole(-1))).describe('Per turn t = 0 … turns: [x0, y0, x1, y1, …] in unit order; [-1, -1] while a stream\'s unit is off the map (version 2).'),
  events: z.array(ReplayFileEventSchema),
  mapChanges: z.array(ReplayFileMapChangeSchema),
  mapEvents: z.array(MapEventSchema).describe("The scenario's timed map events, as configured."),
  solver: z.object({
    name: z.string().min(1),
    status: z.enum(SOLVE_STATUSES),
    message: z.string().optional(),
    seed: z.number().int().optional(),
    params: SolverParamsSchema.default({}),
  }).strict(),
  streams: z.object({
    placed: whole(0).describe('Units of the scenario (the first ones in units); the rest were spawned.'),
    spawners: z.array(SpawnerSchema),
    exits: z.array(ExitSchema),
    tasks: z.array(TaskListSchema),
    measures: streamMeasuresSchema.describe('The run\'s stream measures (goals reached, exits, units on the map, backlogs, time in system).'),
  }).strict().optional().describe('Version 2: a stream\'s spawners, exits and task lists as written, and its measures.'),
  metrics: z.object({
    /** null when no unit reached its goal. */
    sumOfCosts: z.number().nullable(),
    /** The model sumOfCosts was counted by (core/mapf/plan.ts); files before it was named leave it out. */
    costModel: z.enum(COST_MODELS).optional(),
    makespan: z.number().nullable(),
    /** The solver's statistics (expansions, elapsed ms, Silver's metrics …): finite numbers only. */
    stats: z.record(z.string(), z.number()),
  }).strict(),
}).strict();

export type ReplayFile = z.output<typeof ReplayFileSchema>;
export type ReplayFileEvent = z.output<typeof ReplayFileEventSchema>;

/** JSON Schema of the replay file, for other tools. */
export function replayFileJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ReplayFileSchema, { io: 'input' }) as Record<string, unknown>;
}
