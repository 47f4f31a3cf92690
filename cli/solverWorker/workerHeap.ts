/**
 * The heap setting solver worker threads start with: a 64 MB initial old generation.
 * More on this in README.md, "workerHeap.ts".
 */
import { setFlagsFromString } from 'node:v8';

export const INITIAL_OLD_SPACE_MB = 64;

let applied = false;

export function applySolverHeapSettings(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(`--initial-old-space-size=${INITIAL_OLD_SPACE_MB}`);
}
