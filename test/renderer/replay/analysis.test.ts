import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { analyseReplay, cellAtTurn, groupMarks, type TimelineMark } from '../../../renderer/src/replay/analysis.ts';

/**
 * A corridor with a one-cell gap at (2, 0):
 *
 *     0 1 2 3 4
 *   0 . . . . .
 *   1 @ @ . @ @
 */
const grid = Grid.fromAscii(['.....', '@@.@@']);
const c = (x: number, y: number) => grid.cell(x, y);

describe('analyseReplay', () => {
  it('counts waits before arrival, marks the cell waited for as blocked, and finds arrivals', () => {
    // Unit 0 goes (0,0) -> (2,1) through the gap at once; unit 1 waits two turns at (3,0) for (2,0).
    const paths = [
      [c(0, 0), c(1, 0), c(2, 0), c(2, 1)],
      [c(4, 0), c(3, 0), c(3, 0), c(3, 0), c(2, 0), c(1, 0), c(1, 0)],
    ];
    const goals = [c(2, 1), c(1, 0)];
    const a = analyseReplay(grid, paths, goals);
    expect(a.turns).toBe(6);
    expect(a.units[0]).toEqual({ moves: 3, waits: 0, arrival: 3, pathTurns: 3 });
    // The final turn resting on its goal is not a wait.
    expect(a.units[1]).toEqual({ moves: 3, waits: 2, arrival: 5, pathTurns: 6 });
    expect(a.waits[c(3, 0)]).toBe(2);
    expect(a.blocked[c(2, 0)]).toBe(2);
    expect(a.heat[c(2, 0)]).toBe(2);
    expect(a.heatMax).toBe(2);
    expect(a.marks.map((m) => [m.t, m.kind])).toEqual([[3, 'arrival'], [5, 'arrival']]);
  });

  it('a unit that never arrives has arrival -1 and its waits all count', () => {
    const a = analyseReplay(grid, [[c(0, 0), c(0, 0), c(1, 0)]], [c(4, 0)]);
    expect(a.units[0]).toEqual({ moves: 1, waits: 1, arrival: -1, pathTurns: 2 });
    expect(a.marks).toEqual([]);
  });

  it('puts collisions on the timeline in turn order', () => {
    const a = analyseReplay(grid, [[c(0, 0), c(1, 0)]], [c(1, 0)], [{ rule: 'vertex', agents: [0, 1], t: 0, cell: c(0, 0), message: 'boom' }]);
    expect(a.marks.map((m) => m.kind)).toEqual(['collision', 'arrival']);
  });

  it('cellAtTurn holds the last cell after the path ends', () => {
    expect(cellAtTurn([5, 6], 0)).toBe(5);
    expect(cellAtTurn([5, 6], 9)).toBe(6);
    expect(cellAtTurn([], 1)).toBe(-1);
  });
});

describe('groupMarks', () => {
  it('groups marks of one kind at one turn, with a short tooltip', () => {
    const marks: TimelineMark[] = [1, 2, 3, 4, 5].map((a) => ({ t: 7, kind: 'arrival', agents: [a], text: `unit ${a} arrives` }));
    marks.push({ t: 7, kind: 'collision', agents: [1, 2], text: 'boom' });
    const groups = groupMarks(marks, 2);
    expect(groups).toEqual([
      { t: 7, kind: 'arrival', count: 5, text: 'unit 1 arrives; unit 2 arrives and 3 more' },
      { t: 7, kind: 'collision', count: 1, text: 'boom' },
    ]);
  });
});
