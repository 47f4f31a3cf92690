import { describe, expect, it } from 'vitest';
import { positionAt } from '../../../renderer/src/replay/analysis.ts';
import { eventCellsAt } from '../../../renderer/src/replay/mapEventCells.ts';

describe('positionAt (the followed unit)', () => {
  // Width 4: cells 0 (0,0), 1 (1,0), 5 (1,1).
  const path = [0, 1, 5, 5];

  it('is the cell centre on whole turns and moves linearly between them', () => {
    expect(positionAt(path, 0, 4)).toEqual([0.5, 0.5]);
    expect(positionAt(path, 1, 4)).toEqual([1.5, 0.5]);
    expect(positionAt(path, 0.25, 4)).toEqual([0.75, 0.5]);
    expect(positionAt(path, 1.5, 4)).toEqual([1.5, 1]);
  });

  it('holds the first and last cell outside the path', () => {
    expect(positionAt(path, -3, 4)).toEqual([0.5, 0.5]);
    expect(positionAt(path, 9.5, 4)).toEqual([1.5, 1.5]);
  });
});

describe('eventCellsAt (doors on the map)', () => {
  const events = [
    { t: 5, cells: [[2, 1]] as [number, number][], action: 'close' as const },
    { t: 2, cells: [[0, 0], [2, 1]] as [number, number][], action: 'open' as const },
    { t: 5, cells: [[0, 0]] as [number, number][], action: 'close' as const },
  ];

  it('marks each cell once with its first event, stateless before it', () => {
    expect(eventCellsAt(events, -1)).toEqual([
      { x: 0, y: 0, action: 'open', t: 2, state: null },
      { x: 2, y: 1, action: 'open', t: 2, state: null },
    ]);
  });

  it('applies events up to the turn, the later one winning, one turn in file order', () => {
    expect(eventCellsAt(events, 2).map((c) => c.state)).toEqual(['open', 'open']);
    expect(eventCellsAt(events, 4).map((c) => c.state)).toEqual(['open', 'open']);
    expect(eventCellsAt(events, 5).map((c) => c.state)).toEqual(['closed', 'closed']);
  });

  it("follows the simulator's applied changes when given: a closing postponed while a unit stood in the door", () => {
    // Width 3: (2, 1) is cell 5. The scenario closes it at 5; the simulator could only at 7.
    const applied = { width: 3, changes: [{ t: 2, cells: [0, 5], passable: true }, { t: 5, cells: [0], passable: false }, { t: 7, cells: [5], passable: false }] };
    expect(eventCellsAt(events, 1, applied).map((c) => c.state)).toEqual([null, null]);
    expect(eventCellsAt(events, 6, applied).map((c) => c.state)).toEqual(['closed', 'open']);
    expect(eventCellsAt(events, 7, applied).map((c) => [c.action, c.t, c.state])).toEqual([['open', 2, 'closed'], ['open', 2, 'closed']]);
  });
});
