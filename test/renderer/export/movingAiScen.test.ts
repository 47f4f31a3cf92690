import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../../core/formats/movingAiScenario.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import { movingAiScenText } from '../../../renderer/src/export/movingAiScen.ts';
import { MOVING_AI, skipWithoutBenchmarks } from '../../support/benchmarks.ts';

/** A benchmark file's text (read through Vite's ?raw: this test runs as renderer code, without node:fs). */
async function benchmarkText(file: string): Promise<string> {
  return ((await import(/* @vite-ignore */ `${MOVING_AI}${file}?raw`)) as { default: string }).default;
}

const unit = (i: number, start: [number, number], goal: [number, number]) => completeAgent({ id: `a${i + 1}`, start, goal }, i);

describe('movingAiScenText', () => {
  it('writes a benchmark scenario back byte for byte: buckets and octile no-cut optimal lengths as the benchmark defines them', async (ctx) => {
    skipWithoutBenchmarks(ctx);
    const mapText = await benchmarkText('maps/random-32-32-20.map');
    const scenText = await benchmarkText('scen/random-32-32-20-even-1.scen');
    const grid = parseMap(mapText, 'random-32-32-20.map').grid;
    const entries = parseScenario(scenText, 'random-32-32-20-even-1.scen').entries;
    const agents = entries.map((e, i) => unit(i, [e.startX, e.startY], [e.goalX, e.goalY]));
    expect(movingAiScenText(grid, agents, 'random-32-32-20.map')).toBe(scenText.replace(/\r\n/g, '\n'));
  });

  /**
   *     0 1 2 3
   *   0 S . @ .
   *   1 . . @ G
   *   2 . . . .
   */
  it('goes around walls without cutting corners, diagonals √2, ignoring terrain weights', () => {
    const grid = Grid.fromAscii(['..@.', '..@.', '....']);
    grid.weight = new Float32Array(grid.cells).fill(5);
    const text = movingAiScenText(grid, [unit(0, [0, 0], [3, 1])], 'tiny.map');
    // One diagonal to (1, 1); both diagonals past the wall's corner (2, 1) would cut it, so
    // (1, 1) -> (1, 2) -> (2, 2) -> (3, 2) -> (3, 1) are straight: 4 + √2 (the octile heuristic says 3 + √2).
    expect(text).toBe(`version 1\n1\ttiny.map\t4\t3\t0\t0\t3\t1\t${(4 + Math.SQRT2).toFixed(8)}\n`);
  });

  it('refuses a unit whose goal cannot be reached, naming it', () => {
    const grid = Grid.fromAscii(['.@.', '.@.']);
    expect(() => movingAiScenText(grid, [unit(0, [0, 0], [0, 1]), unit(1, [0, 1], [2, 0])], 'walled.map')).toThrow('Unit 2 (a2): its goal (2, 0) cannot be reached from (0, 1)');
    expect(() => movingAiScenText(grid, [], 'walled.map')).toThrow('There are no units to export.');
  });
});
