#!/usr/bin/env node
// The mapf-lab command line. It runs from the bundle in out/cli/ (cli/bundle.mjs), built by
// `npm install` / `npm ci` (the `prepare` script) and rebuilt here when it is missing or one of
// its sources changed since, so a call starts from plain JavaScript. MAPF_LAB_DEV=1 runs the
// TypeScript sources through tsx instead (slower to start; no build), as does a call whose
// bundle cannot be built, after a one-line warning.
import { pathToFileURL } from 'node:url';
import { MAIN_FILE, OUT_DIR, buildCli, staleReason } from '../cli/bundle.mjs';

async function loadMain() {
  if (process.env.MAPF_LAB_DEV !== '1') {
    try {
      if (staleReason() !== null) await buildCli();
      return (await import(pathToFileURL(`${OUT_DIR}/${MAIN_FILE}`).href)).main;
    } catch (error) {
      const text = error instanceof Error ? error.message.split('\n')[0] : String(error);
      process.stderr.write(`mapf-lab: warning: could not build the command line's bundle (${text}); running the sources through tsx\n`);
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../cli/main.ts')).main;
}

const main = await loadMain();
process.exitCode = await main(process.argv.slice(2));
