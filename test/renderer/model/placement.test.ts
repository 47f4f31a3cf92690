import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { findRegions } from '../../../core/mapgen/regions.ts';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import { emptyDocument } from '../../../renderer/src/model/document.ts';

// A big room (left) and a small closed room (right): units may only go in the big one.
const ROWS = [
  '......@...',
  '......@...',
  '......@@@@',
  '..........',
  '..........',
];

function modelWithMap(): EditorModel {
  const doc = emptyDocument(1, 1);
  doc.grid = Grid.fromAscii(ROWS);
  return new EditorModel(doc);
}

describe('placeRandomAgents', () => {
  it('places units with distinct starts, distinct goals, all in the largest region', () => {
    const model = modelWithMap();
    const result = model.dispatch({ type: 'placeRandomAgents', count: 12, seed: 42 });
    expect(result).toMatchObject({ ok: true, ids: expect.arrayContaining(['a1', 'a12']) });
    const { grid, agents } = model.document;
    const regions = findRegions(grid);
    const key = ([x, y]: readonly [number, number]) => y * grid.width + x;
    expect(new Set(agents.map((a) => key(a.start))).size).toBe(12);
    expect(new Set(agents.map((a) => key(a.goal))).size).toBe(12);
    for (const a of agents) {
      expect(regions.label[key(a.start)]).toBe(regions.largest);
      expect(regions.label[key(a.goal)]).toBe(regions.largest);
      expect(a.start).not.toEqual(a.goal);
    }
    expect(new Set(agents.map((a) => a.id)).size).toBe(12);
  });

  it('is reproducible by seed', () => {
    const place = (seed: number) => {
      const model = modelWithMap();
      model.dispatch({ type: 'placeRandomAgents', count: 6, seed });
      return JSON.stringify(model.document.agents);
    };
    expect(place(7)).toBe(place(7));
    expect(place(7)).not.toBe(place(8));
  });
});
