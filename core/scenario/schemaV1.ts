/**
 * Version 1 of the scenario file, kept only so old files still open: the map as one string of
 * '.' and '@' lines, units as bare start/goal pairs, a solver name, and `cutCorners` instead of
 * the corner rule. Files from before the format had a version field (no `format`, no `version`)
 * are version 1 too. migrations.ts turns it into the current version.
 */
import { z } from 'zod';

const whole = (min: number) => z.number().int().min(min);
const PointV1 = z.tuple([whole(0), whole(0)]);

export const ScenarioV1Schema = z.object({
  format: z.literal('mapf-lab/scenario').optional(),
  version: z.literal(1).optional(),
  name: z.string().optional(),
  /** Rows separated by line breaks; blank lines and surrounding spaces are ignored. */
  map: z.string().min(1),
  connectivity: z.union([z.literal(4), z.literal(8)]).optional(),
  cutCorners: z.boolean().optional(),
  agents: z.array(z.object({ start: PointV1, goal: PointV1 }).strict()).default([]),
  solver: z.string().min(1).optional(),
  seed: z.number().int().optional(),
}).strict();

export type ScenarioV1 = z.output<typeof ScenarioV1Schema>;
