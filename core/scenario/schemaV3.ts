/**
 * Scenario format version 3, as files of that version were written: version 4 without streams
 * (spawners, exits, task lists, units' errands). Read only to migrate (migrations.ts); strict, so
 * a version 3 file that names a spawner is refused as such.
 */
import { z } from 'zod';
import { AgentSchema, ScenarioSchema } from './schema.ts';

export const ScenarioV3Schema = ScenarioSchema.omit({ spawners: true, exits: true, tasks: true, agents: true, version: true, source: true, scale: true })
  .extend({ version: z.literal(3), agents: z.array(AgentSchema.omit({ errands: true }).strict()).default([]) })
  .strict();

export type ScenarioV3 = z.output<typeof ScenarioV3Schema>;
