/**
 * The shared benchmark files (Moving AI maps and scenarios) for the tests that read them. They
 * live outside the repository, in ../shared/benchmarks beside it, or wherever MAPF_LAB_BENCHMARKS
 * says; vitest.config.ts looks once and provides what it found. A test that needs them calls
 * skipWithoutBenchmarks (in the test or in its describe's beforeEach): when they are absent it is
 * skipped, and says why, and every other test in the file still runs.
 */
import { inject } from 'vitest';

export interface BenchmarksFound {
  /** The folder that holds movingai/ (absolute), whether or not it exists. */
  dir: string;
  /** Why the benchmarks cannot be read, or '' when they can. */
  missing: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    benchmarks: BenchmarksFound;
  }
}

const found = inject('benchmarks');

/** The folder that holds movingai/ (and lorr-2024/). */
export const BENCHMARKS_DIR = found.dir;

/** The Moving AI folder, with a trailing slash: `${MOVING_AI}maps/den520d.map`. */
export const MOVING_AI = `${found.dir}/movingai/`;

/** Whether the benchmark files can be read. */
export const benchmarksPresent = found.missing === '';

/** Skips the running test, saying why, when the benchmark files are absent. */
export function skipWithoutBenchmarks(context: { skip: (note?: string) => void }): void {
  if (!benchmarksPresent) context.skip(found.missing);
}
