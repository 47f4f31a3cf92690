// Builds the example against the library's sources (a game would install @mapf-lab/core).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: { alias: { '@mapf-lab/core': fileURLToPath(new URL('../../packages/mapf/src/index.ts', import.meta.url)) } },
  build: { outDir: fileURLToPath(new URL('../../out/examples/bridge-game', import.meta.url)), emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
});
