import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { ACTION_FORWARD, ACTION_WAIT, turningAction } from '../../../../core/grid/headings.ts';
import { describeViolations } from '../../../../core/mapf/validator.ts';
import { Random } from '../../../../core/util/random.ts';
import { DistanceTables } from '../../../../core/solvers/lifelong/distanceTables.ts';
import { validActions } from '../../../../core/solvers/lifelong/lifelongRun.ts';
import { MapGraph } from '../../../../core/solvers/lifelong/mapGraph.ts';
import { findLifelongPlanner, runLifelong } from '../../../../core/solvers/lifelong/index.ts';
import { validateLifelongRecord } from '../../../../core/solvers/lifelong/recordPaths.ts';
import type { LifelongWorld } from '../../../../core/solvers/lifelong/types.ts';
import { headingDistance } from '../../../../core/solvers/lifelong/epibt/headingDistance.ts';
import { GoalDistances } from '../../../../core/solvers/lifelong/wppl/goalDistances.ts';
import { GuidePaths } from '../../../../core/solvers/lifelong/guidePaths.ts';
import { PibtRollout } from '../../../../core/solvers/lifelong/wppl/pibtRollout.ts';
import { SpaceTimeAStar } from '../../../../core/solvers/lifelong/wppl/spaceTimeAStar.ts';
import { WindowLns } from '../../../../core/solvers/lifelong/wppl/windowLns.ts';
import { WindowPlan, pathCost } from '../../../../core/solvers/lifelong/wppl/windowPlan.ts';
import { WpplPlanner } from '../../../../core/solvers/lifelong/wppl/wpplPlanner.ts';
import { connectedRandomGrid, problem, randomWorld } from '../../../support/lifelongProblems.ts';

const NEVER = () => 0;

/** Robot's state after an action (W F R C), or null when a forward move leaves the map or hits a wall. */
function act(grid: Grid, cell: number, heading: number, action: number): [number, number] | null {
  if (action === 2) return [cell, (heading + 1) & 3];
  if (action === 3) return [cell, (heading + 3) & 3];
  if (action === 0) return [cell, heading];
  const x = (cell % grid.width) + [1, 0, -1, 0][heading];
  const y = Math.floor(cell / grid.width) + [0, 1, 0, -1][heading];
  if (x < 0 || y < 0 || x >= grid.width || y >= grid.height || !grid.isFree(y * grid.width + x)) return null;
  return [y * grid.width + x, heading];
}

/**
 * The least cost over every sequence of W actions (4^W of them) that never enters a cell another
 * robot holds at that t and never swaps with one: the first t on the goal, else W plus the
 * heading-aware distance at the end. Infinity when none lasts the window.
 */
function bruteForce(grid: Grid, graph: MapGraph, others: number[][], start: number, heading: number, goal: number, window: number, distance: (c: number) => number): number {
  let best = Infinity;
  const held = (t: number, c: number) => others.findIndex((p) => p[t] === c);
  const walk = (t: number, cell: number, h: number, cells: number[], headings: number[]) => {
    if (t === window) {
      best = Math.min(best, pathCost(graph, distance, goal, Int32Array.from(cells), Uint8Array.from(headings), 0, window));
      return;
    }
    for (let a = 0; a < 4; a++) {
      const next = act(grid, cell, h, a);
      if (next === null) continue;
      if (held(t + 1, next[0]) >= 0) continue;
      const there = held(t, next[0]);
      if (next[0] !== cell && there >= 0 && others[there][t + 1] === cell) continue;
      walk(t + 1, next[0], next[1], [...cells, next[0]], [...headings, next[1]]);
    }
  };
  walk(0, start, heading, [start], [heading]);
  return best;
}

/** A random walk of W steps over free cells (staying or moving to a neighbour), as another robot's windowed path. */
function randomCells(graph: MapGraph, random: Random, window: number): number[] {
  let c = graph.freeCells[random.int(graph.freeCells.length)];
  const cells = [c];
  for (let t = 0; t < window; t++) {
    const degree = graph.degree(c);
    const k = random.int(degree + 1);
    if (k < degree) c = graph.neighbours[graph.start[c] + k];
    cells.push(c);
  }
  return cells;
}

describe("WPPL's goal distances past the table cache", () => {
  it('gives a robot with a guide path the true distance along it where Manhattan falls short (a wall between)', () => {
    const grid = Grid.fromAscii([
      '.....',
      '.###.',
      '.....',
    ]);
    const graph = new MapGraph(grid);
    const w = grid.width;
    // Room for 4 tables, 10 robots: goals' tables are not built, none is cached.
    const tables = new DistanceTables(graph, 1);
    const distances = new GoalDistances(graph, tables, 10);
    expect(distances.build).toBe(false);
    const guides = new GuidePaths(graph, tables, 10);
    distances.guides = guides;
    const from = 2;
    const goal = 2 * w + 2;
    // Without a guide path (and no table kept, the window's builds spent): Manhattan, 2 through the wall.
    distances.freeze();
    expect(distances.between(from, goal, 0)).toBe(2);
    guides.replan(0, from, goal, 0);
    const truth = new Uint16Array(graph.freeCells.length);
    graph.distancesFrom(goal, truth);
    const path = guides.paths[0]!;
    expect(path[0]).toBe(from);
    for (let k = 0; k < guides.lengths[0]; k++) {
      const cell = path[k];
      expect(distances.between(cell, goal, 0)).toBe(truth[graph.freeIndex[cell]]);
      expect(distances.select(goal, 0)(cell)).toBe(truth[graph.freeIndex[cell]]);
    }
    expect(distances.between(from, goal, 0)).toBe(6);
  });
});

describe("WPPL's space-time A*", () => {
  it('finds the least window cost a brute force over every action sequence finds, around other robots (tiny maps)', () => {
    const grid = Grid.fromAscii(['....', '.#..', '....', '..#.']);
    const graph = new MapGraph(grid);
    const tables = new DistanceTables(graph);
    const window = 5;
    let blocked = 0;
    let reachedGoal = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const random = new Random(seed);
      const plan = new WindowPlan(graph, 3, window);
      const others = [randomCells(graph, random, window), randomCells(graph, random, window)];
      for (let r = 0; r < 2; r++) {
        plan.cell.set(others[r], r * (window + 1));
        plan.reserve(r);
      }
      const free = graph.freeCells;
      let start = free[random.int(free.length)];
      while (others.some((p) => p[0] === start)) start = free[random.int(free.length)];
      const heading = random.int(4);
      const goal = free[random.int(free.length)];
      const table = tables.table(goal);
      const distance = (c: number) => table.get(c);
      const search = new SpaceTimeAStar(graph, window);
      const found = search.find(start, heading, goal, distance, plan.occupant, Infinity, NEVER);
      const best = bruteForce(grid, graph, others, start, heading, goal, window, distance);
      expect(found < 0 ? Infinity : found, `seed ${seed}`).toBe(best);
      if (found < 0) {
        blocked++;
        continue;
      }
      if (found <= window) reachedGoal++;
      // The path found is the one costed: one action a step, its cost as windowPlan.ts counts it.
      expect(pathCost(graph, distance, goal, search.pathCell, search.pathHeading, 0, window)).toBe(found);
      for (let t = 0; t < window; t++) {
        expect(turningAction(grid.width, search.pathCell[t], search.pathHeading[t], search.pathCell[t + 1], search.pathHeading[t + 1])).toBeGreaterThanOrEqual(0);
      }
    }
    // The cases cover both searches that reach the goal and ones that cannot last the window.
    expect(reachedGoal).toBeGreaterThan(5);
    expect(blocked).toBeGreaterThan(0);
  });
});

/** Every transition a single action, no two robots on a cell at one t, no swap (brute force over pairs). */
function planViolations(grid: Grid, plan: WindowPlan): string[] {
  const found: string[] = [];
  const span = plan.window + 1;
  for (let a = 0; a < plan.robots; a++) {
    for (let t = 0; t < plan.window; t++) {
      const at = a * span + t;
      if (turningAction(grid.width, plan.cell[at], plan.heading[at], plan.cell[at + 1], plan.heading[at + 1]) < 0) found.push(`robot ${a + 1} jumps at t ${t}`);
    }
    for (let b = a + 1; b < plan.robots; b++) {
      for (let t = 0; t <= plan.window; t++) {
        if (plan.cell[a * span + t] === plan.cell[b * span + t]) found.push(`robots ${a + 1} and ${b + 1} share a cell at t ${t}`);
        if (t > 0 && plan.cell[a * span + t] === plan.cell[b * span + t - 1] && plan.cell[b * span + t] === plan.cell[a * span + t - 1] && plan.cell[a * span + t] !== plan.cell[a * span + t - 1]) found.push(`robots ${a + 1} and ${b + 1} swap at t ${t}`);
      }
    }
  }
  return found;
}

describe("WPPL's LNS", () => {
  it('never raises the window\'s summed cost, keeps the plan conflict-free and each cost true, and lowers it from PIBT\'s', () => {
    const grid = connectedRandomGrid(14, 3);
    const graph = new MapGraph(grid);
    const tables = new DistanceTables(graph);
    const window = 8;
    let lowered = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const random = new Random(seed);
      const robots = 25;
      const cells = random.shuffle(Array.from(graph.freeCells));
      const locations = Int32Array.from(cells.slice(0, robots));
      const headings = Uint8Array.from({ length: robots }, () => random.int(4));
      const goals = Int32Array.from(cells.slice(robots, 2 * robots));
      goals[0] = -1; // a robot without a task
      const plan = new WindowPlan(graph, robots, window);
      const priority = Float64Array.from({ length: robots }, () => random.next());
      new PibtRollout(graph, new GoalDistances(graph, tables, robots), robots).roll(plan, locations, headings, goals, priority, random, Infinity, NEVER);
      for (let r = 0; r < robots; r++) {
        plan.reserve(r);
        const table = goals[r] >= 0 ? tables.table(goals[r]) : null;
        const distance = (c: number) => table!.get(c);
        plan.cost[r] = pathCost(graph, distance, goals[r], plan.cell, plan.heading, r * (window + 1), window);
        plan.lowerBound[r] = goals[r] < 0 ? 0 : headingDistance(graph, distance, locations[r], headings[r]);
      }
      expect(planViolations(grid, plan), `seed ${seed}, PIBT`).toEqual([]);
      const lns = new WindowLns(graph, plan, new SpaceTimeAStar(graph, window), new GoalDistances(graph, tables, robots), 6);
      let total = plan.totalCost();
      const before = total;
      for (let round = 0; round < 30; round++) {
        lns.run(goals, random, Infinity, NEVER, 10);
        const after = plan.totalCost();
        expect(after).toBeLessThanOrEqual(total);
        total = after;
      }
      if (total < before) lowered++;
      expect(planViolations(grid, plan), `seed ${seed}, after LNS`).toEqual([]);
      for (let r = 0; r < robots; r++) {
        const table = goals[r] >= 0 ? tables.table(goals[r]) : null;
        expect(plan.cost[r]).toBe(pathCost(graph, (c) => table!.get(c), goals[r], plan.cell, plan.heading, r * (window + 1), window));
        expect(plan.cost[r]).toBeGreaterThanOrEqual(plan.lowerBound[r]);
        expect(plan.cell[r * (window + 1)]).toBe(locations[r]);
      }
      // The reservation table holds exactly the plan's paths.
      let reserved = 0;
      for (let i = 0; i < plan.occupant.length; i++) {
        if (plan.occupant[i] === -1) continue;
        reserved++;
        const t = Math.floor(i / graph.cells);
        expect(plan.cell[plan.occupant[i] * (window + 1) + t]).toBe(i % graph.cells);
      }
      expect(reserved).toBe(robots * (window + 1));
    }
    expect(lowered).toBeGreaterThan(6);
  });
});

describe('the WPPL planner', () => {
  it('answers valid actions within the deadline when the clock runs out in the middle of LNS', () => {
    const grid = connectedRandomGrid(20, 7);
    const graph = new MapGraph(grid);
    const robots = 60;
    const world = randomWorld(graph, robots, 4);
    // Every reading of the clock costs 0.01 ms: the step's 5 ms run out while LNS replans.
    let clock = 0;
    const now = () => (clock += 0.01);
    const planner = new WpplPlanner(graph, robots, { seed: 2, lnsPerRobot: 1000 });
    const actions = new Uint8Array(robots);
    const deadline = 5;
    planner.plan(world, actions, deadline, now);
    expect(clock).toBeLessThanOrEqual(deadline);
    const stats = planner.stats();
    expect(stats.lnsIterations).toBeGreaterThan(0);
    expect(stats.lnsIterations).toBeLessThan(1000 * robots);
    expect(stats.rollsCut).toBe(0);
    expect(validActions(graph, world.locations, world.headings, actions, new Int32Array(graph.cells).fill(-1))).toBe(true);
    expect(Array.from(actions).some((a) => a === ACTION_FORWARD)).toBe(true);
  });

  it('waits whole when no time is left for even the first rolled step', () => {
    const grid = connectedRandomGrid(12, 2);
    const graph = new MapGraph(grid);
    const robots = 10;
    const cells = Array.from(graph.freeCells);
    const world: LifelongWorld = { step: 0, locations: Int32Array.from(cells.slice(0, robots)), headings: new Uint8Array(robots), goals: Int32Array.from(cells.slice(-robots)) };
    const planner = new WpplPlanner(graph, robots, { seed: 1 });
    const actions = new Uint8Array(robots).fill(ACTION_FORWARD);
    planner.plan(world, actions, 0, () => 1);
    expect(Array.from(actions)).toEqual(new Array(robots).fill(ACTION_WAIT));
    expect(planner.stats().rollsCut).toBe(1);
  });

  for (const params of [{ lns: false }, { executionWindow: 3, window: 6 }, { executionWindow: 1 }, { distances: 'guides' }, { distances: 'guides', lns: false }]) {
    it(`keeps every step valid under LoRR's rules over 200 steps at a 3 ms limit (${JSON.stringify(params)})`, () => {
      const grid = connectedRandomGrid(18, 11);
      const p = problem(grid, 40, 600, 5);
      const result = runLifelong(p, findLifelongPlanner('wppl')!.factory(7, params), { steps: 200, stepLimitMs: 3, record: true });
      const m = result.measures;
      expect(m.plannerErrors).toBe(0);
      expect(m.tasksFinished).toBeGreaterThan(10);
      const { verdict } = validateLifelongRecord(grid, p.starts, result.record!, m.steps);
      expect(verdict.valid, describeViolations(verdict)).toBe(true);
    });
  }

  it('follows its plan between windows when no goal changes, and plans afresh when a robot is not where the plan put it', () => {
    const grid = Grid.fromAscii(['..........', '..........']);
    const graph = new MapGraph(grid);
    const world: LifelongWorld = { step: 0, locations: Int32Array.of(0, 10), headings: Uint8Array.of(0, 0), goals: Int32Array.of(9, 19) };
    const planner = new WpplPlanner(graph, 2, { seed: 1, executionWindow: 3 });
    const actions = new Uint8Array(2);
    const play = () => {
      for (let r = 0; r < 2; r++) if (actions[r] === ACTION_FORWARD) world.locations[r] += 1;
    };
    for (let step = 0; step < 3; step++) {
      planner.plan(world, actions, Infinity, NEVER);
      expect(Array.from(actions)).toEqual([ACTION_FORWARD, ACTION_FORWARD]);
      play();
    }
    expect(planner.stats()).toMatchObject({ windows: 1, followed: 2 });
    planner.plan(world, actions, Infinity, NEVER);
    expect(planner.stats()).toMatchObject({ windows: 2, followed: 2 });
    // The step is played as waits (as the League plays a late one): the robots are not where the plan put them.
    planner.plan(world, actions, Infinity, NEVER);
    expect(planner.stats()).toMatchObject({ windows: 3, followed: 2 });
  });

  it('plans guide paths for the robots whose goal changed when asked to (distances: guides), none by default', () => {
    const grid = connectedRandomGrid(16, 3);
    const graph = new MapGraph(grid);
    const robots = 12;
    const cells = Array.from(graph.freeCells);
    const world: LifelongWorld = { step: 0, locations: Int32Array.from(cells.slice(0, robots)), headings: new Uint8Array(robots), goals: Int32Array.from(cells.slice(-robots)) };
    const actions = new Uint8Array(robots);
    const guided = new WpplPlanner(graph, robots, { seed: 1, distances: 'guides' });
    guided.plan(world, actions, Infinity, NEVER);
    expect(guided.stats().guidePathsNew).toBe(robots);
    expect(validActions(graph, world.locations, world.headings, actions, new Int32Array(graph.cells).fill(-1))).toBe(true);
    // The same goals next step: no new guide path.
    guided.plan({ ...world, step: 1 }, actions, Infinity, NEVER);
    expect(guided.stats().guidePathsNew).toBe(robots);
    const plain = new WpplPlanner(graph, robots, { seed: 1 });
    plain.plan(world, actions, Infinity, NEVER);
    expect(plain.stats().guidePathsNew).toBe(0);
  });

  it('refuses an unknown or out-of-range param by name', () => {
    const entry = findLifelongPlanner('wppl')!;
    expect(() => entry.factory(1, { windw: 10 })).toThrow(/wppl: unknown param 'windw'/);
    expect(() => entry.factory(1, { window: 0 })).toThrow(/param 'window' must be a whole number from 1 to 64/);
  });
});
