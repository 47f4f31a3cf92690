// The Content-Security-Policy meta tag for built pages, shared by the browser edition
// (vite.web.config.ts) and the desktop renderer (electron.vite.config.ts): the desktop app also
// sends it as a header from its app:// protocol, but the page carries its own as well, so a
// page loaded any other way is no less strict (issue 17, item 13).
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY } from './core/platform/contentSecurityPolicy.ts';

/** Adds the CSP meta tag to the built page (not in dev, where Vite injects inline scripts). */
export function contentSecurityPolicy(): Plugin {
  return {
    name: 'mapf-lab-csp',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
    ],
  };
}
