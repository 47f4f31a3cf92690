/**
 * How long a turn lasts and how wide a cell is in the game (version 6), so that rates can be
 * given per minute and per second, times in seconds and lengths in metres beside turns and cells.
 * Absent: figures stay in turns and cells. A level imported from Tiled or LDtk may carry both
 * (docs/levels.md: the map's `turnSeconds` and `cellMetres` properties).
 *
 * Part of the one scenario schema (schema.ts); every `.describe()` is the JSON editor's hover text.
 */
import { z } from 'zod';

/** What the app offers when a scenario says nothing: a unit walking about 2 m/s over 1 m cells. */
export const DEFAULT_TURN_SECONDS = 0.5;
export const DEFAULT_CELL_METRES = 1;

/** Longest turn and widest cell accepted: an hour a turn, a kilometre a cell. */
export const MAX_TURN_SECONDS = 3600;
export const MAX_CELL_METRES = 1000;

export const TimeScaleSchema = z.object({
  turnSeconds: z.number().positive().max(MAX_TURN_SECONDS).optional()
    .describe(`Seconds one turn lasts in the game (e.g. ${DEFAULT_TURN_SECONDS}: a unit steps one cell every half second); rates are then also given per minute and per second.`),
  cellMetres: z.number().positive().max(MAX_CELL_METRES).optional()
    .describe(`Metres one cell is wide in the game (e.g. ${DEFAULT_CELL_METRES}); lanes and corridors are then also given in metres.`),
}).strict().describe('How long a turn lasts and how wide a cell is in the game (version 6), for figures per minute and in metres; omit to keep them in turns and cells.');

export type TimeScale = z.output<typeof TimeScaleSchema>;
