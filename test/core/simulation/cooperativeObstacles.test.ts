/**
 * The cooperative solvers among moving obstacles: LRA*, CA*, HCA* and WHCA* in the
 * simulator, repairing by Patel's recalc and watch. Every run is checked by the plan validator,
 * which checks units against the obstacles' executed cells (never the same cell, never a swap).
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { type MovingObstacle, obstacleViolations } from '../../../core/mapf/obstacles.ts';
import type { ControllerFactory } from '../../../core/contract/controller.ts';
import { createCaController, createHcaController, createWhcaController } from '../../../core/solvers/cooperative/cooperativeController.ts';
import { createLraController } from '../../../core/solvers/cooperative/localRepairAStar.ts';
import { runSolverAmongObstacles } from '../../../core/simulation/amongObstacles.ts';
import { runController } from '../../../core/simulation/simulator.ts';
import { createPibtController } from '../../../core/solvers/lacam/pibtController.ts';

const CONTROLLERS: [string, ControllerFactory][] = [
  ['lra', createLraController],
  ['ca', createCaController],
  ['hca', createHcaController],
  ['whca', createWhcaController],
];

// Two rooms joined by two doors in a wall; a guard patrols the corridor the units cross.
const ROOMS = Grid.fromAscii([
  '............',
  '............',
  '.....@@.....',
  '............',
  '.....@@.....',
  '............',
  '............',
]);
const guard = (grid: Grid): MovingObstacle => ({ id: 'guard', route: [grid.cell(6, 0), grid.cell(6, 6)], mode: 'ping-pong' });
const units = (grid: Grid) => [
  { start: grid.cell(0, 1), goal: grid.cell(11, 5) },
  { start: grid.cell(0, 5), goal: grid.cell(11, 1) },
  { start: grid.cell(11, 3), goal: grid.cell(0, 3) },
  { start: grid.cell(2, 0), goal: grid.cell(9, 6) },
];

describe('cooperative solvers among moving obstacles', () => {
  for (const [name, factory] of CONTROLLERS) {
    for (const params of [{ strategy: 'recalc' }, { strategy: 'recalc', whenChanged: true, every: 4 }, { strategy: 'watch', regionSize: 3 }, { strategy: 'watch', regionSize: 4, notifyEvery: 3, horizon: 6 }]) {
      it(`${name} with ${JSON.stringify(params)}: every unit arrives, the validator finds nothing, no unit touches the guard`, () => {
        const world = { grid: ROOMS, movement: FOUR_CONNECTED, agents: units(ROOMS) };
        const { run, simulation } = runSolverAmongObstacles(name, factory, world, [guard(ROOMS)], params, { turnLimit: 120 });
        expect(simulation!.validation!.violations).toEqual([]);
        expect(simulation!.collisions).toEqual([]);
        expect(obstacleViolations(run.units.map((u) => u.path), run.obstaclePaths)).toEqual([]);
        expect(run.units.every((u) => u.arrived), JSON.stringify(run.units.map((u) => u.arrival))).toBe(true);
        // The guard moved: it is not a wall.
        expect(new Set(run.obstaclePaths[0]).size).toBeGreaterThan(3);
        for (const u of run.units) {
          expect(u.arrival).toBeGreaterThanOrEqual(u.hindsight);
          expect(u.pathStepsComputed).toBeGreaterThan(0);
        }
      });
    }
  }

  it('watch notifies only units whose plan crosses a changed region, and nothing while the guard stays out of their regions', () => {
    // The guard patrols the top-right corner, far from the unit's row: no notification.
    const grid = new Grid(16, 8);
    const far: MovingObstacle = { id: 'far', route: [grid.cell(12, 0), grid.cell(15, 0)], mode: 'ping-pong' };
    const world = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 7), goal: grid.cell(15, 7) }] };
    const quiet = runSolverAmongObstacles('hca', createHcaController, world, [far], { strategy: 'watch', regionSize: 4 }, { turnLimit: 40 });
    expect(quiet.run.units[0].notifications).toBe(0);
    // Its one plan is the first.
    expect(quiet.run.units[0].replans).toBe(1);
    expect(quiet.run.units[0].arrival).toBe(15);
    // A guard crossing the unit's row: notified, replans, and still arrives.
    const across: MovingObstacle = { id: 'across', route: [grid.cell(8, 0), grid.cell(8, 7)], mode: 'ping-pong' };
    const busy = runSolverAmongObstacles('hca', createHcaController, world, [across], { strategy: 'watch', regionSize: 4 }, { turnLimit: 60 });
    expect(busy.run.units[0].notifications).toBeGreaterThan(0);
    expect(busy.run.units[0].replanEvents.some((e) => e.reason.startsWith('notified'))).toBe(true);
    expect(busy.run.units[0].arrived).toBe(true);
    expect(busy.simulation!.validation!.valid).toBe(true);
  });

  it('a unit whose next cell the guard takes is blocked and replans, and recalc without whenBlocked waits instead', () => {
    // A one-lane corridor with a side pocket; the guard steps out of the pocket into the lane.
    const grid = Grid.fromAscii([
      '..........',
      '@@@@.@@@@@',
    ]);
    const gate: MovingObstacle = { id: 'gate', route: [grid.cell(4, 1), grid.cell(4, 0)], mode: 'once', startTurn: 2 };
    const world = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 0), goal: grid.cell(9, 0) }] };
    for (const whenBlocked of [true, false]) {
      const { run, simulation } = runSolverAmongObstacles('whca', createWhcaController, world, [gate], { strategy: 'recalc', whenBlocked }, { turnLimit: 20 });
      expect(simulation!.validation!.violations).toEqual([]);
      expect(run.units[0].obstacleBlocks, `whenBlocked ${whenBlocked}`).toBeGreaterThan(0);
      // The gate parks in the lane for good: nobody gets through.
      expect(run.units[0].arrived).toBe(false);
      expect(Math.max(...run.units[0].path.map((c) => grid.x(c)))).toBeLessThan(4);
    }
  });

  it('a unit that holds a guard up yields: it steps into a side pocket, the guard passes, and it goes on (no deadlock)', () => {
    // A one-lane corridor with one pocket; the guard walks west along it, the unit east. Without
    // yielding, the unit waits for the guard and the guard (right of way) for the unit, for good.
    const grid = Grid.fromAscii([
      '@@@.@@@@@',
      '.........',
      '@@@@@@@@@',
    ]);
    const guard: MovingObstacle = { id: 'guard', route: [grid.cell(8, 1), grid.cell(0, 1)], mode: 'ping-pong' };
    const world = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(1, 1), goal: grid.cell(7, 1) }] };
    for (const params of [{ strategy: 'recalc' }, { strategy: 'watch', regionSize: 3 }]) {
      const { run, simulation } = runSolverAmongObstacles('whca', createWhcaController, world, [guard], params, { turnLimit: 60 });
      expect(simulation!.validation!.violations).toEqual([]);
      expect(run.units[0].arrived, JSON.stringify(params)).toBe(true);
      expect(run.units[0].path).toContain(grid.cell(3, 0));
      expect(run.units[0].replanEvents.some((e) => e.reason === 'yields to an obstacle it holds up')).toBe(true);
      // The guard got past: it reached the corridor's west end.
      expect(run.obstaclePaths[0]).toContain(grid.cell(0, 1));
    }
  });

  it('large units keep their whole footprint off the obstacles', () => {
    const grid = new Grid(12, 8);
    const cart: MovingObstacle = { id: 'cart', size: 2, route: [grid.cell(5, 0), grid.cell(5, 6)], mode: 'ping-pong' };
    const world = { grid, movement: FOUR_CONNECTED, agents: [{ start: grid.cell(0, 3), goal: grid.cell(10, 3), size: 2 }, { start: grid.cell(10, 0), goal: grid.cell(0, 0) }] };
    for (const [name, factory] of CONTROLLERS) {
      const { run, simulation } = runSolverAmongObstacles(name, factory, world, [cart], { strategy: 'recalc' }, { turnLimit: 80 });
      expect(simulation!.validation!.violations, name).toEqual([]);
      expect(obstacleViolations(run.units.map((u) => u.path), run.obstaclePaths, [2], grid.width, [2, 1]), name).toEqual([]);
      expect(run.units.every((u) => u.arrived), name).toBe(true);
    }
  });

  it('refuses what it does not run, saying why', () => {
    const world = { grid: ROOMS, movement: FOUR_CONNECTED, agents: units(ROOMS) };
    expect(() => runSolverAmongObstacles('whca', createWhcaController, world, [guard(ROOMS)], { strategy: 'splice', m: 4 })).toThrow(/splice is for units planning alone/);
    expect(() => runSolverAmongObstacles('whca', createWhcaController, world, [guard(ROOMS)], { strategy: 'predict' })).toThrow(/predict is for units planning alone/);
    expect(() => runSolverAmongObstacles('whca', createWhcaController, world, [guard(ROOMS)], { strategy: 'watch', regionSize: 4, repair: 'splice' })).toThrow(/repairs by recalc/);
    expect(() => runSolverAmongObstacles('whca', createWhcaController, world, [guard(ROOMS)], { strategy: 'recalc', knowledge: 'timetable' })).toThrow(/whca's units know obstacles now/);
    expect(() => runController(world, createPibtController, { seed: 0, params: {} }, { obstacles: [guard(ROOMS)] })).toThrow(/does not take moving obstacles/);
    const slow = { ...world, agents: [{ ...units(ROOMS)[0], speed: 2 }] };
    expect(() => runSolverAmongObstacles('whca', createWhcaController, slow, [guard(ROOMS)], {})).toThrow(/speed 1/);
  });

  it('obstacles and doors together: a door that closes on the guard waits for it, and the validator sees both', () => {
    const world = { grid: ROOMS, movement: FOUR_CONNECTED, agents: units(ROOMS) };
    const door = { t: 3, cells: [ROOMS.cell(5, 3), ROOMS.cell(6, 3)], passable: false };
    const { run, simulation } = runSolverAmongObstacles('whca', createWhcaController, world, [guard(ROOMS)], { strategy: 'recalc' }, { turnLimit: 150, mapEvents: [door] });
    expect(simulation!.validation!.violations).toEqual([]);
    expect(run.units.every((u) => u.arrived)).toBe(true);
  });
});
