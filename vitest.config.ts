import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { BenchmarksFound } from './test/support/benchmarks.ts';

// The shared benchmark files some tests read (test/support/benchmarks.ts): MAPF_LAB_BENCHMARKS, or
// ../shared/benchmarks beside the repository. Absent, those tests skip themselves and say this.
function findBenchmarks(): BenchmarksFound {
  const given = process.env.MAPF_LAB_BENCHMARKS;
  const dir = resolve(given ?? fileURLToPath(new URL('../shared/benchmarks', import.meta.url)));
  if (existsSync(resolve(dir, 'movingai'))) return { dir, missing: '' };
  const where = given ? `MAPF_LAB_BENCHMARKS=${given}` : `${dir} (set MAPF_LAB_BENCHMARKS to the folder holding movingai/)`;
  return { dir, missing: `needs the shared benchmarks: no movingai/ folder in ${where}` };
}

// When MAPF_REPORT_DIR is set (by .ci/run), results also go to a JSON file that the CI script
// counts, so its closing line covers every test that ran.
const reportDir = process.env.MAPF_REPORT_DIR;

export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts', 'test/node/**/*.test.ts', 'test/main/**/*.test.ts', 'test/renderer/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    provide: { benchmarks: findBenchmarks() },
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/unit.json` } : undefined,
  },
});
