#!/usr/bin/env node
// The mapf-lab command line. It runs the TypeScript sources directly through tsx, so the
// command works straight after `npm install` with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
