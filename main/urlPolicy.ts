/**
 * Which URLs the app may load, and how app:// URLs map to files. Pure (no Electron), so the
 * policy is unit tested.
 */
import { join, normalize, sep } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://mapf-lab`;

/** Anything but the app's own pages (and the dev server in development) is refused. */
export function isAllowedUrl(url: string, devServerUrl: string | undefined): boolean {
  if (url.startsWith(`${APP_ORIGIN}/`) || url.startsWith('devtools://') || url.startsWith('data:') || url.startsWith('blob:')) return true;
  if (devServerUrl === undefined) return false;
  const dev = new URL(devServerUrl);
  try {
    const target = new URL(url);
    return (target.protocol === dev.protocol || target.protocol === dev.protocol.replace('http', 'ws')) && target.host === dev.host;
  } catch {
    return false;
  }
}

/** The file under `rootDir` an app:// URL names, or null when it is not the app's or escapes the root. */
export function resolveAppPath(rootDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== 'mapf-lab') return null;
  const root = normalize(rootDir + sep);
  let relative: string;
  try {
    relative = decodeURIComponent(parsed.pathname === '/' ? '/index.html' : parsed.pathname);
  } catch {
    return null;
  }
  const file = normalize(join(root, relative));
  return file.startsWith(root) ? file : null;
}
