// Timing targets are benchmarks, not tests: a busy machine stretches any wall-clock
// figure, so no test asserts one. This scans the tests for an expect() on a clock reading, a
// measured duration or frame-time percentile, and names each line found.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? testFiles(path) : /\.(test|e2e)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** An upper bound asserted on something timed: a clock difference, an elapsed or per-frame figure. */
const WALL_CLOCK_BOUND = /expect\((?=[^;]*(performance\.now\(\)|Date\.now\(\)|elapsedMs|Ms\b|percentile\(|longest\b|roundTrip))[^;]*\)\.(toBeLessThan|toBeLessThanOrEqual)\(/;

describe('the tests', () => {
  it('assert no wall-clock upper bound (figures belong to npm run bench:…)', () => {
    const found: string[] = [];
    for (const file of testFiles(join(ROOT, 'test')).filter((f) => !f.endsWith('noWallClockAssertions.test.ts'))) {
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (WALL_CLOCK_BOUND.test(line)) found.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('would catch wall-clock assertions like those moved to the benchmarks', () => {
    for (const line of [
      'expect(longest).toBeLessThan(LONG_TASK_LIMIT_MS);',
      'expect(performance.now() - cancelledAt).toBeLessThan(100);',
      'expect(Date.now() - cancelledAt).toBeLessThan(1_000);',
      'expect(percentile(draws, 0.5)).toBeLessThan(16);',
      'expect(result.stats.elapsedMs).toBeLessThan(3000);',
    ]) expect(WALL_CLOCK_BOUND.test(line), line).toBe(true);
    expect(WALL_CLOCK_BOUND.test('expect(result.stats.turns).toBeLessThanOrEqual(100);')).toBe(false);
  });
});
