import { describe, expect, it } from 'vitest';
import { describeViolations } from '../../../../core/mapf/validator.ts';
import { LIFELONG_SCHEDULERS, findLifelongPlanner, runLifelong } from '../../../../core/solvers/lifelong/index.ts';
import { validActions } from '../../../../core/solvers/lifelong/lifelongRun.ts';
import { MapGraph } from '../../../../core/solvers/lifelong/mapGraph.ts';
import { TaskPool } from '../../../../core/solvers/lifelong/taskPool.ts';
import { HungarianScheduler } from '../../../../core/solvers/lifelong/hungarianScheduler.ts';
import { validateLifelongRecord } from '../../../../core/solvers/lifelong/recordPaths.ts';
import type { LifelongPlanner, LifelongScheduler, SchedulerFactory } from '../../../../core/solvers/lifelong/types.ts';
import { connectedRandomGrid, problem } from '../../../support/lifelongProblems.ts';

describe('the task schedulers keep the League of Robot Runners rules', () => {
  for (const entry of LIFELONG_SCHEDULERS) {
    it(`${entry.name}: one robot per task, no started task moved, goals follow the proposal, every step valid`, () => {
      const grid = connectedRandomGrid(20, 7);
      const p = problem(grid, 25, 500, 8);
      let pool: TaskPool | null = null;
      let graph: MapGraph | null = null;
      let last: Int32Array | null = null;
      let proposals = 0;
      let changes = 0;
      const make = entry.factory();
      // The scheduler as the runner sees it, each proposal checked against the pool before the pool judges it.
      const checked: SchedulerFactory = (g, taskPool) => {
        pool = taskPool;
        graph = g;
        const inner: LifelongScheduler = make(g, taskPool);
        return {
          name: inner.name,
          observe: () => inner.observe(),
          stats: () => inner.stats(),
          schedule(proposed, locations, deadline, now) {
            inner.schedule(proposed, locations, deadline, now);
            const seen = new Set<number>();
            for (let r = 0; r < proposed.length; r++) {
              const slot = proposed[r];
              const held = taskPool.assignment[r];
              if (held >= 0 && taskPool.next[held] > 0) expect(slot, `robot ${r + 1} lost a started task`).toBe(held);
              if (slot !== held) changes++;
              if (slot < 0) continue;
              expect(taskPool.id[slot], `robot ${r + 1} proposed a slot with no open task`).toBeGreaterThanOrEqual(0);
              expect(seen.has(slot), `task slot ${slot} proposed to two robots`).toBe(false);
              seen.add(slot);
            }
            expect(taskPool.validSchedule(proposed)).toBe(true);
            last = proposed.slice();
            proposals++;
          },
        };
      };
      const planner = findLifelongPlanner('flow-pibt')!.factory(3);
      const occupied = new Int32Array(grid.cells).fill(-1);
      const planned: SchedulerFactory = checked;
      const result = runLifelong(p, (g, robots) => {
        const inner: LifelongPlanner = planner(g, robots);
        return {
          name: inner.name,
          stats: () => inner.stats(),
          plan(world, actions, deadline, now) {
            // The planner sees each robot's proposed task's next errand as its goal, and only that.
            for (let r = 0; r < robots; r++) expect(world.goals[r]).toBe(last![r] >= 0 ? pool!.errand(last![r]) : -1);
            inner.plan(world, actions, deadline, now);
            expect(validActions(graph!, world.locations, world.headings, actions, occupied), `step ${world.step}: actions break the League's rules`).toBe(true);
          },
        };
      }, { steps: 150, stepLimitMs: 1e9, record: true, scheduler: planned });
      const m = result.measures;
      expect(proposals).toBe(150);
      expect(changes).toBeGreaterThan(0);
      expect(m.scheduleErrors).toBe(0);
      expect(m.plannerErrors).toBe(0);
      expect(m.tasksFinished).toBeGreaterThan(10);
      const { verdict } = validateLifelongRecord(grid, p.starts, result.record!, m.steps);
      expect(verdict.valid, describeViolations(verdict)).toBe(true);
      if (entry.name === 'hungarian') expect(m.plannerStats.reassignedTasks, 'the run should exercise reassignment').toBeGreaterThan(0);
    });
  }
});

describe('the Hungarian scheduler', () => {
  it('keeps every robot on its task when a change of task costs more than anything it could buy (switchCost)', () => {
    const grid = connectedRandomGrid(20, 7);
    const p = problem(grid, 25, 500, 8);
    const run = (switchCost: number) => runLifelong(p, findLifelongPlanner('pibt-rotations')!.factory(3), {
      steps: 100, stepLimitMs: 1e9, scheduler: LIFELONG_SCHEDULERS.find((s) => s.name === 'hungarian')!.factory({ switchCost }),
    }).measures;
    expect(run(0).plannerStats.reassignedTasks).toBeGreaterThan(0);
    // Above even a robot left without a task (which a smaller switchCost still lets a free robot avoid by taking an unstarted task).
    const kept = run(1e9);
    expect(kept.plannerStats.reassignedTasks).toBe(0);
    expect(kept.scheduleErrors).toBe(0);
    expect(kept.tasksFinished).toBeGreaterThan(5);
  });


  /** Least total cost of giving each robot a distinct task (all robots served), over every choice. */
  function bruteForce(cost: number[][]): number {
    const tasks = cost[0].length;
    const used = new Uint8Array(tasks);
    let best = Infinity;
    const visit = (r: number, total: number): void => {
      if (total >= best) return;
      if (r === cost.length) { best = total; return; }
      for (let t = 0; t < tasks; t++) {
        if (used[t] === 1) continue;
        used[t] = 1;
        visit(r + 1, total + cost[r][t]);
        used[t] = 0;
      }
    };
    visit(0, 0);
    return best;
  }

  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`with every task a candidate, its assignment costs the brute-force least (seed ${seed}), reassigning unstarted tasks`, () => {
      const grid = connectedRandomGrid(12, seed);
      const p = problem(grid, 5, 40, seed + 10);
      const graph = new MapGraph(grid);
      const pool = new TaskPool(p.tasks, p.teamSize, p.revealedTasks);
      pool.reveal(0);
      const weight = seed % 2 === 0 ? 1 : 5;
      const scheduler = new HungarianScheduler(graph, pool, 'hungarian', { candidates: 64, distanceWeight: weight });
      scheduler.observe();
      const table = new Uint16Array(graph.freeCells.length);
      const dist = (a: number, b: number) => { graph.distancesFrom(b, table); return table[graph.freeIndex[a]]; };
      const taskCost = (cell: number, slot: number) => {
        const base = pool.errandStart(slot);
        let length = 0;
        for (let k = base + 1; k < base + pool.errandCount(slot); k++) length += dist(p.tasks.errands[k - 1], p.tasks.errands[k]);
        return weight * dist(cell, p.tasks.errands[base]) + length;
      };
      const proposed = new Int32Array(p.teamSize);
      // Step 1 from the starts; step 2 from other cells, every task still unstarted and so reassignable.
      const places = [p.starts, Int32Array.from(p.starts, (_, r) => graph.freeCells[(r * 37 + seed * 11) % graph.freeCells.length])];
      places.forEach((locations, step) => {
        scheduler.schedule(proposed, locations, Infinity, () => 0);
        const open = Array.from({ length: pool.capacity }, (_, s) => s).filter((s) => pool.id[s] >= 0 && (pool.robot[s] === -1 || pool.next[s] === 0));
        const matrix = Array.from(locations, (cell) => open.map((s) => taskCost(cell, s)));
        const total = Array.from(proposed).reduce((sum, slot, r) => sum + taskCost(locations[r], slot), 0);
        expect(new Set(proposed).size, `step ${step + 1}: distinct tasks`).toBe(p.teamSize);
        expect(total, `step ${step + 1}`).toBe(bruteForce(matrix));
        expect(pool.applySchedule(proposed, step)).toBe(true);
      });
    });
  }
});
