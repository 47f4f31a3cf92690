/**
 * Electron hardening (Electron's security checklist): the renderer is served by a custom app://
 * protocol from the built files only, with a strict CSP; no remote content, no navigation away,
 * no new windows, no permissions, no webviews.
 */
import { app, net, protocol, session, type WebContents } from 'electron';
import { pathToFileURL } from 'node:url';
import { CONTENT_SECURITY_POLICY_HEADER } from '../core/platform/contentSecurityPolicy.ts';
import { APP_SCHEME, isAllowedNavigation, isAllowedUrl, resolveAppPath } from './urlPolicy.ts';

export { APP_ORIGIN } from './urlPolicy.ts';


/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves app://mapf-lab/<path> from the built renderer folder, refusing anything outside it. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppPath(rendererDir, request.url);
    if (file === null) return new Response('Not found', { status: 404 });
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

/** Applies to every web contents the app creates. */
export function guardWebContents(devServerUrl: string | undefined): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event, url) => {
      if (!isAllowedNavigation(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAllowedNavigation(url, devServerUrl)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
