/**
 * Level files on the command line: Tiled (.tmx, .tmj, a Tiled .json), LDtk (.ldtk) and image
 * floor plans, read with their external tilesets and levels from beside them, with the import
 * choices from flags (--blocking-layer, --cells-per-tile, ...) or from a scenario's source.
 * Images are decoded here, in plain JavaScript (fast-png for PNG, jpeg-js for JPEG), as core
 * takes decoded pixels; WebP is left to the app, whose browser decodes it.
 */
import { Buffer } from 'node:buffer';
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { UsageError } from './command.ts';
import { type OptionTable, wholeNumber } from './args.ts';
import { readTextFile } from './files.ts';
import type { RgbaImage } from '../core/level/imageImport.ts';
import { importLevel, levelFormatOf, levelSource, looksLikeTiledJson, scenarioFromLevel } from '../core/level/readLevel.ts';
import type { LevelImport } from '../core/level/tiledImport.ts';
import type { FileLookup } from '../core/level/tiledModel.ts';
import { type LevelChoices, type LevelFormat, type LevelSource, MAX_CELLS_PER_TILE } from '../core/scenario/levelSourceSchema.ts';
import { relativeMapPath } from '../core/scenario/mapPath.ts';
import type { ScenarioFileInput } from '../core/scenario/schema.ts';

/** The import options `solve` and `experiment` share. */
export const LEVEL_OPTIONS = {
  'blocking-layer': { value: 'NAME', multiple: true, help: 'a level (Tiled .tmx/.tmj, LDtk .ldtk): the layer whose tiles are walls\n(Tiled: any tile of it; an object layer: its shapes; LDtk: the\nIntGrid layer); default: guessed from names, tile properties and\ncollision shapes' },
  'blocking-value': { value: 'ID', multiple: true, help: "LDtk: an IntGrid value that blocks, by identifier (e.g. Wall)" },
  'hidden-layer': { value: 'NAME', multiple: true, help: 'Tiled: a hidden layer to read anyway' },
  'cells-per-tile': { value: 'N', help: `cells per tile along each side (1 to ${MAX_CELLS_PER_TILE}, default 1)` },
  level: { value: 'NAME', help: "LDtk: the level to read (default the first)" },
  threshold: { value: '0-255', help: 'an image: cells darker than this are walls (default 128)' },
  'pixels-per-cell': { value: 'N', help: 'an image: pixels along each side of a cell (default 1)' },
} as const satisfies OptionTable;

type LevelFlagValues = { [K in keyof typeof LEVEL_OPTIONS]?: (typeof LEVEL_OPTIONS)[K] extends { multiple: true } ? string[] : string };

/** The choices the flags give, or undefined when none was given (then the scenario's, else the guess). */
export function choicesFromFlags(values: LevelFlagValues): LevelChoices | undefined {
  const choices: LevelChoices = {};
  if (values['blocking-layer']) choices.blockingLayers = values['blocking-layer'];
  if (values['blocking-value']) choices.blockingValues = values['blocking-value'];
  if (values['hidden-layer']) choices.hiddenLayers = values['hidden-layer'];
  if (values['cells-per-tile'] !== undefined) {
    const k = wholeNumber('--cells-per-tile', values['cells-per-tile']);
    if (k > MAX_CELLS_PER_TILE) throw new UsageError(`--cells-per-tile ${k}: at most ${MAX_CELLS_PER_TILE}`);
    choices.cellsPerTile = k;
  }
  if (values.level !== undefined) choices.level = values.level;
  if (values.threshold !== undefined) {
    const t = wholeNumber('--threshold', values.threshold, 0);
    if (t > 255) throw new UsageError(`--threshold ${t}: at most 255`);
    choices.threshold = t;
  }
  if (values['pixels-per-cell'] !== undefined) choices.pixelsPerCell = wholeNumber('--pixels-per-cell', values['pixels-per-cell']);
  return Object.keys(choices).length > 0 ? choices : undefined;
}

/** Finds a file named relative to another (a map's tileset, a project's level) on disk. */
export const lookupOnDisk: FileLookup = (path, from) => {
  const file = resolve(dirname(from), path);
  return existsSync(file) ? readTextFile(file, 'map') : undefined;
};

const SNIFF_BYTES = 4096;

/** The level format of `file`, reading a .json to tell a Tiled map from a scenario; undefined: not a level. */
export function levelFormatOfFile(file: string): LevelFormat | undefined {
  const byName = levelFormatOf(file);
  if (byName) return byName;
  if (!/\.json$/i.test(file) || !existsSync(file)) return undefined;
  // The first and last kilobytes tell a Tiled map from a scenario without reading a large file twice.
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  try {
    const read = (at: number) => {
      const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, size));
      const n = readSync(fd, buffer, 0, buffer.length, at);
      return buffer.subarray(0, n).toString('utf8');
    };
    return looksLikeTiledJson(read(0), read(Math.max(0, size - SNIFF_BYTES))) ? 'tiled-json' : undefined;
  } finally {
    closeSync(fd);
  }
}

function decodeImage(file: string): RgbaImage {
  const bytes = readFileSync(file);
  try {
    if (/\.png$/i.test(file)) {
      const png = decodePng(bytes);
      const rgba = new Uint8Array(png.width * png.height * 4);
      const src = png.data;
      const scale = png.depth === 16 ? 1 / 257 : 1;
      for (let i = 0, p = 0; i < png.width * png.height; i++) {
        // Grey, grey + alpha, RGB or RGBA (a palette PNG is expanded by the decoder).
        const c = png.channels;
        const g = src[p] * scale;
        rgba[i * 4] = g;
        rgba[i * 4 + 1] = c >= 3 ? src[p + 1] * scale : g;
        rgba[i * 4 + 2] = c >= 3 ? src[p + 2] * scale : g;
        rgba[i * 4 + 3] = c === 4 ? src[p + 3] * scale : c === 2 ? src[p + 1] * scale : 255;
        p += c;
      }
      return { width: png.width, height: png.height, data: rgba };
    }
    if (/\.jpe?g$/i.test(file)) {
      const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 });
      return { width: image.width, height: image.height, data: image.data };
    }
  } catch (error) {
    throw new Error(`${file}: the image cannot be decoded (${(error as Error).message})`);
  }
  throw new Error(`${file}: the command line reads PNG and JPEG plans; open a WebP in the app, or convert it to PNG`);
}

/** Imports the level `file`; `choices` undefined: the importer's guess. */
export function readLevelFile(file: string, format: LevelFormat, choices?: LevelChoices): LevelImport {
  if (format === 'image') return importLevel({ format, image: decodeImage(file) }, file, lookupOnDisk, choices);
  return importLevel({ format, text: readTextFile(file, 'map') }, file, lookupOnDisk, choices);
}

/**
 * The scenario a level file becomes on the command line (its path in `source` relative to the
 * scenario file `scenarioFile` when one will hold it, else as given).
 */
export function scenarioFromLevelFile(file: string, format: LevelFormat, choices: LevelChoices | undefined, scenarioFile = file): { scenario: ScenarioFileInput; level: LevelImport; source: LevelSource } {
  const level = readLevelFile(file, format, choices);
  const source = levelSource(level, scenarioFile === file ? basename(file) : relativeMapPath(resolve(scenarioFile), resolve(file)), format);
  return { scenario: scenarioFromLevel(level, basename(file).replace(/\.[^.]+$/, ''), source), level, source };
}
