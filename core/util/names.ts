/**
 * Names a person reads, made from paths and titles: the file part of a path (either separator,
 * since a scenario may name a Windows path), a file's stem, a title made safe for a file name,
 * and a duration as a progress bar gives it.
 */

/** The last part of a path, by '/' or '\'. */
export function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

/** A path's file name without the extension that `extension` matches (default: any extension). */
export function fileStem(path: string, extension: RegExp = /\.[^.]*$/): string {
  return fileName(path).replace(extension, '');
}

/**
 * A title as a file name: runs of anything but letters, digits, '_' and '-' (and '.' with
 * `keepDots`) become one '-', lower-cased unless `lowerCase` is false.
 */
export function slug(name: string, { fallback = 'scenario', keepDots = false, lowerCase = true } = {}): string {
  const safe = name.replace(keepDots ? /[^\w.-]+/g : /[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return (lowerCase ? safe.toLowerCase() : safe) || fallback;
}

/** "2m 05s", "12s" or "1h 03m"; `unknown` for a duration not known yet. */
export function formatDuration(ms: number | undefined, unknown = '–'): string {
  if (ms === undefined || !Number.isFinite(ms)) return unknown;
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
