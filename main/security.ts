/**
 * Electron hardening (Electron's security checklist): the renderer is served by a custom app://
 * protocol from the built files only, with a strict CSP; no remote content, no navigation away,
 * no new windows, no permissions, no webviews.
 */
import { app, net, protocol, session, type WebContents } from 'electron';
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONTENT_SECURITY_POLICY_HEADER } from '../core/platform/contentSecurityPolicy.ts';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://mapf-lab`;

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves app://mapf-lab/<path> from the built renderer folder, refusing anything outside it. */
export function serveRenderer(rendererDir: string): void {
  const root = normalize(rendererDir + sep);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = normalize(join(root, relative));
    if (url.host !== 'mapf-lab' || !file.startsWith(root)) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY_HEADER);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

/** Refuses permissions and every request that is not the app's own (or the dev server's). */
export function hardenSession(devServerUrl: string | undefined): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedUrl(details.url, devServerUrl) });
  });
}

export function isAllowedUrl(url: string, devServerUrl: string | undefined): boolean {
  if (url.startsWith(`${APP_ORIGIN}/`) || url.startsWith('devtools://') || url.startsWith('data:') || url.startsWith('blob:')) return true;
  return devServerUrl !== undefined && (url.startsWith(devServerUrl) || url.startsWith(devServerUrl.replace(/^http/, 'ws')));
}

/** Applies to every web contents the app creates. */
export function guardWebContents(devServerUrl: string | undefined): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event, url) => {
      if (!isAllowedUrl(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAllowedUrl(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
