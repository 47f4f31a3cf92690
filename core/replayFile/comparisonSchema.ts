/**
 * The comparisons file (`format: "mapf-lab/comparisons", version: 1`), the side file a scenario
 * keeps its compared solver runs in (NAME.compare.json beside NAME.json): one or more named
 * comparisons, each the table the Compare view showed (status, makespan, sum of costs in its cost
 * model, waits, the measured regions, solve time) with every run's plan, and the hash of the
 * scenario content its plans depend on (core/scenario/planHash.ts), so a comparison reopened
 * after the scenario changed says it is stale instead of showing plans of another scenario.
 *
 * Kept apart from the scenario file so that scenario versions and this format move on their
 * own. This zod schema is the one definition of the format; comparisonFile.ts reads and writes it.
 */
import { z } from 'zod';
import { SolverSettingsSchema } from '../scenario/schema.ts';
import { COST_MODELS } from '../mapf/plan.ts';
import { MAX_GRID_SIDE } from '../grid/grid.ts';
import { SOLVE_STATUSES } from './schema.ts';

export const COMPARISONS_FORMAT = 'mapf-lab/comparisons';
export const COMPARISONS_VERSION = 1;

const whole = (min: number) => z.number().int().min(min);
const count = whole(0);

/** A measured region's figures for one run (core/mapf/regionMeasures.ts). */
export const ComparedRegionSchema = z.object({
  name: z.string().min(1),
  units: count,
  firstEntry: count.nullable(),
  lastExit: count.nullable(),
  throughput: z.number().min(0),
  peakThroughput: z.number().min(0),
  entries: count,
  crossings: count,
  turnBacks: count,
  crossingRate: z.number().min(0),
  peakCrossings: z.number().min(0),
  totalWait: count,
  meanWait: z.number().min(0),
  maxWait: count,
  queue: z.array(count).describe('Units queued next to the region at each turn 0..T.'),
  maxQueue: count,
}).strict();

/** What only the engine crowd models measure (the Compare table's steering columns). */
export const ComparedCrowdSchema = z.object({
  arrived: count,
  stuck: count,
  overlaps: count.describe('Pair-turns of discs intersecting by more than 10% of the radius.'),
  deepestOverlapPct: z.number().min(0).describe('Deepest intersection, % of the radius.'),
  reversals: count.describe('Direction reversals, all units.'),
  stepMsMean: z.number().min(0),
  stepMsMax: z.number().min(0),
  stuckAt: z.string().nullable().optional().describe('The measured region most stuck units stood at.'),
  stuckNear: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])).max(3).optional().describe('The cells [x, y] the stuck units stood around, the largest group first.'),
}).strict();

/**
 * An engine crowd model's discs (core/contract/crowdTrack.ts CrowdTrack), so a kept comparison
 * replays them at their real positions: positions rounded to a thousandth of a cell.
 */
export const ComparedDiscsSchema = z.object({
  agents: count,
  turns: count,
  radius: z.number().positive().describe('Disc radius in cells.'),
  maxSpeed: z.number().positive().describe('Maximum speed in cells per turn.'),
  stuckTurns: whole(1),
  positions: z.array(z.number()).describe('x, y of unit a at turn t at [(t * agents + a) * 2] and the next index.'),
  arrivals: z.array(whole(-1)).describe('Turn each unit arrived at its goal and stayed, -1 if it did not.'),
  stepOverlaps: count,
  stepDeepest: z.number().min(0),
  sizes: z.array(whole(1)).optional().describe('Each unit\'s footprint side when any is not 1 (its disc is radius times it).'),
}).strict().refine((d) => d.positions.length === (d.turns + 1) * d.agents * 2 && d.arrivals.length === d.agents && (d.sizes === undefined || d.sizes.length === d.agents), { message: 'positions must hold (turns + 1) x agents x 2 numbers, arrivals and sizes one per unit' });

export const ComparedRunSchema = z.object({
  solver: z.string().min(1).describe('Solver name from the registry.'),
  label: z.string().min(1).describe('Its short name in the table.'),
  settings: SolverSettingsSchema.describe('The settings it ran with.'),
  status: z.enum(SOLVE_STATUSES),
  message: z.string().optional(),
  agents: count,
  arrived: count,
  /** null unless solved: a run that did not solve has no cost. */
  makespan: count.nullable(),
  sumOfCosts: z.number().min(0).nullable(),
  totalWait: count.nullable(),
  maxWait: count.nullable(),
  lowerBound: z.number().nullable(),
  conflicts: count.describe('Conflicts the plan validator found.'),
  solveMs: z.number().min(0).describe('Wall-clock solve time the solver reported, in ms.'),
  regions: z.array(ComparedRegionSchema),
  stats: z.record(z.string(), z.number()).describe("The solver's statistics (finite numbers only)."),
  paths: z.array(z.array(count)).describe('Each unit\'s cell per turn, cells as y * width + x.'),
  obstaclePaths: z.array(z.array(count)).optional().describe('Runs among moving obstacles: each obstacle\'s cells per turn.'),
  crowd: ComparedCrowdSchema.nullable().optional().describe('An engine crowd model\'s steering measures; null for a grid planner.'),
  discs: ComparedDiscsSchema.optional().describe('An engine crowd model\'s discs at their real positions per turn (kept with the plan; files from before have none).'),
}).strict();

export const ComparisonSchema = z.object({
  id: z.string().min(1).describe('Unique within the file.'),
  name: z.string().min(1).max(80).describe('Name the user gave it (or "Comparison N").'),
  createdAt: z.string().min(1).describe('When it ran (ISO 8601).'),
  scenarioHash: z.string().min(1).describe('scenarioPlanHash of the scenario as compared: another hash means the scenario changed since.'),
  costModel: z.enum(COST_MODELS).describe('The model every sum of costs in it is counted in.'),
  width: whole(1).max(MAX_GRID_SIDE).describe('Map width the cells are numbered with.'),
  regions: z.array(z.string().min(1)).describe('Names of the measured regions, in column order.'),
  rows: z.array(ComparedRunSchema),
}).strict();

export const ComparisonsFileSchema = z.object({
  format: z.literal(COMPARISONS_FORMAT),
  version: z.literal(COMPARISONS_VERSION),
  scenario: z.string().describe('Name of the scenario compared (for a reader; the hash decides staleness).'),
  comparisons: z.array(ComparisonSchema),
}).strict();

export type ComparedRegion = z.output<typeof ComparedRegionSchema>;
export type ComparedDiscs = z.output<typeof ComparedDiscsSchema>;
export type ComparedRun = z.output<typeof ComparedRunSchema>;
export type Comparison = z.output<typeof ComparisonSchema>;
export type ComparisonsFile = z.output<typeof ComparisonsFileSchema>;
