/**
 * Scenario format version 2, as files of that version were written: version 3 without moving
 * obstacles and what units know of them. Read only to migrate (migrations.ts); strict, so a
 * version 2 file that names obstacles is refused as such.
 */
import { z } from 'zod';
import { ScenarioV3Schema } from './schemaV3.ts';

export const ScenarioV2Schema = ScenarioV3Schema.omit({ obstacles: true, knowledge: true, version: true }).extend({ version: z.literal(2) }).strict();

export type ScenarioV2 = z.output<typeof ScenarioV2Schema>;
