// The browser edition: the same renderer, with the solver in a Web Worker. `npm run web`
// serves it on 127.0.0.1; `npm run build:web` writes a static site to out/web.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './core/platform/contentSecurityPolicy.ts';

/** Adds the CSP meta tag to the built page (not in dev, where Vite injects inline scripts). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'mapf-lab-csp',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
    ],
  };
}

export default defineConfig({
  root: resolve(import.meta.dirname, 'renderer'),
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: { outDir: resolve(import.meta.dirname, 'out/web'), emptyOutDir: true },
});
