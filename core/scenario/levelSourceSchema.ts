/**
 * The level a scenario was imported from (version 5): its file, its format and the choices made
 * on import (which layer or values block, cells per tile, the LDtk level, an image's threshold),
 * so it can be imported again the same way when the designer changes the level, and the level's
 * tile size, so figures can be given in the level's own units.
 *
 * Part of the one scenario schema (schema.ts); every `.describe()` is the JSON editor's hover text.
 */
import { z } from 'zod';

export const LEVEL_FORMATS = ['tiled-json', 'tiled-xml', 'ldtk', 'image'] as const;
export type LevelFormat = (typeof LEVEL_FORMATS)[number];

/** Most cells one tile (or one LDtk grid square) may become: 3 x 3 for units a third of a tile wide. */
export const MAX_CELLS_PER_TILE = 3;

export const LevelChoicesSchema = z.object({
  level: z.string().min(1).optional().describe("LDtk: the level's identifier (default: the first level)."),
  blockingLayers: z.array(z.string().min(1)).optional()
    .describe("Tiled: tile layers where any tile is a wall, and object layers whose shapes are walls (by name or group/name); LDtk: the IntGrid layer's identifier. Omit to let the importer guess."),
  blockingValues: z.array(z.string().min(1)).optional().describe("LDtk: the IntGrid values that block, by identifier (e.g. 'Wall')."),
  tileProperties: z.boolean().optional().describe('Tiled: tiles whose boolean property (collides, solid, blocked, wall) or class says so are walls on any tile layer used (default true).'),
  collisionShapes: z.boolean().optional().describe("Tiled: tiles with collision shapes (Tiled's tile collision editor) are walls where the shapes lie (default true)."),
  hiddenLayers: z.array(z.string().min(1)).optional().describe('Tiled: hidden layers to read anyway (hidden layers are ignored otherwise, unless chosen as blocking).'),
  cellsPerTile: z.number().int().min(1).max(MAX_CELLS_PER_TILE).optional().describe('Cells per tile along each side (default 1; 2 or 3 for units smaller than a tile).'),
  threshold: z.number().int().min(0).max(255).optional().describe('Image: a cell whose mean brightness (0-255) is below this is a wall (default 128).'),
  pixelsPerCell: z.number().int().min(1).max(256).optional().describe('Image: pixels along each side of one cell (default 1).'),
  crop: z.object({
    x: z.number().int().min(0), y: z.number().int().min(0), width: z.number().int().min(1), height: z.number().int().min(1),
  }).strict().optional().describe('Image: the part of the picture to read, in pixels.'),
}).strict().describe('The choices made on import, used again when the level is re-imported.');

export const LevelSourceSchema = z.object({
  path: z.string().min(1).describe("The level file, relative to this scenario file's folder."),
  format: z.enum(LEVEL_FORMATS).describe("'tiled-json' (.tmj/.json), 'tiled-xml' (.tmx), 'ldtk' (.ldtk) or 'image' (PNG, JPEG, WebP)."),
  choices: LevelChoicesSchema.default({}),
  tileWidth: z.number().positive().optional().describe("The level's tile width in its own units (pixels), so figures can be given in them."),
  tileHeight: z.number().positive().optional().describe("The level's tile height in its own units (pixels)."),
  origin: z.tuple([z.number().int(), z.number().int()]).optional()
    .describe("An infinite Tiled map: the tile [x, y] that became cell (0, 0)."),
}).strict().describe('The level this scenario was imported from, and how (version 5).');

export type LevelChoices = z.output<typeof LevelChoicesSchema>;
export type LevelSource = z.output<typeof LevelSourceSchema>;
