/**
 * Scenario format version 4, as files of that version were written: version 5 without the level
 * it was imported from. Read only to migrate (migrations.ts); strict, so a version 4 file that
 * names a source is refused as such.
 */
import { z } from 'zod';
import { ScenarioSchema } from './schema.ts';

export const ScenarioV4Schema = ScenarioSchema.omit({ source: true, scale: true, version: true }).extend({ version: z.literal(4) }).strict();

export type ScenarioV4 = z.output<typeof ScenarioV4Schema>;
