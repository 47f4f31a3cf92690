import { describe, expect, it } from 'vitest';
import { computeClearance } from '../../../core/grid/footprint.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, type Movement, OCTILE_CUT, OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import type { AgentTask } from '../../../core/mapf/instance.ts';
import { buildStepTable, buildUnitDistance } from '../../../core/search/stepTable.ts';
import { lowerBounds, lowerBoundWork } from '../../../core/simulation/metrics.ts';

/** A seeded generator, so a failing case can be rerun. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The bound as it was computed before: one full distance table per (goal, size). */
function fullTableBounds(grid: Grid, movement: Movement, agents: readonly AgentTask[]): number[] {
  const steps = buildStepTable(grid, movement);
  const clearance = computeClearance(grid);
  return agents.map((agent) => {
    const size = agent.size ?? 1;
    const table = size === 1 ? buildUnitDistance(steps, agent.goal) : buildUnitDistance(steps, agent.goal, { clearance, size });
    const moves = table[agent.start];
    return moves < 0 ? Infinity : moves * (agent.speed ?? 1);
  });
}

describe('lower bounds', () => {
  const movements: [string, Movement][] = [
    ['4-connected', FOUR_CONNECTED],
    ['8-connected', OCTILE_NO_CUT],
    ['8-connected, corners cut', OCTILE_CUT],
  ];
  for (const [name, movement] of movements) {
    it(`equal the full distance tables on random maps (${name}, sizes 1 and 2, shared goals, walls between)`, () => {
      const next = random(name.length * 7919);
      for (let trial = 0; trial < 40; trial++) {
        const width = 3 + Math.floor(next() * 12);
        const height = 3 + Math.floor(next() * 12);
        const passable = new Uint8Array(width * height).map(() => (next() < 0.3 ? 0 : 1));
        const grid = new Grid(width, height, passable);
        const open = [...passable.keys()].filter((c) => passable[c] === 1);
        if (open.length < 2) continue;
        const pick = () => open[Math.floor(next() * open.length)];
        const sharedGoal = pick();
        const agents: AgentTask[] = [];
        for (let a = 0; a < 20; a++) {
          agents.push({
            start: pick(),
            goal: next() < 0.5 ? sharedGoal : pick(), // a crowd on one goal takes the shared search
            size: next() < 0.25 ? 2 : 1,
            speed: next() < 0.2 ? 3 : 1,
          });
        }
        const got = Array.from(lowerBounds(grid, movement, agents));
        expect(got, `trial ${trial}, ${width}x${height}`).toEqual(fullTableBounds(grid, movement, agents));
      }
    });
  }

  it('give Infinity for a goal in a wall or out of reach, and 0 for a unit already there', () => {
    const grid = Grid.fromAscii(['..@..', '..@..', '..@..']);
    const agents: AgentTask[] = [
      { start: grid.cell(0, 0), goal: grid.cell(4, 0) },
      { start: grid.cell(0, 0), goal: grid.cell(2, 1) },
      { start: grid.cell(1, 1), goal: grid.cell(1, 1) },
      { start: grid.cell(0, 2), goal: grid.cell(1, 0) },
    ];
    expect(Array.from(lowerBounds(grid, FOUR_CONNECTED, agents))).toEqual([Infinity, Infinity, 0, 3]);
  });

  it('search only near the goal when the starts are near it, on a 1024x1024 map (no whole-map table per goal)', () => {
    const grid = new Grid(1024, 1024);
    const agents: AgentTask[] = [];
    for (let a = 0; a < 50; a++) {
      const goal = grid.cell(100 + a * 15, 500);
      agents.push({ start: goal + 2, goal });
    }
    const before = lowerBoundWork;
    const bounds = lowerBounds(grid, FOUR_CONNECTED, agents);
    expect(Array.from(bounds)).toEqual(agents.map(() => 2));
    // A whole table per goal would be 50 x 1,048,576 cells; two levels of BFS are at most 13 cells each.
    expect(lowerBoundWork - before).toBeLessThanOrEqual(50 * 13);

    // A crowd of 20 on one goal, all within 3 moves: one search from the goal, 3 levels deep.
    const goal = grid.cell(512, 512);
    const crowd: AgentTask[] = Array.from({ length: 20 }, (_, k) => ({ start: grid.cell(509 + (k % 7), 511 + Math.floor(k / 7)), goal }));
    const crowdBefore = lowerBoundWork;
    const crowdBounds = lowerBounds(grid, FOUR_CONNECTED, crowd);
    expect(Array.from(crowdBounds)).toEqual(crowd.map((a) => Math.abs(grid.x(a.start) - 512) + Math.abs(grid.y(a.start) - 512)));
    expect(lowerBoundWork - crowdBefore).toBeLessThanOrEqual(1 + 4 + 8 + 12 + 16);
  });
});
