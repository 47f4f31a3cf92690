/**
 * Every experiment file shipped in experiments/ parses, plans within the run limit, and names
 * map and scenario files that exist (they point into ../shared/benchmarks).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_RUNS, countRuns } from '../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';

const folder = fileURLToPath(new URL('../../experiments/', import.meta.url));
const files = readdirSync(folder).filter((f) => f.endsWith('.json'));

describe('shipped experiments', () => {
  it('include the CBS family sweeps', () => {
    expect(files).toEqual(expect.arrayContaining(['cbs-family.json', 'cbs-family-1s.json', 'scale.json']));
  });

  it.each(files)('%s parses, plans at most MAX_RUNS runs and names files that exist', (name) => {
    const path = resolve(folder, name);
    const experiment = parseExperiment(JSON.parse(readFileSync(path, 'utf8')));
    expect(countRuns(experiment)).toBeLessThanOrEqual(MAX_RUNS);
    for (const map of experiment.maps) {
      if (map.kind !== 'movingai') continue;
      for (const file of [map.map, ...map.scen]) expect(existsSync(resolve(dirname(path), file)), `${name}: ${file}`).toBe(true);
    }
  });
});
