/**
 * The scenario file, current version (`format: "mapf-lab/scenario", version: 5`): one map, the
 * movement rules, the units with their tasks, the solver settings, timed map events, (from
 * version 3) moving obstacles with what units know of them and measured regions, (from
 * version 4) streams: spawners, exits, errands and task lists (streamSchema.ts), and (from
 * version 5) the level file it was imported from (levelSourceSchema.ts), and (from version 6)
 * how long a turn lasts and how wide a cell is in the game (timeScaleSchema.ts).
 *
 * This zod schema is the one definition of the format: the loader validates with it, the JSON
 * editor validates with its JSON Schema export, and every `.describe()` text below is what the
 * editor shows on hover, so each field carries one. Older versions are read by migrations.ts.
 */
import { z } from 'zod';
import { CELL_WEIGHT_LIMIT, MAX_GRID_SIDE } from '../grid/grid.ts';
import { MAX_UNIT_SIZE } from '../grid/footprint.ts';
import { MAX_UNIT_PRIORITY, MAX_UNIT_SPEED, MIN_UNIT_PRIORITY } from '../mapf/instance.ts';
import { OBSTACLE_MODES } from '../mapf/obstacles.ts';
import { MAX_UNITS, formatCount } from '../util/limits.ts';
import { LevelSourceSchema } from './levelSourceSchema.ts';
import { TimeScaleSchema } from './timeScaleSchema.ts';
import { ErrandsSchema, ExitSchema, SpawnerSchema, TaskListSchema, type ScenarioErrands } from './streamSchema.ts';

export const SCENARIO_FORMAT = 'mapf-lab/scenario';
export const SCENARIO_VERSION = 6;

/** Agent order policies the cooperative solvers know (Silver 2005, "Cooperative A*"). */
export const AGENT_ORDERS = ['given', 'random', 'priority', 'distance'] as const;
export type AgentOrder = (typeof AGENT_ORDERS)[number];

const whole = (min: number) => z.number().int().min(min);

/** What a scenario past the unit limit is told (the schema and the loader's early count say the same). */
export const UNITS_LIMIT_MESSAGE = `at most ${formatCount(MAX_UNITS)} units per scenario (the lab's unit limit)`;

/** Deepest nesting of objects and arrays in solver params: deeper values opened but could not be saved (the writer recursed out of stack). */
export const MAX_PARAMS_DEPTH = 32;

/** How deeply `value` nests objects and arrays (0 for a plain value), counted without recursion. */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_PARAMS_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export const PointSchema = z.tuple([
  whole(0).describe('x: the column, 0 at the left edge.'),
  whole(0).describe('y: the row, 0 at the top edge.'),
]).describe('A cell as [x, y]; (0, 0) is the top-left cell.');

export const InlineMapSchema = z.object({
  kind: z.literal('inline').describe("'inline': the map is written in this file as rows."),
  rows: z.array(z.string().min(1).max(MAX_GRID_SIDE).describe(`One row of the map, left to right: '.' is a free cell, '@' a wall (at most ${MAX_GRID_SIDE} cells).`))
    .min(1)
    .max(MAX_GRID_SIDE)
    .describe("The map's rows, top to bottom; all rows have the same length (the map's width)."),
  weights: z.array(z.array(z.number().min(1).lt(CELL_WEIGHT_LIMIT).describe('Cost factor of entering this cell (>= 1; 1 = normal; at most 3.4028235e38, as a float32 holds it).')).max(MAX_GRID_SIDE)).max(MAX_GRID_SIDE)
    .optional()
    .describe('Optional terrain weights, one row of numbers per map row; a move costs its length times the weight of the cell it enters. Omit for uniform cost.'),
}).strict().describe('A map written in the file.');

export const MapFileSchema = z.object({
  kind: z.literal('file').describe("'file': the map is a Moving AI .map file, or a level file (Tiled, LDtk, an image), next to this one."),
  path: z.string().min(1).describe("Path of the Moving AI .map file or level file (.tmx, .tmj, .ldtk, .png), relative to this scenario file's folder (e.g. 'maps/den520d.map'); a level is read with the choices in `source`."),
}).strict().describe('A reference to a Moving AI .map file or a level file.');

export const MapSchema = z.discriminatedUnion('kind', [InlineMapSchema, MapFileSchema])
  .describe("The grid map: inline rows ({ \"kind\": \"inline\", \"rows\": [...] }) or a Moving AI .map file ({ \"kind\": \"file\", \"path\": \"...\" }).");

export const AgentSchema = z.object({
  id: z.string().min(1).describe('Unique identifier of the unit within this scenario (used by events, logs and exports).'),
  name: z.string().optional().describe('Display name; defaults to the id.'),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour written #rrggbb').optional()
    .describe('Display colour as #rrggbb; defaults to the palette colour for the unit\'s place in the list.'),
  start: PointSchema.describe('Start cell [x, y] (the top-left cell of the footprint for larger units).'),
  goal: PointSchema.describe('Goal cell [x, y] (the top-left cell of the footprint for larger units).'),
  priority: z.number().int().min(MIN_UNIT_PRIORITY).max(MAX_UNIT_PRIORITY).default(0)
    .describe('Planning priority: higher plans first and may override lower reservations (default 0; a 32-bit whole number).'),
  size: whole(1).max(MAX_UNIT_SIZE).default(1).describe(`Side of the square footprint in cells, anchored at the top-left cell (default 1, at most ${MAX_UNIT_SIZE}).`),
  speed: whole(1).max(MAX_UNIT_SPEED).default(1).describe(`Turns one move takes: 1 moves every turn, 2 every other turn (default 1, at most ${MAX_UNIT_SPEED}).`),
  errands: ErrandsSchema.optional().describe('Version 4: what the unit does after reaching its goal (more goals in order, optionally repeated, or drawn from a task list).'),
}).strict().describe('One unit: where it starts, where it must go, and how it moves.');

/** A solver's params: any JSON object, nested at most MAX_PARAMS_DEPTH deep (scenarios, replays and experiments share it). */
export const SolverParamsSchema = z
  .record(z.string(), z.unknown())
  .refine((params) => nestingDepth(params) <= MAX_PARAMS_DEPTH, `must nest objects and arrays at most ${MAX_PARAMS_DEPTH} levels deep`);

export const SolverSettingsSchema = z.object({
  solver: z.string().min(1).default('independent').describe("Solver name from the solver registry (e.g. 'independent', 'whca')."),
  window: whole(1).optional().describe('Planning window in turns for windowed solvers (WHCA*); omit for the solver default.'),
  timeLimitMs: whole(1).optional().describe('Budget for one solve in milliseconds, on timeLimitClock; omit for no limit.'),
  timeLimitClock: z.enum(['wall', 'cpu']).optional()
    .describe("The clock timeLimitMs is counted on: 'wall' (elapsed time, the default) or 'cpu' (the solving thread's CPU time: a busy machine does not use up the limit; the desktop app and the CLI only)."),
  turnLimit: whole(1).optional().describe('Most turns a plan may take before the run counts as failed; omit for no limit.'),
  order: z.enum(AGENT_ORDERS).default('given')
    .describe("Order in which units plan: 'given' (file order), 'random' (shuffled by the seed), 'priority' (highest first), 'distance' (longest task first)."),
  seed: z.number().int().default(1).describe('Seed for every random choice the solver makes, so runs are reproducible.'),
  params: SolverParamsSchema.default({})
    .describe('Solver-specific parameters, checked by the solver itself.'),
}).strict().describe('How to solve the scenario.');

export const MapEventSchema = z.object({
  t: whole(0).describe('Turn at which the change happens (0 = before the first move).'),
  cells: z.array(PointSchema).min(1).describe('Cells [x, y] that change.'),
  action: z.enum(['close', 'open']).describe("'close' turns the cells into walls, 'open' makes them free."),
}).strict().describe('Cells that close or open at turn t (a door, a collapsing bridge).');

export const ObstacleSchema = z.object({
  id: z.string().min(1).describe('Unique identifier of the obstacle within this scenario (named in errors, logs and replays).'),
  size: whole(1).max(MAX_UNIT_SIZE).default(1).describe('Side of its square footprint in cells, anchored at the top-left cell (default 1).'),
  speed: whole(1).max(MAX_UNIT_SPEED).default(1).describe('Turns one step takes: 1 steps every turn (default 1).'),
  route: z.array(PointSchema).min(1).describe('Waypoints [x, y] in order; it walks a shortest 4-connected path between consecutive ones.'),
  mode: z.enum(OBSTACLE_MODES).describe("'loop' returns to the first waypoint and goes round again, 'ping-pong' walks the route back and forth, 'once' stops at the last waypoint."),
  startTurn: whole(0).default(0).describe('Turn it sets off; before it, it stands on its first waypoint (default 0).'),
}).strict().describe('A moving obstacle (a patrolling guard, a cart, a ferry): it follows its route and never plans; units give way to nothing, it waits for them.');

export const OBSTACLE_KNOWLEDGE = ['now', 'timetable'] as const;

export const RegionSchema = z.object({
  name: z.string().min(1).max(80).describe('Name of the region, shown in results and charts (e.g. "bridge"); unique within the scenario.'),
  from: PointSchema.describe('One corner [x, y] of the rectangle (inclusive).'),
  to: PointSchema.describe('The opposite corner [x, y] (inclusive); the same cell as `from` for a one-cell region.'),
}).strict().describe('A measured region: a named rectangle of cells (a bridge, a door, a corridor); results give who passed through it, when, and how long units waited in it or queued next to it.');

export const ScenarioSchema = z.object({
  format: z.literal(SCENARIO_FORMAT).describe(`Always '${SCENARIO_FORMAT}': marks the file as a MAPF Lab scenario.`),
  version: z.literal(SCENARIO_VERSION).describe(`Format version; this program writes ${SCENARIO_VERSION} and migrates older files on load.`),
  name: z.string().min(1).describe('Name of the scenario, shown in the title bar and reports.'),
  map: MapSchema,
  connectivity: z.union([z.literal(4), z.literal(8)]).default(4).describe('4: moves along rows and columns only; 8: diagonal moves too.'),
  corners: z.enum(['no-cut', 'cut']).default('no-cut')
    .describe("For 8-connected maps: 'no-cut' needs both orthogonal neighbours of a diagonal move free; 'cut' allows diagonals past blocked corners."),
  agents: z.array(AgentSchema).max(MAX_UNITS, UNITS_LIMIT_MESSAGE).default([]).describe(`The units, in planning order for the "given" order (at most ${formatCount(MAX_UNITS)}).`),
  // A function, so each scenario gets its own settings object (no shared `params`).
  solver: SolverSettingsSchema.default(() => ({ solver: 'independent', order: 'given' as const, seed: 1, params: {} })),
  events: z.array(MapEventSchema).default([]).describe('Timed map changes, any order.'),
  obstacles: z.array(ObstacleSchema).default([]).describe('Moving obstacles (version 3): each follows its route; units never share a cell or swap with one.'),
  knowledge: z.enum(OBSTACLE_KNOWLEDGE).default('now')
    .describe("What units know of moving obstacles: 'now' (only where they stand this turn, like walls) or 'timetable' (their future positions)."),
  regions: z.array(RegionSchema).max(1000).default([]).describe('Measured regions (version 3): named rectangles whose traffic every solve reports.'),
  spawners: z.array(SpawnerSchema).max(1000).default([]).describe('Spawners (version 4): areas where units keep appearing on a schedule.'),
  exits: z.array(ExitSchema).max(1000).default([]).describe('Exits (version 4): areas where units sent there leave the map.'),
  tasks: z.array(TaskListSchema).max(1000).default([]).describe('Task lists (version 4): goals a unit with errands { "tasks": name } draws from on each arrival.'),
  source: LevelSourceSchema.optional().describe('The level (Tiled, LDtk or image) this scenario was imported from, and the choices made (version 5); absent for a scenario made in the lab.'),
  scale: TimeScaleSchema.optional(),
}).strict().describe('A MAPF Lab scenario: a map, units with start and goal cells, and solver settings.');

export type Point = readonly [number, number];
export type ScenarioMap = z.output<typeof MapSchema>;
export type InlineMap = z.output<typeof InlineMapSchema>;
export type MapFileRef = z.output<typeof MapFileSchema>;
export type SolverSettings = z.output<typeof SolverSettingsSchema>;
export type MapEvent = z.output<typeof MapEventSchema>;
export type ScenarioObstacle = z.output<typeof ObstacleSchema>;
export type ObstacleKnowledge = (typeof OBSTACLE_KNOWLEDGE)[number];
export type ScenarioRegion = z.output<typeof RegionSchema>;

/** A unit after loading: every optional field filled in. */
export interface ScenarioAgent {
  id: string;
  name: string;
  colour: string;
  start: Point;
  goal: Point;
  priority: number;
  size: number;
  speed: number;
  errands?: ScenarioErrands;
}

/** A loaded, checked scenario in its canonical form (what serializeScenario writes). */
export type Scenario = Omit<z.output<typeof ScenarioSchema>, 'agents'> & { agents: ScenarioAgent[] };

/** The file as written by hand: defaulted fields optional. */
export type ScenarioFileInput = z.input<typeof ScenarioSchema>;

export const DEFAULT_SOLVER_SETTINGS: SolverSettings = Object.freeze({ solver: 'independent', order: 'given', seed: 1, params: {} }) as SolverSettings;

/**
 * The JSON Schema of the current version for the JSON editor (input shape: defaulted fields
 * optional), with every field's description for hover documentation.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ScenarioSchema, { io: 'input' }) as Record<string, unknown>;
}
