/**
 * Streams in the scenario file (version 4): units that keep coming. A spawner is a named area
 * where units appear on a schedule (from a turn, every N turns, at a rate per 10 turns, or in
 * waves, up to a count); an exit is a named area where a unit sent there leaves the map; an
 * errand list gives a unit (placed or spawned) its goals one after another, optionally round and
 * round (mine -> base -> mine), or draws its next goal on arrival from a named task list.
 *
 * Part of the one scenario schema (schema.ts); every `.describe()` is the JSON editor's hover text.
 */
import { z } from 'zod';
import { MAX_UNIT_SIZE } from '../grid/footprint.ts';
import { MAX_UNIT_PRIORITY, MAX_UNIT_SPEED, MIN_UNIT_PRIORITY } from '../mapf/instance.ts';
import { DEFAULT_ADMIT_SHARE } from '../mapf/streams.ts';

const whole = (min: number) => z.number().int().min(min);

const Point = z.tuple([
  whole(0).describe('x: the column, 0 at the left edge.'),
  whole(0).describe('y: the row, 0 at the top edge.'),
]).describe('A cell as [x, y]; (0, 0) is the top-left cell.');

/** Most units one spawner may send (a bound on a run's memory: every unit keeps its path). */
export const MAX_SPAWN_COUNT = 100_000;

export const AreaSchema = z.object({
  cells: z.array(Point).min(1).optional().describe('The area\'s cells [x, y], any shape.'),
  from: Point.optional().describe('One corner [x, y] of a rectangle (inclusive); with `to`, instead of `cells`.'),
  to: Point.optional().describe('The opposite corner [x, y] of the rectangle (inclusive).'),
}).strict()
  .refine((area) => (area.cells !== undefined) !== (area.from !== undefined || area.to !== undefined), 'give either cells or a rectangle (from and to), not both')
  .refine((area) => area.cells !== undefined || (area.from !== undefined && area.to !== undefined), 'a rectangle needs both corners, from and to')
  .describe('An area: a list of cells, or a rectangle from one corner to the other.');

export const TargetSchema = z.object({
  cell: Point.optional().describe('Go to this cell [x, y].'),
  region: z.string().min(1).optional().describe('Go to a cell of this measured region (one drawn by the seed).'),
  exit: z.string().min(1).optional().describe('Go to this exit (its nearest cell) and leave the map there.'),
}).strict()
  .refine((target) => [target.cell, target.region, target.exit].filter((v) => v !== undefined).length === 1, 'give exactly one of cell, region or exit')
  .describe('Where a unit goes: { "cell": [x, y] }, { "region": "name" } or { "exit": "name" }.');

export const ErrandsSchema = z.object({
  goals: z.array(TargetSchema).min(1).optional().describe('Goals to visit in order after the unit\'s first goal.'),
  repeat: z.boolean().default(false).describe('After the last of these goals, go through the list again (a shuttle: goals [mine, base] with repeat); default false.'),
  tasks: z.string().min(1).optional().describe('Instead of goals: on each arrival, draw the next goal from this task list (by the scenario\'s seed).'),
}).strict()
  .refine((errands) => (errands.goals !== undefined) !== (errands.tasks !== undefined), 'give either goals or tasks')
  .describe('Errands: what a unit does after reaching its goal (goals in order, optionally repeated, or goals drawn from a task list).');

export const WaveSchema = z.object({
  turn: whole(0).describe('Turn the wave appears.'),
  count: whole(1).describe('Units in the wave.'),
}).strict().describe('A wave: count units at one turn.');

export const SpawnerSchema = z.object({
  name: z.string().min(1).max(80).describe('Name of the spawner (a barracks, a gate), shown with its backlog; unique within the scenario.'),
  area: AreaSchema.describe('Where its units appear: each on a free cell of the area (none free: the backlog grows).'),
  startTurn: whole(0).default(0).describe('Turn the first unit is due (default 0).'),
  every: whole(1).optional().describe('One unit every this many turns.'),
  rate: z.number().positive().max(10_000).optional().describe('Units per 10 turns (may be fractional).'),
  random: z.boolean().default(false).describe('With rate: arrivals at random (a Poisson stream drawn from seed) instead of evenly spaced.'),
  seed: z.number().int().default(1).describe('Seed of the random arrivals and of goals drawn from regions and task lists.'),
  waves: z.array(WaveSchema).min(1).optional().describe('Waves of units instead of a steady stream.'),
  count: whole(1).max(MAX_SPAWN_COUNT).optional().describe('Most units it sends over the run (default: no limit).'),
  goal: TargetSchema.describe('Each spawned unit\'s first goal: a cell, a region or an exit.'),
  errands: ErrandsSchema.optional().describe('What each unit does after its first goal.'),
  size: whole(1).max(MAX_UNIT_SIZE).default(1).describe('Side of each unit\'s square footprint in cells (default 1).'),
  speed: whole(1).max(MAX_UNIT_SPEED).default(1).describe('Turns one move takes (default 1).'),
  priority: z.number().int().min(MIN_UNIT_PRIORITY).max(MAX_UNIT_PRIORITY).default(0).describe('Planning priority of its units (default 0).'),
  admitShare: z.number().gt(0).max(1).optional().describe(`Admission: a unit appears only while units hold at most this share of the free cells of its spawn cell's connected area, and of its bank where a one-lane corridor longer than one cell is the only link between two banks (default ${DEFAULT_ADMIT_SHARE}, which keeps two banks joined by a chokepoint from gridlocking; it also caps a one-way corridor at half its capacity, so set 1, no cap, to measure a corridor's true capacity).`),
}).strict()
  .refine((s) => [s.every, s.rate, s.waves].filter((v) => v !== undefined).length === 1, 'give exactly one schedule: every, rate or waves')
  .refine((s) => !s.random || s.rate !== undefined, 'random arrivals need a rate')
  .describe('A spawner: units appear in its area on a schedule, each with a goal.');

export const ExitSchema = z.object({
  name: z.string().min(1).max(80).describe('Name of the exit; unique within the scenario.'),
  area: AreaSchema.describe('Its cells: a unit sent to this exit leaves the map on arriving at one.'),
}).strict().describe('An exit: units sent here leave the map.');

export const TaskListSchema = z.object({
  name: z.string().min(1).max(80).describe('Name of the task list; unique within the scenario.'),
  goals: z.array(TargetSchema).min(1).describe('The goals a unit draws from, one on each arrival.'),
}).strict().describe('A task list: a unit with errands { "tasks": name } draws its next goal from it on each arrival.');

export type ScenarioArea = z.output<typeof AreaSchema>;
export type ScenarioTarget = z.output<typeof TargetSchema>;
export type ScenarioErrands = z.output<typeof ErrandsSchema>;
export type ScenarioSpawner = z.output<typeof SpawnerSchema>;
export type ScenarioExit = z.output<typeof ExitSchema>;
export type ScenarioTaskList = z.output<typeof TaskListSchema>;
