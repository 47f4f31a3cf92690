/** Shared helpers for the editor model tests: a small document and an exact state fingerprint. */
import { Grid } from '../../../core/grid/grid.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import type { EditorDocument } from '../../../renderer/src/model/document.ts';
import type { EditorModel } from '../../../renderer/src/model/editorModel.ts';

/**
 * 8x6, a wall segment in column 4 and one in row 4; two units.
 *
 *     0 1 2 3 4 5 6 7
 *   0 A . . . @ . . .
 *   1 . . . . @ . . b
 *   2 . . . . . . . .
 *   3 B . . . @ . . .
 *   4 . @ @ . @ . . a
 *   5 . . . . . . . .
 */
export const ROWS = [
  '....@...',
  '....@...',
  '........',
  '....@...',
  '.@@.@...',
  '........',
];

export function sampleDocument(): EditorDocument {
  return {
    name: 'Sample',
    grid: Grid.fromAscii(ROWS),
    mapSource: { kind: 'inline' },
    movement: { connectivity: 4, corners: 'no-cut' },
    agents: [
      completeAgent({ id: 'A', start: [0, 0], goal: [7, 4] }, 0),
      completeAgent({ id: 'B', start: [0, 3], goal: [7, 1], priority: 2 }, 1),
    ],
    solver: { solver: 'independent', order: 'given', seed: 1, params: {} },
    events: [{ t: 3, cells: [[4, 2]], action: 'close' }],
    obstacles: [],
    knowledge: 'now',
    regions: [],
  };
}

/** Everything observable about the document, as plain data, for exact before/after comparison. */
export function fingerprint(model: EditorModel): unknown {
  const doc = model.document;
  return {
    width: doc.grid.width,
    height: doc.grid.height,
    passable: Array.from(doc.grid.passable),
    weight: doc.grid.weight ? Array.from(doc.grid.weight) : null,
    name: doc.name,
    mapSource: doc.mapSource,
    movement: { ...doc.movement },
    agents: JSON.parse(JSON.stringify(doc.agents)),
    solver: JSON.parse(JSON.stringify(doc.solver)),
    events: JSON.parse(JSON.stringify(doc.events)),
    source: doc.source ?? null,
    scale: doc.scale ?? null,
  };
}
