/**
 * predict's search (Patel, "Predicting obstacle movement"): against a brute force on tiny
 * maps, the earliest arrival among obstacles on their timetables, waits allowed; and the rule
 * in a run: it arrives as early as hindsight allows when no obstacle is held up, and no later
 * than planning with obstacles seen `now`.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, stepCell } from '../../../core/grid/movement.ts';
import { type MovingObstacle, inFootprint, obstacleTimetable, obstacleViolations, timetableCell } from '../../../core/mapf/obstacles.ts';
import { followAmongObstacles } from '../../../core/simulation/obstacleFollow.ts';
import { type ObstacleCells, earliestArrival, heldAt, swapsWith } from '../../../core/simulation/obstacleSpaceTime.ts';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Every cell the unit can be on at each turn, layer by layer, until the goal is in one (the same move rules). */
function bruteForceArrival(grid: Grid, start: number, goal: number, obstacles: ObstacleCells, horizon: number): number {
  let reach = new Set([start]);
  for (let t = 0; t <= horizon; t++) {
    if (reach.has(goal)) return t;
    const next = new Set<number>();
    for (const cell of reach) {
      for (let d = -1; d < 4; d++) {
        const to = d < 0 ? cell : stepCell(grid, FOUR_CONNECTED, cell, d);
        if (to < 0 || heldAt(obstacles, to, t + 1)) continue;
        if (to !== cell && swapsWith(obstacles, cell, to, t)) continue;
        next.add(to);
      }
    }
    reach = next;
  }
  return Infinity;
}

/** A random small instance: walls, 1-3 obstacles with valid routes, a start and goal free of obstacles at turn 0. */
function instance(next: () => number) {
  const width = 3 + Math.floor(next() * 4);
  const height = 3 + Math.floor(next() * 3);
  const grid = new Grid(width, height, new Uint8Array(width * height).map(() => (next() < 0.2 ? 0 : 1)));
  const free = [...grid.passable.keys()].filter((c) => grid.passable[c] === 1);
  const pick = () => free[Math.floor(next() * free.length)];
  const obstacles: MovingObstacle[] = [];
  for (let i = 0; i < 1 + Math.floor(next() * 3); i++) {
    const candidate: MovingObstacle = { id: `o${i + 1}`, route: [pick(), pick(), pick()], mode: (['loop', 'ping-pong', 'once'] as const)[i % 3], speed: 1 + Math.floor(next() * 2), size: next() < 0.3 ? 2 : 1 };
    try {
      obstacleTimetable(grid, candidate);
      obstacles.push(candidate);
    } catch {
      // No path between its waypoints: leave it out.
    }
  }
  return { grid, free, pick, obstacles };
}

describe('predict: space-time planning against the timetable', () => {
  it('finds the brute-force earliest arrival on 200 tiny instances (some obstacles 2x2)', () => {
    const next = random(4);
    let arrived = 0;
    for (let trial = 0; trial < 200; trial++) {
      const { grid, pick, obstacles } = instance(next);
      const tables = obstacles.map((o) => obstacleTimetable(grid, o));
      const cells: ObstacleCells = { count: tables.length, at: (i, t) => timetableCell(tables[i], t), sizes: obstacles.map((o) => o.size ?? 1), width: grid.width };
      const start = pick();
      const goal = pick();
      if (heldAt(cells, start, 0)) continue;
      const expected = bruteForceArrival(grid, start, goal, cells, 40);
      const found = earliestArrival(grid, FOUR_CONNECTED, start, 0, goal, cells, 40);
      expect(found.path === null ? Infinity : found.path.length - 1, `trial ${trial}`).toBe(expected);
      if (found.path !== null) {
        arrived++;
        // The path keeps clear of every obstacle.
        const obstaclePaths = tables.map((table) => found.path!.map((_, t) => timetableCell(table, t)));
        expect(obstacleViolations([found.path], obstaclePaths, cells.sizes, grid.width)).toEqual([]);
      }
    }
    expect(arrived).toBeGreaterThan(100);
  });

  it('in a run, arrives at the hindsight bound when no obstacle was held up, and never after `now` planning', () => {
    const next = random(11);
    let compared = 0;
    for (let trial = 0; trial < 120; trial++) {
      const { grid, pick, obstacles } = instance(next);
      const start = pick();
      const goal = pick();
      const sizes = obstacles.map((o) => o.size ?? 1);
      if (obstacles.some((o, i) => inFootprint(start, o.route[0], sizes[i], grid.width))) continue;
      const predict = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, obstacles, { kind: 'predict' }, { turnLimit: 60 });
      expect(obstacleViolations([predict.path], predict.obstaclePaths, sizes, grid.width), `trial ${trial}`).toEqual([]);
      if (predict.obstacleWaits > 0 || !predict.arrived) continue;
      expect(predict.arrival, `trial ${trial}`).toBe(predict.hindsight);
      const now = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, obstacles, { kind: 'recalc' }, { turnLimit: 60 });
      if (now.arrived) expect(predict.arrival, `trial ${trial}`).toBeLessThanOrEqual(now.arrival);
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('waits for a guard to pass a gap instead of walking into its path (Patel: what plain A* cannot do)', () => {
    const grid = Grid.fromAscii([
      '@@@@.@@@@',
      '.........',
      '@@@@.@@@@',
    ]);
    // The guard sweeps up and down through the gap column; the unit must cross it.
    const guard: MovingObstacle = { id: 'guard', route: [grid.cell(4, 0), grid.cell(4, 2)], mode: 'ping-pong' };
    const start = grid.cell(0, 1);
    const goal = grid.cell(8, 1);
    const predict = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], { kind: 'predict' }, { turnLimit: 40 });
    const now = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], { kind: 'recalc' }, { turnLimit: 40 });
    const spliced = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, [guard], { kind: 'splice', m: 3 }, { turnLimit: 40 });
    expect(predict.arrived && now.arrived && spliced.arrived).toBe(true);
    expect(predict.arrival).toBe(predict.hindsight);
    expect(predict.arrival).toBeLessThanOrEqual(now.arrival);
    // Seeing the guard only where it stands, splicing runs into it in the gap and waits two turns.
    expect(spliced.obstacleBlocks).toBeGreaterThan(0);
    expect(predict.arrival).toBeLessThan(spliced.arrival);
    expect(predict.obstacleBlocks).toBe(0);
    for (const run of [predict, now, spliced]) expect(obstacleViolations([run.path], run.obstaclePaths)).toEqual([]);
  });
});
