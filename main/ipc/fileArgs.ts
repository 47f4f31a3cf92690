/** Validation of file-dialog arguments from the renderer (pure, unit tested). */
import { z } from 'zod';
import { dirname, extname, isAbsolute, resolve } from 'node:path';
import { MAX_TEXT_FILE_BYTES, type FileFilter } from '../../core/platform/desktopApi.ts';
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

/**
 * The map file a scenario names, resolved against the scenario's folder. Only `.map` files may
 * be read this way, so a scenario cannot make the app read anything else on the disk.
 */
export function resolveMapBeside(scenarioPath: string | null, relative: unknown): Checked<string> {
  if (scenarioPath === null) return { ok: false, message: 'open or save the scenario as a file first: its map is found beside it' };
  if (typeof relative !== 'string' || relative.length === 0 || relative.length > 1024 || relative.includes('\0')) {
    return { ok: false, message: 'the map path must be a non-empty relative path' };
  }
  if (isAbsolute(relative) || /^[A-Za-z]:/.test(relative)) return { ok: false, message: `the map path '${relative}' must be relative to the scenario file` };
  if (extname(relative).toLowerCase() !== '.map') return { ok: false, message: `'${relative}' is not a .map file` };
  return { ok: true, value: resolve(dirname(scenarioPath), relative) };
}
