import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { analyseReplay } from '../../../renderer/src/replay/analysis.ts';
import { heatLayers } from '../../../renderer/src/replay/heatLayers.ts';

describe('heat layers', () => {
  // A 4x2 map; unit 1 walks right along row 0 with a wait; unit 2 walks left along row 1.
  const grid = new Grid(4, 2);
  const paths = [[0, 1, 1, 2, 3], [7, 6, 5]];
  const goals = [3, 5];
  const analysis = analyseReplay(grid, paths, goals);
  const layers = heatLayers(grid.width, grid.cells, paths, analysis);

  it('counts visits (entries and starts) and turns occupied, resting included', () => {
    expect(Array.from(layers.values.visits)).toEqual([1, 1, 1, 1, 0, 1, 1, 1]);
    // Turns 0..4: unit 1 on 0,1,1,2,3; unit 2 on 7,6,5,5,5.
    expect(Array.from(layers.values.occupied)).toEqual([1, 2, 1, 1, 0, 3, 1, 1]);
    expect(layers.max.occupied).toBe(3);
  });

  it('the flow is the net direction of the moves through each cell', () => {
    // Row 0: rightward (+1 per move in and out); row 1: leftward.
    expect(Array.from(layers.flowX)).toEqual([1, 2, 2, 1, 0, -1, -2, -1]);
    expect(Array.from(layers.flowY)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(layers.flowMax).toBe(2);
  });

  it('opposite traffic through a cell cancels out', () => {
    const lane = new Grid(3, 1);
    const there = [[0, 1, 2], [2, 2, 2, 1, 0]];
    const both = heatLayers(3, 3, there, analyseReplay(lane, there, [2, 0]));
    expect(both.flowX[1]).toBe(0);
    expect(both.values.visits[1]).toBe(2);
  });

  it('congestion and waits are the analysis counts', () => {
    expect(layers.values.waits).toBe(analysis.waits);
    expect(layers.values.congestion).toBe(analysis.heat);
    expect(layers.values.waits[1]).toBe(1);
  });
});
