import { defineConfig } from 'vitest/config';
import { findBenchmarks } from './test/support/findBenchmarks.ts';

// When MAPF_REPORT_DIR is set (by .ci/run), results also go to a JSON file that the CI script
// counts, so its closing line covers every test that ran.
const reportDir = process.env.MAPF_REPORT_DIR;

export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts', 'test/node/**/*.test.ts', 'test/main/**/*.test.ts', 'test/renderer/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // The shared benchmark files some tests read; absent, those tests skip themselves and say why.
    provide: { benchmarks: findBenchmarks() },
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/unit.json` } : undefined,
  },
});
