// Builds the desktop app: the main process and the solver utility-process entry (main/), the
// sandboxed preload (CommonJS, as Electron's sandbox requires), and the React renderer.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { contentSecurityPolicy } from './csp.config.ts';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        input: { index: resolve('main/index.ts'), solverProcess: resolve('main/solverProcess.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: resolve('main/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react(), contentSecurityPolicy()],
    build: {
      outDir: 'out/renderer',
      rolldownOptions: { input: { index: resolve('renderer/index.html') } },
    },
    worker: { format: 'es' },
  },
});
