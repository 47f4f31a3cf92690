import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { type MovingObstacle, ObstacleError, obstacleTimetable, obstacleViolations, timetableCell } from '../../../core/mapf/obstacles.ts';

const grid = Grid.fromAscii([
  '......',
  '.@@@@.',
  '......',
]);
const cell = (x: number, y: number) => grid.cell(x, y);
const xy = (c: number) => [grid.x(c), grid.y(c)];

describe('moving obstacles: timetables', () => {
  it('follows shortest 4-connected legs with a fixed tie-break, the same every time', () => {
    const cart: MovingObstacle = { id: 'cart', route: [cell(0, 0), cell(5, 2)], mode: 'once' };
    const first = Array.from(obstacleTimetable(grid, cart).cells, xy);
    // Up, right, down, left: from (0, 0) the search goes right along the top first.
    expect(first).toEqual([[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [5, 1], [5, 2]]);
    expect(Array.from(obstacleTimetable(grid, cart).cells, xy)).toEqual(first);
  });

  it('moves one cell every `speed` turns from `startTurn`, by mode', () => {
    const route = [cell(0, 0), cell(2, 0)];
    const at = (o: MovingObstacle, turns: number) => Array.from({ length: turns }, (_, t) => grid.x(timetableCell(obstacleTimetable(grid, o), t)));
    expect(at({ id: 'a', route, mode: 'once' }, 6)).toEqual([0, 1, 2, 2, 2, 2]);
    expect(at({ id: 'b', route, mode: 'ping-pong' }, 7)).toEqual([0, 1, 2, 1, 0, 1, 2]);
    expect(at({ id: 'c', route, mode: 'ping-pong', speed: 2 }, 7)).toEqual([0, 0, 1, 1, 2, 2, 1]);
    expect(at({ id: 'd', route, mode: 'ping-pong', startTurn: 2 }, 6)).toEqual([0, 0, 0, 1, 2, 1]);
    // A loop goes back to its first waypoint by the shortest way (here along the same row).
    expect(at({ id: 'e', route, mode: 'loop' }, 6)).toEqual([0, 1, 2, 1, 0, 1]);
    const ring = { id: 'ring', route: [cell(0, 0), cell(5, 0), cell(5, 2), cell(0, 2)], mode: 'loop' as const };
    const cells = Array.from({ length: 15 }, (_, t) => xy(timetableCell(obstacleTimetable(grid, ring), t)));
    expect(cells.slice(0, 8)).toEqual([[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [5, 1], [5, 2]]);
    expect(cells[14]).toEqual([0, 0]); // 14 steps round the ring
  });

  it('names the obstacle and waypoint of a bad route', () => {
    const closed = Grid.fromAscii(['..@..']);
    const bad = (o: Partial<MovingObstacle>, g = grid) => () => obstacleTimetable(g, { id: 'guard', route: [0], mode: 'once', ...o } as MovingObstacle);
    expect(bad({ route: [cell(0, 0), 999] })).toThrow(ObstacleError);
    expect(bad({ route: [cell(0, 0), 999] })).toThrow("obstacle 'guard', waypoint 2: it is off the 6x3 map");
    expect(bad({ route: [cell(1, 1)] })).toThrow("obstacle 'guard', waypoint 1: (1, 1) is in a wall");
    expect(bad({ route: [0, 4] }, closed)).toThrow("obstacle 'guard', waypoint 2: no path reaches it from waypoint 1");
    expect(bad({ mode: 'bounce' as never })).toThrow("obstacle 'guard': unknown mode 'bounce' (known: loop, ping-pong, once)");
    expect(bad({ route: [] })).toThrow("obstacle 'guard': its route has no waypoints");
    expect(bad({ route: [cell(4, 0)], size: 2 })).toThrow("waypoint 1: (4, 0) is where its 2x2 footprint does not fit");
  });
});

describe('moving obstacles: the validator', () => {
  it('finds a unit on an obstacle\'s cell and a swap with one, and passes paths that keep apart', () => {
    expect(obstacleViolations([[0, 1, 2]], [[5, 4, 3]])).toEqual([]);
    expect(obstacleViolations([[0, 1, 2]], [[2, 1, 0]])).toEqual([{ kind: 'same-cell', unit: 0, obstacle: 0, t: 1, cell: 1 }]);
    expect(obstacleViolations([[0, 1]], [[1, 0]])).toEqual([{ kind: 'swap', unit: 0, obstacle: 0, t: 1, cell: 1 }]);
    // A path that ended stays on its last cell.
    expect(obstacleViolations([[0, 1]], [[3, 2, 1]])).toEqual([{ kind: 'same-cell', unit: 0, obstacle: 0, t: 2, cell: 1 }]);
  });
});

describe('moving obstacles larger than one cell', () => {
  it('hold their whole footprint: a unit inside it, or crossing it, is a conflict', () => {
    const width = 6;
    const at = (x: number, y: number) => y * width + x;
    // A 2x2 cart anchored at (2, 0) covers (2..3, 0..1).
    expect(obstacleViolations([[at(3, 1)]], [[at(2, 0)]], [2], width)).toEqual([{ kind: 'same-cell', unit: 0, obstacle: 0, t: 0, cell: at(3, 1) }]);
    expect(obstacleViolations([[at(4, 1)]], [[at(2, 0)]], [2], width)).toEqual([]);
    // The cart moves right one cell while the unit steps from (4, 0) into (3, 0): the cart now
    // covers (3..4, 0..1), so the unit stands inside it (anchors alone would not say so).
    expect(obstacleViolations([[at(4, 0), at(3, 0)]], [[at(2, 0), at(3, 0)]], [2], width).map((v) => v.kind)).toEqual(['same-cell']);
    // A unit stepping into a standing cart's footprint.
    expect(obstacleViolations([[at(4, 1), at(3, 1)]], [[at(2, 0), at(2, 0)]], [2], width).map((v) => v.kind)).toEqual(['same-cell']);
    // Crossing: the unit takes a cell the footprint left as the footprint takes the unit's cell.
    expect(obstacleViolations([[at(1, 0), at(2, 0)]], [[at(2, 0), at(0, 0)]], [2], width).map((v) => v.kind)).toEqual(['swap']);
  });
});
