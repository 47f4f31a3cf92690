/**
 * Every map and scenario in ../shared/benchmarks/movingai reads and writes back byte for byte,
 * and every scenario passes the check against its map.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { MOVING_AI, benchmarksPresent, skipWithoutBenchmarks } from '../../support/benchmarks.ts';
import type { Grid } from '../../../core/grid/grid.ts';
import { parseMap, writeMap } from '../../../core/formats/movingAiMap.ts';
import { checkScenario, parseScenario, writeScenario } from '../../../core/formats/movingAiScenario.ts';

const BENCHMARKS = MOVING_AI;
// Listed only when present: absent, the tests here skip themselves (and say why).
const mapNames = benchmarksPresent ? readdirSync(`${BENCHMARKS}maps`).filter((f) => f.endsWith('.map')).sort() : [];
const scenNames = benchmarksPresent ? readdirSync(`${BENCHMARKS}scen`).filter((f) => f.endsWith('.scen')).sort() : [];

const grids = new Map<string, Grid>();
function loadGrid(name: string): Grid {
  let grid = grids.get(name);
  if (!grid) {
    grid = parseMap(readFileSync(`${BENCHMARKS}maps/${name}`, 'latin1'), name).grid;
    grids.set(name, grid);
  }
  return grid;
}

describe('Moving AI benchmark files round-trip', () => {
  beforeEach(skipWithoutBenchmarks);
  it('finds the 13 maps and 626 scenarios', () => {
    expect(mapNames).toHaveLength(13);
    expect(scenNames).toHaveLength(626);
  });

  it('writes every map back byte for byte', () => {
    for (const name of mapNames) {
      const text = readFileSync(`${BENCHMARKS}maps/${name}`, 'latin1');
      const map = parseMap(text, name);
      expect(writeMap(map), name).toBe(text);
    }
  });

  it('writes every scenario back byte for byte, each valid on its map', () => {
    let queries = 0;
    for (const name of scenNames) {
      const text = readFileSync(`${BENCHMARKS}scen/${name}`, 'latin1');
      const scenario = parseScenario(text, name);
      expect(writeScenario(scenario), name).toBe(text);
      const mapName = scenario.entries[0].map;
      expect(mapNames, `${name} refers to ${mapName}`).toContain(mapName);
      checkScenario(scenario, loadGrid(mapName), name, mapName);
      queries += scenario.entries.length;
    }
    expect(queries).toBe(373_815);
  });
});
