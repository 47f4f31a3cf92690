/**
 * The guidance file (`format: "mapf-lab/guidance", version: 1`): the lanes measured best for one
 * map (core/solvers/lifelong/laneGuidance.ts LanePattern, or none), with the measurement that
 * chose them, so the search that takes minutes (core/experiments/laneSearch.ts) runs once per
 * map and its answer is kept beside the map. `map.hash` is the map's cells hashed
 * (core/scenario/planHash.ts gridHash): a file made for another map, or for this map before an
 * edit, is refused where it is used. This zod schema is the one definition of the format.
 */
import { z } from 'zod';
import { FormatError, quoteInput } from './formatError.ts';
import { fieldPosition } from './lorrProblem.ts';

export const GUIDANCE_FORMAT = 'mapf-lab/guidance';
export const GUIDANCE_VERSION = 1;

const pattern = z.string().regex(/^[01]{1,16}$/, 'must be 1 to 16 characters of 0 and 1');

export const LanePatternSchema = z.object({
  rows: pattern.describe("Which way rows run, repeating: character y mod length, '0' east, '1' west."),
  columns: pattern.describe("Which way columns run, repeating: character x mod length, '0' south, '1' north."),
  penalty: z.number().int().min(0).max(1000).describe('Extra cost of a move against its lane, in moves.'),
}).strict();

export const GuidanceCandidateSchema = z.object({
  lanes: LanePatternSchema.nullable().describe('The lanes tried, or null for none.'),
  tasks: z.number().int().min(0).describe('Tasks finished in the measured run.'),
}).strict();

export const GuidanceFileSchema = z.object({
  format: z.literal(GUIDANCE_FORMAT),
  version: z.literal(GUIDANCE_VERSION),
  map: z.object({
    name: z.string().min(1),
    width: z.number().int().min(1),
    height: z.number().int().min(1),
    hash: z.string().min(1).describe("The map's cells hashed (gridHash): the file applies to this map only."),
  }).strict(),
  lanes: LanePatternSchema.nullable().describe('The lanes measured best, or null: no lanes were better.'),
  measured: z.object({
    problem: z.string().min(1),
    planner: z.string().min(1),
    scheduler: z.string().min(1),
    robots: z.number().int().min(1),
    steps: z.number().int().min(1),
    stepLimitMs: z.number().positive(),
    clock: z.enum(['cpu', 'wall']),
    candidates: z.array(GuidanceCandidateSchema).min(1).describe('Every run of the search, in the order run.'),
  }).strict(),
}).strict();

export type GuidanceFile = z.infer<typeof GuidanceFileSchema>;
export type LanePatternJson = z.infer<typeof LanePatternSchema>;

/** Reads a guidance file; errors say where (file:line:column) and what. */
export function parseGuidanceFile(text: string, file: string): GuidanceFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new FormatError(file, 1, 1, `not JSON: ${(error as Error).message}`);
  }
  const parsed = GuidanceFileSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue.path.map(String);
  const at = fieldPosition(text, path[path.length - 1] ?? '');
  let value: unknown = raw;
  for (const key of path) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  const where = path.length === 0 ? 'the file' : `'${path.join('.')}'`;
  const found = value === undefined ? (path.length > 0 ? ' (missing)' : '') : `, found ${quoteInput(typeof value === 'string' ? value : JSON.stringify(value))}`;
  throw new FormatError(file, at.line, at.column, `${where}: ${issue.message}${found} (a ${GUIDANCE_FORMAT} file, version ${GUIDANCE_VERSION})`);
}

export function serializeGuidanceFile(guidance: GuidanceFile): string {
  return `${JSON.stringify(GuidanceFileSchema.parse(guidance), null, 2)}\n`;
}
