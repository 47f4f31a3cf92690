/**
 * A scenario names its map file relative to its own folder, with '/' separators on every
 * platform, so a scenario and its maps can move together. These two helpers turn that into the
 * path to open and back; core does no file access, the caller reads and writes.
 */

/** The path of `relative` (as written in a scenario) seen from the scenario file at `scenarioPath`. */
export function resolveMapPath(scenarioPath: string, relative: string): string {
  const separator = scenarioPath.includes('\\') && !scenarioPath.includes('/') ? '\\' : '/';
  const parts = scenarioPath.split(/[\\/]/);
  parts.pop();
  for (const part of relative.split(/[\\/]/)) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..' && parts[parts.length - 1] !== '') parts.pop();
    else parts.push(part);
  }
  return parts.join(separator);
}

/** How a scenario at `scenarioPath` refers to the map at `mapPath` (both absolute, or both relative to one folder). */
export function relativeMapPath(scenarioPath: string, mapPath: string): string {
  const from = scenarioPath.split(/[\\/]/);
  from.pop();
  const to = mapPath.split(/[\\/]/);
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.slice(common).map(() => '..');
  return [...up, ...to.slice(common)].join('/');
}
