import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { ACTION_FORWARD } from '../../../../core/grid/headings.ts';
import { Random } from '../../../../core/util/random.ts';
import { MapGraph } from '../../../../core/solvers/lifelong/mapGraph.ts';
import { OperationSearch } from '../../../../core/solvers/lifelong/epibt/operationSearch.ts';
import { operationText, operationsOfDepth } from '../../../../core/solvers/lifelong/epibt/operations.ts';
import { EpibtPlanner } from '../../../../core/solvers/lifelong/epibt/epibtPlanner.ts';
import type { LifelongWorld } from '../../../../core/solvers/lifelong/types.ts';
import { randomWorld } from '../../../support/lifelongProblems.ts';

/** The LoRR 2024 winner's pool of depth 3 (Solution/Objects/Environment/operations.cpp). */
const WINNER_DEPTH_3 = 'WWW RRF RWF CWF WWF RFW CFW WFW RFF CFF FWW WFF FRF FCF FWF FFW FFF'.split(' ');

describe("EPIBT's operations", () => {
  it('keeps the winner\'s pools: 17, 48 and 136 operations, all waits first', () => {
    const three = operationsOfDepth(3).map(operationText);
    expect(new Set(three)).toEqual(new Set(WINNER_DEPTH_3));
    expect(three[0]).toBe('WWW');
    expect(operationsOfDepth(4)).toHaveLength(48);
    expect(operationsOfDepth(5)).toHaveLength(136);
    expect(() => operationsOfDepth(6)).toThrow(/3 to 5 actions/);
  });

  it('never ends in a turn and lists moving sooner as preferred', () => {
    for (const op of operationsOfDepth(4).map(operationText)) expect(op).not.toMatch(/[RC]W*$/);
    const three = operationsOfDepth(3).map(operationText);
    expect(three.indexOf('FFF')).toBeGreaterThan(three.indexOf('WFF'));
    expect(three.indexOf('FWW')).toBeGreaterThan(three.indexOf('WWF'));
  });
});

/** Every pair of held operations, checked cell by cell and edge by edge (brute force). */
function collisions(search: OperationSearch, robots: number, locations: Int32Array, headings: Uint8Array, width: number): string[] {
  const k = search.ops.length;
  const depth = search.depth;
  const found: string[] = [];
  const walk = (r: number) => {
    const op = search.ops[search.held[r]];
    let cell = locations[r];
    let heading = headings[r];
    const cells: number[] = [];
    for (let d = 0; d < depth; d++) {
      if (op[d] === ACTION_FORWARD) cell += heading === 0 ? 1 : heading === 1 ? width : heading === 2 ? -1 : -width;
      else if (op[d] === 2) heading = (heading + 1) & 3;
      else if (op[d] === 3) heading = (heading + 3) & 3;
      cells.push(cell);
      expect(search.cellAt[(r * k + search.held[r]) * depth + d]).toBe(cell);
    }
    return cells;
  };
  const paths = Array.from({ length: robots }, (_, r) => walk(r));
  for (let a = 0; a < robots; a++) {
    for (let b = a + 1; b < robots; b++) {
      for (let d = 0; d < depth; d++) {
        if (paths[a][d] === paths[b][d]) found.push(`robots ${a + 1} and ${b + 1} share cell ${paths[a][d]} at depth ${d}`);
        const beforeA = d === 0 ? locations[a] : paths[a][d - 1];
        const beforeB = d === 0 ? locations[b] : paths[b][d - 1];
        if (beforeA === paths[b][d] && beforeB === paths[a][d] && beforeA !== paths[a][d]) found.push(`robots ${a + 1} and ${b + 1} swap at depth ${d}`);
      }
    }
  }
  return found;
}

describe("EPIBT's search", () => {
  it('holds operations that never share a cell or an edge at one depth, with or without LNS (random crowds)', () => {
    const grid = Grid.fromAscii(['........', '..#.....', '........', '.....#..', '........', '........']);
    const graph = new MapGraph(grid);
    const ops = operationsOfDepth(3);
    for (let seed = 1; seed <= 40; seed++) {
      const random = new Random(seed);
      const robots = 8 + random.int(20);
      const free = random.shuffle(Array.from(graph.freeCells));
      const locations = Int32Array.from(free.slice(0, robots));
      const headings = Uint8Array.from({ length: robots }, () => random.int(4));
      const search = new OperationSearch(graph, robots, ops);
      search.trace(locations, headings);
      for (let i = 0; i < search.cost.length; i++) search.cost[i] = random.int(100);
      for (let r = 0; r < robots; r++) search.power[r] = random.next();
      const order = Int32Array.from({ length: robots }, (_, r) => r);
      search.begin(new Uint8Array(robots));
      search.solve(order, Infinity, () => 0);
      expect(collisions(search, robots, locations, headings, grid.width)).toEqual([]);
      search.improve(random, robots * 20, Infinity, () => 0);
      expect(collisions(search, robots, locations, headings, grid.width)).toEqual([]);
      // Somebody moved: the search is not all waiting.
      expect(Array.from(search.held).some((o) => o !== 0)).toBe(true);
    }
  });
});

/** Runs the planner alone (no tasks) on `rows`, robots bound for fixed goals, until all are home or `steps` pass; returns the steps taken or -1. */
function reachGoals(rows: string[], starts: number[], headings: number[], goals: number[], steps: number, distances: 'tables' | 'guides'): number {
  const grid = Grid.fromAscii(rows);
  const graph = new MapGraph(grid);
  const planner = new EpibtPlanner(graph, starts.length, { seed: 1, distances });
  const world: LifelongWorld = { step: 0, locations: Int32Array.from(starts), headings: Uint8Array.from(headings), goals: Int32Array.from(goals) };
  const actions = new Uint8Array(starts.length);
  for (let t = 0; t < steps; t++) {
    if (world.locations.every((c, r) => c === goals[r])) return t;
    world.step = t;
    planner.plan(world, actions, Infinity, () => 0);
    const next = Array.from(world.locations, (c, r) => (actions[r] === ACTION_FORWARD ? c + [1, grid.width, -1, -grid.width][world.headings[r]] : c));
    expect(new Set(next).size, `step ${t}: two robots on one cell`).toBe(next.length);
    for (let r = 0; r < starts.length; r++) {
      for (let s = 0; s < starts.length; s++) expect(r !== s && next[r] === world.locations[s] && next[s] === world.locations[r], `step ${t}: robots ${r + 1} and ${s + 1} swap`).toBe(false);
      if (actions[r] === 2) world.headings[r] = (world.headings[r] + 1) & 3;
      if (actions[r] === 3) world.headings[r] = (world.headings[r] + 3) & 3;
    }
    world.locations.set(next);
  }
  return -1;
}

describe('the EPIBT planner', () => {
  for (const distances of ['tables', 'guides'] as const) {
    it(`lets two robots meeting head-on in a corridor pass by a side pocket, wherever the pocket is (${distances})`, () => {
      // Robot 1 at the west end facing east, robot 2 at the east end facing west, each bound for
      // the other's end; one passing place above the corridor. Ranking robots by distance alone
      // (the winner's order) left pairs retreating together forever.
      const stuck: string[] = [];
      for (const length of [5, 7, 9, 11, 15]) {
        for (let pocket = 1; pocket < length - 1; pocket++) {
          const rows = ['#'.repeat(pocket) + '.' + '#'.repeat(length - pocket - 1), '.'.repeat(length)];
          const taken = reachGoals(rows, [length, 2 * length - 1], [0, 2], [2 * length - 1, length], 200, distances);
          if (taken < 0) stuck.push(`${length} cells, pocket at ${pocket + 1}`);
        }
      }
      expect(stuck).toEqual([]);
    });

    it(`turns a robot facing away and brings it home (${distances})`, () => {
      const taken = reachGoals(['.....'], [0], [2], [4], 20, distances);
      // Two turns and four moves: six steps.
      expect(taken).toBe(6);
    });
  }
});

describe('the EPIBT planner under its clock', () => {
  it('leaves robots it had no time to cost standing, and plans the rest without a conflict', () => {
    const rows = Array.from({ length: 20 }, () => '.'.repeat(20));
    const grid = Grid.fromAscii(rows);
    const graph = new MapGraph(grid);
    const robots = 150;
    const world = randomWorld(graph, robots, 5);
    const planner = new EpibtPlanner(graph, robots, { seed: 1, distances: 'tables', lns: false });
    // A clock that reads 0 until the costing has begun, then past the costing's deadline (the
    // step's less a first pass: 150 robots x 0.01 ms before any pass was timed) but short of the step's.
    let calls = 0;
    let late = 999;
    const clock = () => (calls++ < 2 ? 0 : late);
    const actions = new Uint8Array(robots);
    planner.plan(world, actions, 1000, clock);
    expect(planner.stats().frozenSteps).toBe(1);
    const moved = Array.from(actions).map((a, r) => (a === ACTION_FORWARD ? r : -1)).filter((r) => r >= 0);
    // Costed robots came first (robots 1-64); none after them moves.
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((r) => r < 64)).toBe(true);
    const next = Array.from(world.locations, (c, r) => (actions[r] === ACTION_FORWARD ? c + [1, 20, -1, -20][world.headings[r]] : c));
    expect(new Set(next).size).toBe(robots);
    // Short of time again, the costing starts where it stopped: robots 65-128 move, not 1-64 again.
    // (The step's phases were timed at 0.1 ms this time: the costing's deadline is now 999.75.)
    calls = 0;
    late = 999.8;
    planner.plan(world, actions, 1000, clock);
    expect(planner.stats().frozenSteps).toBe(2);
    const movedAgain = Array.from(actions).map((a, r) => (a === ACTION_FORWARD ? r : -1)).filter((r) => r >= 0);
    expect(movedAgain.length).toBeGreaterThan(0);
    expect(movedAgain.every((r) => r >= 64 && r < 128)).toBe(true);
  });
});
