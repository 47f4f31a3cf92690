/**
 * The one place where solvers serve V8's compiler rather than their algorithm: a warm-up runs a
 * solver's hot code once per process on a small built-in instance, from its entry's prepare()
 * (SolverEntry.prepare, which hosts await before any timed run), so that a fresh process's first
 * timed steps run optimised code. What a warm-up returns is kept for the process's life. Why each
 * is needed and what it saves: docs/performance.md, "Warm-ups".
 */

const done = new Set<string>();
/**
 * Kept alive on purpose: V8's optimised code refers weakly to the hidden classes of the objects
 * it ran on, and a major collection that finds none of them alive throws the code away
 * (docs/performance.md).
 */
const alive: unknown[] = [];

/** Runs `warm` the first time `name` asks in this process; keeps what it returns alive. */
export function warmUpOnce(name: string, warm: () => unknown): void {
  if (done.has(name)) return;
  done.add(name);
  const keep = warm();
  if (keep !== undefined && keep !== null) alive.push(keep);
}
