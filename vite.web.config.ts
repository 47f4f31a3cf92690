// The browser edition: the same renderer, with the solver in a Web Worker. `npm run web`
// serves it on 127.0.0.1; `npm run build:web` writes a static site to out/web.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { contentSecurityPolicy } from './csp.config.ts';

export default defineConfig({
  root: resolve(import.meta.dirname, 'renderer'),
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  build: { outDir: resolve(import.meta.dirname, 'out/web'), emptyOutDir: true },
});
