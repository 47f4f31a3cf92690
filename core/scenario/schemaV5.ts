/**
 * Scenario format version 5, as files of that version were written: version 6 without the game's
 * time and length scale (how long a turn lasts, how wide a cell is). Read only to migrate
 * (migrations.ts); strict, so a version 5 file that names a scale is refused as such.
 */
import { z } from 'zod';
import { ScenarioSchema } from './schema.ts';

export const ScenarioV5Schema = ScenarioSchema.omit({ scale: true, version: true }).extend({ version: z.literal(5) }).strict();

export type ScenarioV5 = z.output<typeof ScenarioV5Schema>;
