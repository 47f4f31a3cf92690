/**
 * Which URLs the app may load, and how app:// URLs map to files. Pure (no Electron), so the
 * policy is unit tested.
 */
import { join, normalize, sep } from 'node:path';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://mapf-lab`;

/**
 * The dev server the renderer is loaded from: electron-vite's ELECTRON_RENDERER_URL, honoured
 * only in an unpackaged (development) app. A packaged build ignores it: any URL there would get
 * the preload API and the devtools menu.
 */
export function devServerUrlFor(env: Readonly<Record<string, string | undefined>>, isPackaged: boolean): string | undefined {
  return isPackaged ? undefined : env.ELECTRON_RENDERER_URL;
}

/**
 * What the renderer may request (its own files, devtools, the data: and blob: URLs its images,
 * exports and worker use, and the dev server in development); anything else is refused.
 */
export function isAllowedUrl(url: string, devServerUrl: string | undefined): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('devtools://')) return true;
  return isAllowedNavigation(url, devServerUrl);
}

/**
 * Where a window may navigate: the app's own pages (and the dev server's in development) only.
 * Not data: or blob: URLs, which would run content outside the app's origin and CSP.
 */
export function isAllowedNavigation(url: string, devServerUrl: string | undefined): boolean {
  if (url.startsWith(`${APP_ORIGIN}/`)) return true;
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

/** What IPC tells of the frame that sent a message (Electron's WebFrameMain, or null once it is gone). */
export interface SenderFrame {
  url: string;
  parent: unknown;
}

/**
 * Whether an IPC message may be acted on: it came from the top frame of a page of the app (or
 * of the dev server in development). An iframe, a page the window was somehow navigated to, or
 * a frame already gone is refused (Electron's security checklist, "Validate the sender of all
 * IPC messages").
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, devServerUrl: string | undefined): boolean {
  return frame != null && frame.parent === null && isAllowedNavigation(frame.url, devServerUrl);
}
