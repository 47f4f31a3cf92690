/**
 * The MDD (mdd.ts) against brute force: on tiny maps under constraints added as CBS adds them,
 * level t has a single cell only when every optimal path that obeys the constraints stands on that
 * one cell at t, and exactly then when there are only vertex constraints. The low level's path
 * (lowLevel.ts, its constraint table) obeys them and no shorter one does.
 */
import { describe, expect, it } from 'vitest';
import { FOUR_CONNECTED, fourConnectedStep } from '../../../../core/grid/movement.ts';
import { GoalDistances } from '../../../../core/search/goalDistances.ts';
import { ConstraintTable } from '../../../../core/solvers/cbs/constraintTable.ts';
import { SpaceTimePlanner } from '../../../../core/solvers/cbs/lowLevel.ts';
import { emptyConstraints } from '../../../../core/solvers/cbs/agentConstraints.ts';
import { buildMdd, mddHas } from '../../../../core/solvers/cbs/mdd.ts';
import { Random } from '../../../../core/util/random.ts';
import { randomInstance } from '../optimal/randomInstances.ts';

describe('CBS MDD', () => {
  it('marks a level single only when all optimal constrained paths share its cell', () => {
    const random = new Random(11);
    let singles = 0;
    let wide = 0;
    let edged = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const { grid, agents } = randomInstance(seed, 4, 4, 0.2, 1, FOUR_CONNECTED);
      const { start, goal } = agents[0];
      const cells = grid.cells;
      const c = emptyConstraints();
      const distances = new GoalDistances(grid).table(goal);
      const planner = new SpaceTimePlanner(grid);
      // Constraints as CBS adds them: each on a step of the unit's current optimal path.
      let path = planner.plan(start, goal, distances, c, null, { maxExpansions: 100_000 });
      for (let k = random.int(5); k > 0 && path !== null && path.length > 1; k--) {
        const t = 1 + random.int(path.length - 1);
        if (random.next() < 0.5) {
          c.vertex.add(t * cells + path[t]);
          if (path[t] === goal) c.goalT = Math.max(c.goalT, t);
        } else if (path[t] !== path[t - 1]) {
          c.edge.add((t * cells + path[t - 1]) * cells + path[t]);
        }
        c.maxT = Math.max(c.maxT, t);
        path = planner.plan(start, goal, distances, c, null, { maxExpansions: 100_000 });
      }
      if (path === null) continue;
      const cost = path.length - 1;
      // Every path of `cost` moves from start to goal that obeys c: the cells each level holds.
      const levels = Array.from({ length: cost + 1 }, () => new Set<number>());
      const walk: number[] = [start];
      const extend = (t: number): void => {
        const cell = walk[t];
        if (t === cost) {
          if (cell === goal) walk.forEach((x, i) => levels[i].add(x));
          return;
        }
        for (let d = 0; d < 5; d++) {
          const n = fourConnectedStep(cell, d, grid.width, cells);
          if (n < 0 || grid.passable[n] !== 1 || distances.get(n) > cost - t - 1) continue;
          if (c.vertex.has((t + 1) * cells + n) || c.edge.has(((t + 1) * cells + cell) * cells + n)) continue;
          walk.push(n);
          extend(t + 1);
          walk.pop();
        }
      };
      extend(0);
      // The planner's path obeys the constraints and is optimal: levels hold it, and no walk of
      // one move fewer ends on the goal (rest cost: not before goalT + 1).
      for (let t = 0; t <= cost; t++) expect(levels[t].has(path[t]), `seed ${seed}, t ${t}`).toBe(true);
      if (cost - 1 > c.goalT) {
        const shorter = cost - 1;
        const reach = (cell: number, t: number): boolean => {
          if (t === shorter) return cell === goal;
          for (let d = 0; d < 5; d++) {
            const n = fourConnectedStep(cell, d, grid.width, cells);
            if (n < 0 || grid.passable[n] !== 1 || distances.get(n) > shorter - t - 1) continue;
            if (c.vertex.has((t + 1) * cells + n) || c.edge.has(((t + 1) * cells + cell) * cells + n)) continue;
            if (reach(n, t + 1)) return true;
          }
          return false;
        };
        expect(reach(start, 0), `seed ${seed}: a path of ${shorter}`).toBe(false);
      }
      const mdd = buildMdd(grid, start, goal, cost, distances, c, new ConstraintTable());
      for (let t = 0; t <= cost; t++) {
        const only = levels[t].size === 1 ? [...levels[t]][0] : -1;
        // Single only when every path agrees (the soundness cardinal conflicts rest on); with no
        // edge constraints also the converse (edges are checked backward only: mdd.ts).
        if (mdd.single[t] >= 0 || c.edge.size === 0) expect(mdd.single[t], `seed ${seed}, t ${t}`).toBe(only);
        if (only >= 0) singles++;
        else wide++;
      }
      // With its levels kept (rectangle reasoning cuts barriers to them) each level holds exactly
      // the cells some allowed path stands on then, edge constraints too; the singles are as above.
      const kept = buildMdd(grid, start, goal, cost, distances, c, new ConstraintTable(), true);
      expect(kept.single).toEqual(mdd.single);
      for (let t = 0; t <= cost; t++) {
        for (let cell = 0; cell < cells; cell++) expect(mddHas(kept, cell, t), `seed ${seed}, t ${t}, cell ${cell}`).toBe(levels[t].has(cell));
      }
      if (c.edge.size > 0) edged++;
    }
    expect(singles).toBeGreaterThan(100);
    expect(wide).toBeGreaterThan(50);
    expect(edged).toBeGreaterThan(20);
  });
});
