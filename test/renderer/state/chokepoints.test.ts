import { describe, expect, it } from 'vitest';
import { chokepointTemplate } from '../../../renderer/src/templates/chokepoints.ts';

describe('chokepointTemplate', () => {
  it('a door: one wall column with an opening, units crossing both ways', () => {
    const t = chokepointTemplate({ kind: 'door', width: 7, height: 5, opening: 1, length: 9, unitsPerSide: 2 });
    expect(t.rows).toEqual([
      '...@...',
      '...@...',
      '.......',
      '...@...',
      '...@...',
    ]);
    expect(t.units).toEqual([
      { start: [0, 0], goal: [6, 0] },
      { start: [0, 2], goal: [6, 2] },
      { start: [6, 1], goal: [0, 1] },
      { start: [6, 3], goal: [0, 3] },
    ]);
  });

  it('a bridge: a long corridor two lanes wide', () => {
    const t = chokepointTemplate({ kind: 'bridge', width: 9, height: 4, opening: 2, length: 5, unitsPerSide: 1 });
    expect(t.rows).toEqual([
      '..@@@@@..',
      '.........',
      '.........',
      '..@@@@@..',
    ]);
    const starts = new Set(t.units.map((u) => u.start.join()));
    const goals = new Set(t.units.map((u) => u.goal.join()));
    expect(starts.size).toBe(2);
    expect(goals.size).toBe(2);
  });

  it('says what does not fit', () => {
    expect(() => chokepointTemplate({ kind: 'bridge', width: 6, height: 4, opening: 1, length: 5, unitsPerSide: 1 })).toThrow(/no room/);
    expect(() => chokepointTemplate({ kind: 'door', width: 5, height: 4, opening: 1, length: 1, unitsPerSide: 9 })).toThrow(/do not fit/);
    expect(() => chokepointTemplate({ kind: 'door', width: 5, height: 4, opening: 0, length: 1, unitsPerSide: 1 })).toThrow(/opening/);
  });
});
