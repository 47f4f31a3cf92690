/**
 * Files a document names by a relative path (a scenario's map, the Moving AI files of an
 * experiment), read for a window under three rules:
 * More on this in README.md, "namedFiles.ts".
 */
import { realpath, stat, readFile } from 'node:fs/promises';
import { dirname, extname, relative, isAbsolute, sep } from 'node:path';
import { MAX_TEXT_FILE_BYTES } from '../core/platform/desktopApi.ts';
import { type BesideWording, resolveBeside } from './ipc/fileArgs.ts';

export interface NamedFileAccess {
  /** The document the names are relative to (null: never opened from or saved to a file). */
  documentPath: string | null;
  /** Real folders the user allowed for this window, beyond the document's own; grows when allowed. */
  allowed: Set<string>;
  /** Asks the user whether files in `folder` may be read (main's dialog). */
  ask(folder: string): Promise<boolean>;
}

/** Words an fs error code stands for, without the path Node puts in its message. */
export function fsReason(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder, not a file';
    case 'ELOOP':
      return 'a loop of links';
    default:
      return typeof code === 'string' ? `could not be read (${code})` : 'could not be read';
  }
}

/** Whether `path` is `folder` or lies below it (both real, absolute). */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The deepest folder holding every one of `paths`. */
function commonFolder(paths: readonly string[]): string {
  let folder = dirname(paths[0]);
  while (!paths.every((p) => isInside(folder, p))) folder = dirname(folder);
  return folder;
}

/**
 * Reads each of `names` (unique or not) under the rules above: a map from name to its text, or
 * to an Error saying why it was not read. Never rejects.
 */
export async function readNamedFiles(access: NamedFileAccess, names: readonly string[], extensions: readonly string[], wording: BesideWording): Promise<Map<string, string | Error>> {
  const result = new Map<string, string | Error>();
  const real = new Map<string, string>();
  await Promise.all(
    [...new Set(names)].map(async (name) => {
      const resolved = resolveBeside(access.documentPath, name, extensions, wording);
      if (!resolved.ok) return void result.set(name, new Error(resolved.message));
      try {
        const target = await realpath(resolved.value);
        if (!extensions.includes(extname(target).toLowerCase())) {
          return void result.set(name, new Error(`${name}: a link to a file that is not ${extensions.join(' or ')}; not read`));
        }
        real.set(name, target);
      } catch (error) {
        const missing = (error as { code?: unknown })?.code === 'ENOENT' && wording.missing;
        result.set(name, new Error(missing ? missing(name) : `${name}: ${fsReason(error)}`));
      }
    }),
  );
  if (real.size === 0) return result;
  // The document's own folder is the one the user opened; others need their consent.
  const home = await realpath(dirname(access.documentPath!)).catch(() => dirname(access.documentPath!));
  const readable = (path: string) => isInside(home, path) || [...access.allowed].some((folder) => isInside(folder, path));
  const outside = [...real.values()].filter((path) => !readable(path));
  if (outside.length > 0) {
    const folder = commonFolder(outside);
    if (await access.ask(folder)) access.allowed.add(folder);
  }
  const reads = new Map<string, Promise<string | Error>>();
  await Promise.all(
    [...real].map(async ([name, path]) => {
      if (!readable(path)) return void result.set(name, new Error(`${name}: outside the folders opened in this window; not read (allow its folder when asked)`));
      let read = reads.get(path);
      if (read === undefined) reads.set(path, (read = readChecked(path, name)));
      result.set(name, await read);
    }),
  );
  return result;
}

/** Files read by readChecked, over all calls (tests count reads with it). */
export const fileReads = { count: 0 };

/** The text of a regular file no larger than the app opens; errors name it as `shownAs`. */
export async function readChecked(path: string, shownAs: string): Promise<string | Error> {
  fileReads.count++;
  try {
    const info = await stat(path);
    if (!info.isFile()) return new Error(`${shownAs}: not a file`);
    if (info.size > MAX_TEXT_FILE_BYTES) return new Error(`${shownAs} is ${info.size} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens`);
    return await readFile(path, 'utf8');
  } catch (error) {
    return new Error(`${shownAs}: ${fsReason(error)}`);
  }
}
