import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { analyseReplay, cellAtTurn, groupMarks, type TimelineMark } from '../../../renderer/src/replay/analysis.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { encodeReplay } from '../../../core/protocol/turnEventWire.ts';

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

describe('analyseReplay with the simulator\'s replay', () => {
  it('takes waits, collisions and map changes from the replay events, not from the paths', () => {
    // A corridor whose door at (3, 0) closes at turn 1 and opens at turn 6: WHCA* must wait.
    const corridor = Grid.fromAscii(['.......']);
    const instance: MapfInstance = { grid: corridor, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: 0, goal: 6 }] };
    const result = findSolver('whca')!.solve(instance, { mapEvents: [{ t: 1, cells: [3], passable: false }, { t: 6, cells: [3], passable: true }] });
    expect(result.status).toBe('solved');
    const replay = result.replay!;
    const a = analyseReplay(corridor, result.paths, [6], [], encodeReplay(replay));
    expect(a.source).toBe('simulator');
    const simulatorWaits = replay.events.filter((e) => e.kind === 'wait').length;
    expect(simulatorWaits).toBeGreaterThan(0);
    expect(a.units[0].waits).toBe(simulatorWaits);
    expect(a.marks.filter((m) => m.kind === 'map-change').map((m) => [m.t, m.text])).toEqual([[1, '(3, 0) closed'], [6, '(3, 0) opened']]);
    // The same paths without the replay: derived, and no map-change marks.
    const derived = analyseReplay(corridor, result.paths, [6]);
    expect(derived.source).toBe('paths');
    expect(derived.marks.some((m) => m.kind === 'map-change')).toBe(false);
  });

  it('shows the simulator\'s collisions, replans and overrides on the timeline and ignores the validator\'s list', () => {
    const paths = [[c(0, 0), c(1, 0)], [c(4, 0), c(3, 0)]];
    const replay = {
      format: 'mapf-lab/replay' as const, version: 1 as const, width: 5, height: 2, agents: 2, turns: 1,
      positions: new Int32Array([c(0, 0), c(4, 0), c(1, 0), c(3, 0)]),
      events: [
        { kind: 'replan' as const, t: 0, agent: 1 },
        { kind: 'priority-override' as const, t: 0, agent: 0, others: [1] },
        { kind: 'collision' as const, t: 0, agent: 0, others: [1], cell: c(2, 0), detail: 'vertex' },
      ],
      mapChanges: [],
    };
    const fromValidator = [{ rule: 'vertex' as const, agents: [0, 1], t: 9, cell: 0, message: 'validator says so' }];
    const a = analyseReplay(grid, paths, [c(1, 0), c(3, 0)], fromValidator, encodeReplay(replay));
    expect(a.marks.map((m) => [m.kind, m.t, m.agents])).toEqual([
      ['replan', 0, [1]],
      ['override', 0, [0, 1]],
      ['collision', 0, [0, 1]],
      ['arrival', 1, [0]],
      ['arrival', 1, [1]],
    ]);
    expect(a.marks.find((m) => m.kind === 'collision')?.text).toBe('vertex: unit 1 and 2 at (2, 0)');
  });
});
