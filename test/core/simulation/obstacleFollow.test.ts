/**
 * Patel's replanning rules, with its own figures as tests: recalculating a 100-step path every
 * 10 steps computes 100 + 90 + … + 10 = 550 path steps (about M^2 / 20 for M steps); splicing
 * computes 2N to 3N whatever m; a bad splice (longer than the limit) falls back to recalculation.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { type MovingObstacle, obstacleViolations } from '../../../core/mapf/obstacles.ts';
import type { ReplanRule } from '../../../core/simulation/obstacleRules.ts';
import { followAmongObstacles, runAmongObstacles } from '../../../core/simulation/obstacleFollow.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { solveAStar } from '../../../core/search/astar.ts';

const corridor = (steps: number) => new Grid(steps + 1, 1);

describe('one unit among moving obstacles', () => {
  it('recalc every 10 steps on a 100-step path computes 550 path steps (Patel, "Dealing with moving obstacles"), and grows with the square of the length', () => {
    const run = (steps: number) => followAmongObstacles(corridor(steps), FOUR_CONNECTED, 0, steps, [], { kind: 'recalc', every: 10 });
    const hundred = run(100);
    expect(hundred.arrived).toBe(true);
    expect(hundred.arrival).toBe(100);
    expect(hundred.pathStepsComputed).toBe(550);
    expect(hundred.replans).toBe(9);
    // M steps: 10 x (1 + 2 + … + M/10) = M^2 / 20 + M / 2.
    for (const m of [200, 400]) expect(run(m).pathStepsComputed).toBe(m * m / 20 + m / 2);
  });

  it('splice computes 2N to 3N path steps, for any m well below N', () => {
    // (With m near N the last pieces are whole recalculations of a short rest: m = 40 computes 1.9N.)
    for (const m of [4, 10, 20]) {
      const run = followAmongObstacles(corridor(100), FOUR_CONNECTED, 0, 100, [], { kind: 'splice', m });
      expect(run.arrival).toBe(100);
      expect(run.pathStepsComputed, `m = ${m}`).toBeGreaterThanOrEqual(200);
      expect(run.pathStepsComputed, `m = ${m}`).toBeLessThanOrEqual(300);
    }
  });

  it('gets past a guard crossing its path without ever sharing a cell or swapping with it', () => {
    const grid = Grid.fromAscii([
      '..........',
      '..........',
      '..........',
    ]);
    const guard: MovingObstacle = { id: 'guard', route: [grid.cell(5, 0), grid.cell(5, 2)], mode: 'ping-pong' };
    for (const rule of [{ kind: 'recalc', every: 5 }, { kind: 'recalc' }, { kind: 'splice', m: 4 }, { kind: 'incremental' }] as const) {
      const run = followAmongObstacles(grid, FOUR_CONNECTED, grid.cell(0, 1), grid.cell(9, 1), [guard], rule);
      expect(run.arrived, rule.kind).toBe(true);
      expect(obstacleViolations([run.path], run.obstaclePaths)).toEqual([]);
      // One 4-connected move or a wait per turn.
      const moves = run.path.slice(1).map((c, t) => Math.abs(grid.x(c) - grid.x(run.path[t])) + Math.abs(grid.y(c) - grid.y(run.path[t])));
      expect(Math.max(...moves)).toBeLessThanOrEqual(1);
    }
  });

  it('recalc and watch plan against the timetable when units know it: the earliest arrival, where knowing only now costs waits or detours', () => {
    // A guard stands on the unit's row at x = 5 and walks down off it, slowly: it is gone by the
    // time the unit gets there, which only the timetable tells.
    const grid = new Grid(10, 5);
    const guard: MovingObstacle = { id: 'guard', route: [grid.cell(5, 2), grid.cell(5, 4)], mode: 'ping-pong', speed: 2 };
    const start = grid.cell(0, 2);
    const goal = grid.cell(9, 2);
    for (const rule of [{ kind: 'recalc' }, { kind: 'watch', regionSize: 3 }] as const) {
      const now = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], rule);
      const known = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], { ...rule, knowledge: 'timetable' });
      expect(obstacleViolations([known.path], known.obstaclePaths)).toEqual([]);
      expect(known.arrived).toBe(true);
      // Nobody held the guard up, so the hindsight bound is the timetable's earliest arrival.
      expect(known.arrival, rule.kind).toBe(known.hindsight);
      expect(known.arrival).toBeLessThanOrEqual(now.arrival);
    }
    // With only where the guard stands now, recalc pays for it here.
    const now = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], { kind: 'recalc' });
    expect(now.arrival).toBeGreaterThan(now.hindsight);
  });

  it('the unit has right of way: an obstacle whose next cell it holds waits, and falls behind its timetable', () => {
    // A cart comes down a one-cell corridor towards the unit; neither can pass: the cart stops
    // next to the unit (never on it), the unit waits for a way that never opens.
    const cart: MovingObstacle = { id: 'cart', route: [3, 0], mode: 'once' };
    const run = followAmongObstacles(corridor(4), FOUR_CONNECTED, 0, 4, [cart], { kind: 'recalc' }, { turnLimit: 6 });
    expect(run.arrived).toBe(false);
    expect(run.obstaclePaths[0]).toEqual([3, 2, 1, 1, 1, 1, 1]);
    expect(run.obstacleWaits).toBe(4);
    expect(run.path).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(obstacleViolations([run.path], run.obstaclePaths)).toEqual([]);
  });

  it('a unit that holds a guard up and cannot go on steps aside, so the two do not wait for each other for good', () => {
    // A one-lane corridor with a pocket; the guard walks west, the unit east. (D* Lite is left
    // out: it finds the lane shut from the start, waits at the west end, and yields into the dead
    // end, where no rule can help.)
    const grid = Grid.fromAscii([
      '@@@.@@@@@',
      '.........',
      '@@@@@@@@@',
    ]);
    const guard: MovingObstacle = { id: 'guard', route: [grid.cell(8, 1), grid.cell(0, 1)], mode: 'ping-pong' };
    for (const rule of [{ kind: 'recalc' }, { kind: 'splice', m: 4 }, { kind: 'watch', regionSize: 3 }, { kind: 'predict' }] as const) {
      const run = followAmongObstacles(grid, FOUR_CONNECTED, grid.cell(1, 1), grid.cell(7, 1), [guard], rule, { turnLimit: 80 });
      expect(obstacleViolations([run.path], run.obstaclePaths), rule.kind).toEqual([]);
      expect(run.arrived, rule.kind).toBe(true);
      // The guard got by: it reached the corridor's west end.
      expect(run.obstaclePaths.flat(), rule.kind).toContain(grid.cell(0, 1));
    }
  });

  it('a splice longer than the limit is bad and the whole path is recalculated (the 1-2-5-3-4 figure)', () => {
    // Patel's figure: the unit follows row 2 east; at (2, 2) a guard steps out of its pocket into
    // (3, 2) and parks. Splicing to p[m] = (8, 2) goes round by row 0 and back west (1-2-5-3-4);
    // over the limit, the whole path is recalculated straight to the goal (1-2-5-4).
    const grid = Grid.fromAscii([
      '...........',
      '.@@@@@@@@.@',
      '...........',
      '@@@.@@@@@@@',
    ]);
    const guard: MovingObstacle = { id: 'guard', route: [grid.cell(3, 3), grid.cell(3, 2)], mode: 'once', startTurn: 1 };
    // Splicing only when blocked, as in the figure (periodic splices would later cut the detour short).
    const base = { kind: 'splice', m: 6, every: 100 } as const;
    const from = grid.cell(0, 2);
    const to = grid.cell(10, 2);
    const unlimited = followAmongObstacles(grid, FOUR_CONNECTED, from, to, [guard], base);
    const limited = followAmongObstacles(grid, FOUR_CONNECTED, from, to, [guard], { ...base, limit: 8 });
    expect(unlimited.arrived && limited.arrived).toBe(true);
    expect(unlimited.badSplices).toBe(0);
    expect(limited.badSplices).toBe(1);
    // 2 steps to the block, then 16 round to (8, 2) and 2 back east, against 16 straight round.
    expect(unlimited.arrival).toBe(20);
    expect(limited.arrival).toBe(18);
    for (const run of [limited, unlimited]) expect(obstacleViolations([run.path], run.obstaclePaths)).toEqual([]);
  });

  it('refuses an obstacle that starts on the unit, naming it', () => {
    const cart: MovingObstacle = { id: 'cart', route: [2, 0], mode: 'once' };
    expect(() => followAmongObstacles(corridor(4), FOUR_CONNECTED, 2, 4, [cart], { kind: 'recalc' })).toThrow("obstacle 'cart', waypoint 1: it starts on the start (2, 0) of unit 1");
  });
});

describe('watch: replanning when a region on the path changes', () => {
  const grid = new Grid(20, 12);
  const start = grid.cell(0, 1);
  const goal = grid.cell(19, 1);

  it('replans nothing while obstacles stay out of the regions its path crosses (Patel, "Dealing with moving obstacles")', () => {
    // Two guards patrol the bottom rows, regions of 4 cells: the path along row 1 never sees them.
    const guards: MovingObstacle[] = [
      { id: 'a', route: [grid.cell(0, 10), grid.cell(19, 10)], mode: 'ping-pong' },
      { id: 'b', route: [grid.cell(19, 9), grid.cell(0, 9)], mode: 'loop' },
    ];
    const run = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, guards, { kind: 'watch', regionSize: 4 });
    expect(run.arrival).toBe(19);
    expect(run.replans).toBe(0);
    expect(run.notifications).toBe(0);
    expect(run.pathStepsComputed).toBe(19);
  });

  it('is told when a guard crosses into its path\'s regions, at once or in batches, and repairs', () => {
    // A guard walks up and down column 10, crossing regions on and off the path.
    const guard: MovingObstacle = { id: 'g', route: [grid.cell(10, 0), grid.cell(10, 11)], mode: 'ping-pong' };
    const atOnce = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], { kind: 'watch', regionSize: 4 });
    const batched = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], { kind: 'watch', regionSize: 4, notifyEvery: 5 });
    const near = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], { kind: 'watch', regionSize: 4, horizon: 3 });
    for (const run of [atOnce, batched, near]) {
      expect(run.arrived).toBe(true);
      expect(obstacleViolations([run.path], run.obstaclePaths)).toEqual([]);
    }
    expect(atOnce.notifications).toBeGreaterThan(0);
    expect(batched.notifications).toBeLessThanOrEqual(atOnce.notifications);
    // Interest only in the regions within 3 steps: told later, so less often.
    expect(near.notifications).toBeLessThan(atOnce.notifications);
    const spliced = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], { kind: 'watch', regionSize: 4, repair: 'splice', m: 6 });
    expect(spliced.arrived).toBe(true);
    expect(spliced.notifications).toBeGreaterThan(0);
  });
});

describe('many units among obstacles', () => {
  it('units planning alone never share a cell or swap, with each other or with obstacles, under every rule', () => {
    const grid = Grid.fromAscii([
      '............',
      '.@@@...@@@..',
      '............',
      '............',
      '..@@@..@@@..',
      '............',
    ]);
    const guards: MovingObstacle[] = [
      { id: 'g1', route: [grid.cell(5, 0), grid.cell(5, 5)], mode: 'ping-pong' },
      { id: 'g2', route: [grid.cell(0, 2), grid.cell(11, 2)], mode: 'loop', speed: 2 },
      { id: 'g3', route: [grid.cell(10, 3), grid.cell(7, 0)], mode: 'ping-pong', startTurn: 3 },
    ];
    const units = [
      { start: grid.cell(0, 0), goal: grid.cell(11, 5) },
      { start: grid.cell(11, 0), goal: grid.cell(0, 5) },
      { start: grid.cell(0, 5), goal: grid.cell(11, 0) },
      { start: grid.cell(6, 5), goal: grid.cell(6, 0) },
    ];
    const instance = { grid, movement: FOUR_CONNECTED, agents: units };
    const rules: ReplanRule[] = [{ kind: 'recalc' }, { kind: 'recalc', every: 4 }, { kind: 'recalc', whenChanged: true }, { kind: 'splice', m: 4 }, { kind: 'watch', regionSize: 3 }, { kind: 'predict' }, { kind: 'incremental' }];
    for (const rule of rules) {
      const run = runAmongObstacles(grid, FOUR_CONNECTED, units, guards, rule, { turnLimit: 200 });
      const paths = run.units.map((u) => u.path);
      expect(run.units.every((u) => u.arrived), rule.kind).toBe(true);
      const check = validatePlan(instance, paths);
      expect(check.violations, rule.kind).toEqual([]);
      expect(obstacleViolations(paths, run.obstaclePaths), rule.kind).toEqual([]);
      for (const u of run.units) expect(u.arrival).toBeGreaterThanOrEqual(u.hindsight);
    }
  });

  it('incremental (D* Lite) keeps shortest paths as a door near the goal opens and closes, expanding far less than searching again at every change', () => {
    // A wall with one door two cells before the goal, and a gap far back; the door is a cart that
    // steps into the doorway and out of it every 6 turns.
    const rows = Array.from({ length: 30 }, (_, y) => (y === 25 ? '@'.repeat(29) + '.' : '.'.repeat(30)));
    const grid = Grid.fromAscii(rows.map((r, y) => (y === 25 ? `${r.slice(0, 15)}.${r.slice(16)}` : r)));
    const door: MovingObstacle = { id: 'door', route: [grid.cell(15, 25), grid.cell(15, 24)], mode: 'ping-pong', speed: 6 };
    const start = grid.cell(0, 0);
    const goal = grid.cell(15, 27);
    const incremental = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [door], { kind: 'incremental' });
    const repeated = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [door], { kind: 'recalc', whenChanged: true });
    expect(incremental.arrived && repeated.arrived).toBe(true);
    expect(incremental.arrival).toBe(repeated.arrival);
    expect(obstacleViolations([incremental.path], incremental.obstaclePaths)).toEqual([]);
    expect(incremental.replans).toBeGreaterThan(3);
    expect(incremental.expanded * 2).toBeLessThan(repeated.expanded);
    // The first plan is made with the cart in the doorway: A*'s is the search on that map, and
    // what comes after it is the changes' cost, where D* Lite repairs with a fraction of the work.
    const closed = grid.clone();
    closed.setPassable(grid.cell(15, 25), false);
    expect(repeated.firstPlanExpanded).toBe(solveAStar({ grid: closed, movement: FOUR_CONNECTED, start, goal }).expanded);
    expect(incremental.firstPlanExpanded).toBeGreaterThan(0);
    expect((incremental.expanded - incremental.firstPlanExpanded) * 20).toBeLessThan(repeated.expanded - repeated.firstPlanExpanded);
  });
});

describe('obstacles larger than one cell', () => {
  it('units keep out of a 2x2 cart\'s whole footprint under every rule, and it waits for them', () => {
    const grid = new Grid(12, 7);
    const cart: MovingObstacle = { id: 'cart', size: 2, route: [grid.cell(5, 0), grid.cell(5, 5)], mode: 'ping-pong' };
    const units = [
      { start: grid.cell(0, 2), goal: grid.cell(11, 2) },
      { start: grid.cell(11, 4), goal: grid.cell(0, 4) },
      { start: grid.cell(0, 6), goal: grid.cell(11, 0) },
    ];
    const rules: ReplanRule[] = [{ kind: 'recalc' }, { kind: 'splice', m: 4 }, { kind: 'watch', regionSize: 4 }, { kind: 'predict' }, { kind: 'incremental' }];
    for (const rule of rules) {
      const run = runAmongObstacles(grid, FOUR_CONNECTED, units, [cart], rule, { turnLimit: 200 });
      const paths = run.units.map((u) => u.path);
      expect(run.units.every((u) => u.arrived), rule.kind).toBe(true);
      expect(obstacleViolations(paths, run.obstaclePaths, [2], grid.width), rule.kind).toEqual([]);
      expect(validatePlan({ grid, movement: FOUR_CONNECTED, agents: units }, paths).violations, rule.kind).toEqual([]);
    }
    // A cart may not start over a unit: any cell of its footprint.
    expect(() => runAmongObstacles(grid, FOUR_CONNECTED, [{ start: grid.cell(6, 1), goal: grid.cell(0, 0) }], [cart], { kind: 'recalc' })).toThrow("obstacle 'cart', waypoint 1: it starts on the start (6, 1) of unit 1");
  });
});
