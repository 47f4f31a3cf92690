/**
 * Serves the built browser edition (out/web, from `npm run build:web`) for the e2e tests, or the
 * build in MAPF_E2E_WEB_DIR (a before-and-after benchmark runs one build against another).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startStaticServer } from './staticServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const webDir = process.env.MAPF_E2E_WEB_DIR ? `${process.env.MAPF_E2E_WEB_DIR.replace(/\/$/, '')}/` : fileURLToPath(new URL('../../out/web/', import.meta.url));
  if (!existsSync(`${webDir}index.html`)) {
    throw new Error(`${webDir}index.html is missing: run \`npm run build:web\` first (npm run test:e2e does).`);
  }
  const server = await startStaticServer(webDir);
  project.provide('baseUrl', server.url);
  return () => server.close();
}
