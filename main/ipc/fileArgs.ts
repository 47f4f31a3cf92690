/** Validation of file-dialog arguments from the renderer (pure, unit tested). */
import { z } from 'zod';
import { dirname, extname, isAbsolute, resolve } from 'node:path';
import { MAX_BINARY_FILE_BYTES, MAX_TEXT_FILE_BYTES, type FileFilter } from '../../core/platform/desktopApi.ts';
import type { Checked } from './validate.ts';

const filtersSchema = z
  .array(z.object({ name: z.string().min(1).max(100), extensions: z.array(z.string().regex(/^[A-Za-z0-9*]{1,16}$/)).min(1).max(20) }))
  .max(20);

const fileNameSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((name) => !/[\\/\0]/.test(name), 'must be a file name, not a path');

export function checkFilters(filters: unknown): Checked<FileFilter[]> {
  const parsed = filtersSchema.safeParse(filters);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: `invalid file filters: ${parsed.error.issues[0].message}` };
}

export function checkSaveArgs(name: unknown, text: unknown): Checked<{ name: string; text: string }> {
  const parsedName = fileNameSchema.safeParse(name);
  if (!parsedName.success) return { ok: false, message: `invalid file name: ${parsedName.error.issues[0].message}` };
  if (typeof text !== 'string') return { ok: false, message: `file content must be text, got ${typeof text}` };
  if (text.length > MAX_TEXT_FILE_BYTES) return { ok: false, message: `file content is larger than ${MAX_TEXT_FILE_BYTES} bytes` };
  return { ok: true, value: { name: parsedName.data, text } };
}

/** A binary file to save (a replay clip): a file name and bytes, as structured clone brings a Uint8Array across IPC. */
export function checkSaveBinaryArgs(name: unknown, bytes: unknown): Checked<{ name: string; bytes: Uint8Array }> {
  const parsedName = fileNameSchema.safeParse(name);
  if (!parsedName.success) return { ok: false, message: `invalid file name: ${parsedName.error.issues[0].message}` };
  if (!(bytes instanceof Uint8Array)) return { ok: false, message: 'file content must be bytes (a Uint8Array)' };
  if (bytes.byteLength > MAX_BINARY_FILE_BYTES) return { ok: false, message: `file content is larger than ${MAX_BINARY_FILE_BYTES} bytes` };
  return { ok: true, value: { name: parsedName.data, bytes } };
}

/** A caller's words for resolveBeside's refusals. */
export interface BesideWording {
  /** Not a string of 1 to 1024 characters without NUL. */
  invalid: string;
  absolute(name: string): string;
  extension(name: string): string;
  /** The document has no path yet (never opened from or saved to a file). */
  unsaved(name: string): string;
  /** The file is not there (default: "NAME: no such file"). */
  missing?(name: string): string;
}

/**
 * A file that a document names by a relative path (a scenario's map, an experiment's Moving AI
 * files), resolved against the document's folder. Only the given extensions (lower case, with
 * the dot; any case in the name) may be read this way, so a document cannot make the app read
 * anything else on the disk. Checked in this order: the name, that it is relative, its
 * extension, then that the document has a path.
 */
export function resolveBeside(documentPath: string | null, name: unknown, extensions: readonly string[], wording: BesideWording): Checked<string> {
  if (typeof name !== 'string' || name.length === 0 || name.length > 1024 || name.includes('\0')) return { ok: false, message: wording.invalid };
  // A drive-relative Windows path (C:x) is not relative to the document's folder either.
  if (isAbsolute(name) || /^[A-Za-z]:/.test(name)) return { ok: false, message: wording.absolute(name) };
  if (!extensions.includes(extname(name).toLowerCase())) return { ok: false, message: wording.extension(name) };
  if (documentPath === null) return { ok: false, message: wording.unsaved(name) };
  return { ok: true, value: resolve(dirname(documentPath), name) };
}

export const MAP_BESIDE: BesideWording = {
  invalid: 'the map path must be a non-empty relative path',
  absolute: (name) => `the map path '${name}' must be relative to the scenario file`,
  extension: (name) => `'${name}' is not a .map file`,
  unsaved: () => 'open or save the scenario as a file first: its map is found beside it',
};

/** The files a League of Robot Runners problem names (its map, agents and tasks), beside the problem file. */
export const LORR_EXTENSIONS = ['.map', '.agents', '.tasks'];
export const LORR_BESIDE: BesideWording = {
  invalid: 'a LoRR problem names its files by non-empty relative paths',
  absolute: (name) => `the path '${name}' must be relative to the problem file`,
  extension: (name) => `'${name}' is not a .map, .agents or .tasks file`,
  unsaved: () => 'open the problem file first: the files it names are found beside it',
};

/** The files a scenario imported from a level reads again: the Tiled map or LDtk project, its tilesets, templates and external levels. */
export const LEVEL_EXTENSIONS = ['.tmx', '.tmj', '.json', '.tsx', '.tsj', '.tx', '.tj', '.ldtk', '.ldtkl'];
export const LEVEL_BESIDE: BesideWording = {
  invalid: 'a level names its files by non-empty relative paths',
  absolute: (name) => `the path '${name}' must be relative to the scenario file`,
  extension: (name) => `'${name}' is not a Tiled map, tileset or template (.tmx, .tmj, .json, .tsx, .tsj, .tx, .tj) or an LDtk project or level (.ldtk, .ldtkl)`,
  unsaved: () => 'open or save the scenario as a file first: its level is found beside it',
};

/** The map file a scenario names, resolved against the scenario's folder: only `.map` files. */
export function resolveMapBeside(scenarioPath: string | null, relative: unknown): Checked<string> {
  return resolveBeside(scenarioPath, relative, ['.map'], MAP_BESIDE);
}
