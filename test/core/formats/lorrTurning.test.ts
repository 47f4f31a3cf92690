import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { lorrDocument } from '../../../core/formats/lorr.ts';

const grid = Grid.fromAscii(['...', '...']);

describe('LoRR export of turning plans (MAPF_T)', () => {
  it('writes F, R, C, W and the start heading letter, as PlanViz replays them', () => {
    // east to (1,0), clockwise to face south, forward to (1,1), counter-clockwise back to east, wait
    const doc = lorrDocument({ grid, paths: [[0, 1, 1, 4, 4, 4]], goals: [4], status: 'solved', headings: [[0, 0, 1, 1, 0, 0]] }, '2024 LoRR');
    expect(doc.actionModel).toBe('MAPF_T');
    expect(doc.actualPaths).toEqual(['F,R,F,C,W']);
    expect(doc.start).toEqual([[0, 0, 'E']]);
    const north = lorrDocument({ grid, paths: [[4, 1]], goals: [1], status: 'solved', headings: [[3, 3]] });
    expect(north.start).toEqual([[1, 1, 'N']]);
    expect(north.actualPaths).toEqual(['F']);
  });

  it('refuses a step that moves and turns at once, naming the unit', () => {
    expect(() => lorrDocument({ grid, paths: [[0, 1]], goals: [1], status: 'solved', headings: [[0, 1]] })).toThrow(/^Unit 1 cannot go from \(0, 0\) facing E to \(1, 0\) facing S in one action at t=0/);
  });

  it('keeps the MAPF model without headings', () => {
    expect(lorrDocument({ grid, paths: [[0, 1]], goals: [1], status: 'solved' }).actionModel).toBe('MAPF');
  });
});
