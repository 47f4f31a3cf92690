// Entry file of a solver worker thread. The solver sources are TypeScript, and a worker thread
// does not reliably inherit the loader its parent registered (vitest, tsx CLI, bin/mapf-lab.mjs
// each set things up differently), so the thread registers tsx for itself before loading them.
import { register } from 'tsx/esm/api';

register();
await import('./solverWorkerEntry.ts');
