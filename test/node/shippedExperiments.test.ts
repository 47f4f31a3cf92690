/**
 * Every experiment file shipped in experiments/ parses, plans within the run limit, and names
 * map and scenario files that exist (they point into ../shared/benchmarks).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { BENCHMARKS_DIR, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import { MAX_RUNS, countRuns } from '../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';

const folder = fileURLToPath(new URL('../../experiments/', import.meta.url));
const files = readdirSync(folder).filter((f) => f.endsWith('.json'));

describe('shipped experiments', () => {
  it('include the CBS family sweeps', () => {
    expect(files).toEqual(expect.arrayContaining(['cbs-family.json', 'cbs-family-1s.json', 'scale.json']));
  });

  it.each(files)('%s parses and plans at most MAX_RUNS runs', (name) => {
    const experiment = parseExperiment(JSON.parse(readFileSync(resolve(folder, name), 'utf8')));
    expect(countRuns(experiment)).toBeLessThanOrEqual(MAX_RUNS);
  });

  describe('name files that exist', () => {
    beforeEach(skipWithoutBenchmarks);
    it.each(files)('%s', (name) => {
      const path = resolve(folder, name);
      const experiment = parseExperiment(JSON.parse(readFileSync(path, 'utf8')));
      for (const map of experiment.maps) {
        if (map.kind !== 'movingai') continue;
        for (const file of [map.map, ...map.scen]) {
          // They point into ../shared/benchmarks beside the repository; look where the benchmarks were found.
          const inShared = /^(?:\.\.\/)+shared\/benchmarks\/(.*)$/.exec(file);
          const found = inShared ? join(BENCHMARKS_DIR, inShared[1]) : resolve(dirname(path), file);
          expect(existsSync(found), `${name}: ${file}`).toBe(true);
        }
      }
    });
  });
});
