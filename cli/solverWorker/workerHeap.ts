/**
 * The heap setting solver worker threads start with: a 64 MB initial old generation.
 *
 * Why: a sweep's runs allocate their search tables afresh (typed arrays, counted by V8 as
 * external memory), and after the first seconds V8 holds the old generation's limit just above
 * the ~11 MB that stays live, so it starts a major GC every ~200 ms ("GC in old space requested",
 * ~30 per 600 runs). Their marking runs on V8's helper threads, which a single worker gets for
 * free on the idle second core but which compete with the solver threads when 2 workers fill
 * both cores. With 64 MB to start from, a 600-run worker does no major GC (8 before), and on the
 * bench's 1,800-run sweep (load ~1.5, `npm run bench:pool -- --placements 6`) 1 worker took
 * 20.10 s instead of 21.07 s, 2 workers 11.43 s instead of 12.36 s (1.70x -> 1.76x).
 *
 * V8 flags are per process, not per isolate, and worker_threads' resourceLimits has no initial
 * size, so the flag is set here, once, before the first solver thread starts. V8 reads it only when
 * an isolate is created: it sizes the heaps of threads started later and changes nothing in the
 * ones already running. (Node warns that a flag set after start-up may misbehave or do nothing;
 * with --trace-gc, a worker started after this call shows no major GC in 600 runs, so it works.)
 */
import { setFlagsFromString } from 'node:v8';

export const INITIAL_OLD_SPACE_MB = 64;

let applied = false;

export function applySolverHeapSettings(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(`--initial-old-space-size=${INITIAL_OLD_SPACE_MB}`);
}
