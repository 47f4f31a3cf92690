/**
 * One door for every level format: which format a file is by its name, reading it with the
 * host's file lookup (external tilesets, external LDtk levels) or decoded pixels, and the
 * scenario it becomes: the grid inline, the level's units, spawners, exits, regions and doors,
 * and the source (file, format, choices, tile size) to import it again the same way.
 */
import { inlineMapFromGrid } from '../scenario/inlineMap.ts';
import type { LevelChoices, LevelFormat, LevelSource } from '../scenario/levelSourceSchema.ts';
import { SCENARIO_FORMAT, SCENARIO_VERSION, type ScenarioFileInput } from '../scenario/schema.ts';
import { type RgbaImage, importImage } from './imageImport.ts';
import { importLdtk } from './ldtkImport.ts';
import { type LevelImport, importTiledMap } from './tiledImport.ts';
import { readTmj } from './tiledJson.ts';
import { type FileLookup, LevelError, type TiledMap } from './tiledModel.ts';
import { readTmx } from './tiledXml.ts';
import { applyTemplates } from './tiledTemplates.ts';

/** The level format a file name says, or undefined (a Moving AI .map, a scenario). */
export function levelFormatOf(path: string): LevelFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  if (ext === 'tmj') return 'tiled-json';
  if (ext === 'tmx') return 'tiled-xml';
  if (ext === 'ldtk') return 'ldtk';
  if (ext === 'png' || ext === 'jpg' || ext === 'jpeg' || ext === 'webp') return 'image';
  return undefined;
}

/**
 * Whether JSON text is a Tiled map (a .json level that levelFormatOf cannot tell from a
 * scenario), from its first and last few kilobytes: Tiled writes its keys in alphabetical order,
 * `compressionlevel` first and `tiledversion`, `type` near the end; a lab scenario starts with
 * its `format`.
 */
export function looksLikeTiledJson(head: string, tail = head): boolean {
  if (/^\s*\{\s*"format"\s*:\s*"mapf-lab\//.test(head)) return false;
  return /"compressionlevel"\s*:/.test(head) || /"tiledversion"\s*:/.test(head) || /"tiledversion"\s*:/.test(tail) || /"type"\s*:\s*"map"/.test(tail);
}

/**
 * The files a level names, relative to it: a Tiled map's external tilesets, an LDtk project's
 * external levels. A host that reads files itself (the desktop app) reads these before importing.
 */
export function levelReferences(text: string, format: LevelFormat): string[] {
  if (format === 'tiled-xml') {
    const tilesets = [...text.matchAll(/<tileset\b[^>]*?\ssource="([^"]+)"/g)].map((m) => m[1]);
    const templates = [...text.matchAll(/<object\b[^>]*?\stemplate="([^"]+)"/g)].map((m) => m[1]);
    return [...new Set([...tilesets, ...templates])].map((p) => p.replace(/&amp;/g, '&'));
  }
  if (format === 'tiled-json') {
    // Object templates are named anywhere in the layers (inside groups too).
    const templates = [...text.matchAll(/"template"\s*:\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    return [...new Set([...jsonReferences(text, format), ...templates])];
  }
  return jsonReferences(text, format);
}

function jsonReferences(text: string, format: LevelFormat): string[] {
  if (format !== 'tiled-json' && format !== 'ldtk') return [];
  try {
    const json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as { tilesets?: { source?: unknown }[]; levels?: { externalRelPath?: unknown }[] };
    const named = format === 'ldtk' ? (json.levels ?? []).map((l) => l.externalRelPath) : (json.tilesets ?? []).map((t) => t.source);
    return named.filter((p): p is string => typeof p === 'string' && p !== '');
  } catch {
    // The importer says what is wrong with the file.
    return [];
  }
}

/** Reads a Tiled map, JSON or XML. */
export function readTiledMap(text: string, file: string, format: 'tiled-json' | 'tiled-xml', lookup: FileLookup): TiledMap {
  return applyTemplates(format === 'tiled-xml' ? readTmx(text, file, lookup) : readTmj(text, file, lookup), lookup);
}

export type LevelInput =
  | { format: 'tiled-json' | 'tiled-xml' | 'ldtk'; text: string }
  | { format: 'image'; image: RgbaImage };

/** Imports a level file of any format; `choices` undefined: the importer's guess. */
export function importLevel(input: LevelInput, file: string, lookup: FileLookup, choices?: LevelChoices): LevelImport {
  switch (input.format) {
    case 'tiled-json':
    case 'tiled-xml':
      return importTiledMap(readTiledMap(input.text, file, input.format, lookup), choices);
    case 'ldtk':
      return importLdtk(input.text, file, lookup, choices);
    case 'image':
      return importImage(input.image, file, choices);
    default:
      throw new LevelError(file, 'not a level format the lab reads (Tiled .tmx/.tmj, LDtk .ldtk, PNG/JPEG/WebP)');
  }
}

/** The source record a scenario keeps of an import. */
export function levelSource(imported: LevelImport, path: string, format: LevelFormat): LevelSource {
  return {
    path,
    format,
    choices: imported.choices,
    tileWidth: imported.tileWidth,
    tileHeight: imported.tileHeight,
    ...(imported.origin ? { origin: imported.origin } : {}),
  };
}

/** The scenario file an import becomes (checked by the scenario parser like any file). */
export function scenarioFromLevel(imported: LevelImport, name: string, source: LevelSource): ScenarioFileInput {
  return {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    name,
    map: inlineMapFromGrid(imported.grid),
    agents: imported.things.agents,
    events: imported.things.events,
    regions: imported.things.regions,
    spawners: imported.things.spawners,
    exits: imported.things.exits,
    source,
    ...(imported.scale ? { scale: imported.scale } : {}),
  };
}
