import { defineConfig } from 'vitest/config';
import { findBenchmarks } from './test/support/findBenchmarks.ts';

// End-to-end tests: the built browser edition in Debian's Chromium. See test/e2e/.
const reportDir = process.env.MAPF_REPORT_DIR;

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/globalSetup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // The shared benchmark files some tests read; absent, those tests skip themselves and say why.
    provide: { benchmarks: findBenchmarks() },
    reporters: reportDir ? ['default', 'json'] : ['default'],
    outputFile: reportDir ? { json: `${reportDir}/e2e.json` } : undefined,
  },
});
