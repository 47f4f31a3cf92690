/**
 * Where the shared benchmark files are, for the vitest configs to provide to the tests
 * (test/support/benchmarks.ts): MAPF_LAB_BENCHMARKS, or ../shared/benchmarks beside the
 * repository. Absent, the tests that read them skip themselves and say this.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchmarksFound } from './benchmarks.ts';

export function findBenchmarks(): BenchmarksFound {
  const given = process.env.MAPF_LAB_BENCHMARKS;
  const dir = resolve(given ?? fileURLToPath(new URL('../../../shared/benchmarks', import.meta.url)));
  if (existsSync(resolve(dir, 'movingai'))) return { dir, missing: '' };
  const where = given ? `MAPF_LAB_BENCHMARKS=${given}` : `${dir} (set MAPF_LAB_BENCHMARKS to the folder holding movingai/)`;
  return { dir, missing: `needs the shared benchmarks: no movingai/ folder in ${where}` };
}
