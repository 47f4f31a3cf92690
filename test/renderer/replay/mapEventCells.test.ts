import { describe, expect, it } from 'vitest';
import type { MapEvent } from '../../../core/scenario/schema.ts';
import type { AppliedMapChange } from '../../../core/mapf/mapEvents.ts';
import { eventCellsAt } from '../../../renderer/src/replay/mapEventCells.ts';

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

describe('eventCellsAt per drawn frame', () => {
  const door = (t: number, action: 'close' | 'open', ...cells: [number, number][]): MapEvent => ({ t, action, cells });

  it('reuses the markers of an unchanged events array instead of rebuilding them', () => {
    const events = [door(3, 'close', [1, 0], [2, 0])];
    const first = eventCellsAt(events, 0);
    const cells = [...first];
    const second = eventCellsAt(events, 4);
    expect(second).toBe(first);
    expect(second.every((cell, i) => cell === cells[i])).toBe(true);
    expect(second.map((c) => c.state)).toEqual(['closed', 'closed']);
  });

  it('gives an edited (replaced) events array its own markers', () => {
    const events = [door(3, 'close', [1, 0])];
    const before = eventCellsAt(events, 9).map((c) => ({ ...c }));
    const edited = [...events, door(1, 'open', [0, 1])];
    const after = eventCellsAt(edited, 9);
    expect(after).not.toBe(eventCellsAt(events, 9));
    expect(before).toEqual([{ x: 1, y: 0, action: 'close', t: 3, state: 'closed' }]);
    expect(after).toEqual([
      { x: 0, y: 1, action: 'open', t: 1, state: 'open' },
      { x: 1, y: 0, action: 'close', t: 3, state: 'closed' },
    ]);
  });

  it('clears states when the replay steps back, with or without applied changes', () => {
    const events = [door(2, 'close', [1, 1])];
    const applied = { width: 4, changes: [{ t: 2, cells: [5], passable: false }] };
    expect(eventCellsAt(events, 3, applied)[0].state).toBe('closed');
    expect(eventCellsAt(events, 1, applied)[0].state).toBeNull();
    expect(eventCellsAt(events, 3)[0].state).toBe('closed');
    expect(eventCellsAt(events, -1)[0].state).toBeNull();
  });

  it('stops at the first applied change after the turn: they come in turn order, so none later is read', () => {
    const events = [door(1, 'close', [1, 1])];
    const unread = { get t(): number { throw new Error('a change after the first later one was read'); }, cells: [5], passable: true };
    const applied = { width: 4, changes: [{ t: 2, cells: [5], passable: false }, { t: 6, cells: [5], passable: true }, unread] };
    expect(eventCellsAt(events, 3, applied)[0].state).toBe('closed');
  });

  it("matches applied changes' cells at the width given, even when it changes for the same events", () => {
    const events = [door(0, 'close', [1, 1])];
    // (1, 1) is cell 4 on a 3-wide grid and cell 5 on a 4-wide one.
    expect(eventCellsAt(events, 0, { width: 3, changes: [{ t: 0, cells: [4], passable: false }] })[0].state).toBe('closed');
    expect(eventCellsAt(events, 0, { width: 4, changes: [{ t: 0, cells: [4], passable: false }] })[0].state).toBeNull();
    expect(eventCellsAt(events, 0, { width: 4, changes: [{ t: 0, cells: [5], passable: false }] })[0].state).toBe('closed');
    // A cell off a 3-wide row does not alias the next row's first cell.
    expect(eventCellsAt([door(0, 'open', [3, 0])], 0, { width: 3, changes: [{ t: 0, cells: [3], passable: true }] })[0].state).toBeNull();
  });

  /** The per-frame implementation this cache replaced, as the oracle for its behaviour. */
  function rebuilt(events: readonly MapEvent[], turn: number, applied?: { changes: readonly AppliedMapChange[]; width: number }) {
    const order = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.t - b.e.t || a.i - b.i);
    const cells = new Map<string, { x: number; y: number; action: 'close' | 'open'; t: number; state: 'closed' | 'open' | null }>();
    for (const { e } of order) {
      for (const [x, y] of e.cells) {
        const key = `${x},${y}`;
        let cell = cells.get(key);
        if (!cell) cells.set(key, (cell = { x, y, action: e.action, t: e.t, state: null }));
        if (!applied && e.t <= turn) cell.state = e.action === 'close' ? 'closed' : 'open';
      }
    }
    if (applied) {
      for (const change of applied.changes) {
        if (change.t > turn) continue;
        for (const c of change.cells) {
          const cell = cells.get(`${c % applied.width},${Math.floor(c / applied.width)}`);
          if (cell) cell.state = change.passable ? 'open' : 'closed';
        }
      }
    }
    return [...cells.values()];
  }

  it('agrees with rebuilding the markers every frame on random events, turns in any order', () => {
    let seed = 12345;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    for (let round = 0; round < 40; round++) {
      const width = 3 + random(3);
      const events = Array.from({ length: 1 + random(5) }, () => door(random(6), random(2) ? 'close' : 'open', ...Array.from({ length: 1 + random(3) }, () => [random(width), random(3)] as [number, number])));
      const changes = Array.from({ length: random(5) }, () => ({ t: random(8), cells: Array.from({ length: 1 + random(3) }, () => random(width * 3)), passable: random(2) === 1 }));
      changes.sort((a, b) => a.t - b.t);
      for (let k = 0; k < 12; k++) {
        const turn = random(9) - 1;
        const applied = random(2) ? { width, changes } : undefined;
        expect(eventCellsAt(events, turn, applied)).toEqual(rebuilt(events, turn, applied));
      }
    }
  });
});
