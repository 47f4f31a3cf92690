/**
 * EECBS's focal low level (focalLowLevel.ts) against CBS's optimal one (lowLevel.ts): on tiny
 * maps under constraints added as the constraint tree adds them, with other units' paths in the
 * conflict avoidance table, both find a path or neither does; the focal path obeys the
 * constraints, and its lower bound <= the optimal cost <= its cost <= w x its lower bound. One
 * planner serves every query, so what a query leaves behind (its stamped tables) must not leak
 * into the next.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED } from '../../../../core/grid/movement.ts';
import { GoalDistances } from '../../../../core/search/goalDistances.ts';
import { ConflictAvoidanceTable } from '../../../../core/solvers/cbs/conflictAvoidance.ts';
import { FocalPlanner } from '../../../../core/solvers/cbs/focalLowLevel.ts';
import { SpaceTimePlanner } from '../../../../core/solvers/cbs/lowLevel.ts';
import { type AgentConstraints, emptyConstraints, isBarred } from '../../../../core/solvers/cbs/agentConstraints.ts';
import { Random } from '../../../../core/util/random.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

/** Why `path` breaks a rule (a move, a wall, a constraint, the goal), or null. */
function broken(path: Int32Array, start: number, goal: number, c: AgentConstraints, width: number, cells: number, passable: Uint8Array): string | null {
  if (path[0] !== start) return 'does not begin at the start';
  if (path[path.length - 1] !== goal) return 'does not end on the goal';
  if (path.length - 1 <= c.goalT) return `rests on the goal at ${path.length - 1}, before its constraint at ${c.goalT}`;
  for (let t = 0; t < path.length; t++) {
    const cell = path[t];
    if (passable[cell] !== 1) return `on a wall at ${t}`;
    if (c.vertex.has(t * cells + cell)) return `on a vertex constraint at ${t}`;
    if (isBarred(c, cell, t)) return `on a barred cell at ${t}`;
    if (t === 0) continue;
    const from = path[t - 1];
    const step = Math.abs(cell - from);
    if (step !== 0 && step !== 1 && step !== width) return `jumps at ${t}`;
    if (c.edge.has((t * cells + from) * cells + cell)) return `takes a constrained move at ${t}`;
  }
  // Resting on the goal for good: no barred constraint there later.
  if (isBarred(c, goal, Number.MAX_SAFE_INTEGER)) return 'rests on a barred goal';
  return null;
}

describe('EECBS focal low level', () => {
  it('finds a path within w of its lower bound, which is at most the optimum, under constraints', () => {
    const random = new Random(7);
    const focal = new FocalPlanner(randomInstance(1, 5, 5, 0.2, 1, FOUR_CONNECTED).grid);
    let checked = 0;
    let none = 0;
    let dearer = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const { grid, agents } = randomInstance(seed, 5, 5, 0.2, 4, FOUR_CONNECTED);
      const planner = seed % 2 === 0 ? focal : new FocalPlanner(grid); // a shared one, and fresh ones
      const cells = grid.cells;
      const { start, goal } = agents[0];
      const distances = new GoalDistances(grid).table(goal);
      const optimal = new SpaceTimePlanner(grid);
      // The other units' shortest paths as the table of conflicts to avoid.
      const others = agents.slice(1).map((a) => optimal.plan(a.start, a.goal, new GoalDistances(grid).table(a.goal), emptyConstraints(), null, { maxExpansions: 100_000 }) ?? Int32Array.of(a.start));
      const cat = new ConflictAvoidanceTable(cells);
      cat.load([Int32Array.of(start), ...others], 0);
      const w = [1, 1.2, 1.5, 2][seed % 4];
      const c = emptyConstraints();
      let floor = 0;
      for (let k = 0; k <= 6; k++) {
        const best = optimal.plan(start, goal, distances, c, null, { maxExpansions: 100_000 });
        const found = planner.plan(start, goal, distances, c, cat, w, floor, { maxExpansions: 100_000 });
        expect(found === null, `seed ${seed}, step ${k}`).toBe(best === null);
        if (found === null || best === null) {
          none++;
          break;
        }
        const cost = found.path.length - 1;
        expect(broken(found.path, start, goal, c, grid.width, cells, grid.passable), `seed ${seed}, step ${k}`).toBe(null);
        expect(found.lowerBound, `seed ${seed}, step ${k}`).toBeLessThanOrEqual(best.length - 1);
        expect(cost, `seed ${seed}, step ${k}`).toBeLessThanOrEqual(Math.floor(w * found.lowerBound));
        if (w === 1) expect(cost, `seed ${seed}, step ${k}`).toBe(best.length - 1);
        if (cost > best.length - 1) dearer++;
        checked++;
        // A constraint on the focal path, as a child node adds one (its bound then holds as a floor).
        floor = found.lowerBound;
        if (cost === 0) break;
        const t = 1 + random.int(cost);
        const roll = random.next();
        if (roll < 0.45) {
          c.vertex.add(t * cells + found.path[t]);
          if (found.path[t] === goal) c.goalT = Math.max(c.goalT, t);
        } else if (roll < 0.9 && found.path[t] !== found.path[t - 1]) {
          c.edge.add((t * cells + found.path[t - 1]) * cells + found.path[t]);
        } else if (found.path[t] !== goal) {
          const before = c.barred.get(found.path[t]);
          if (before === undefined || t < before) c.barred.set(found.path[t], t);
        }
        c.maxT = Math.max(c.maxT, t);
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(none).toBeGreaterThan(5);
    expect(dearer).toBeGreaterThan(5); // the bound is used: some paths avoid conflicts at a cost
  });
});
