import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { ACTION_FORWARD, ACTION_WAIT } from '../../../../core/grid/headings.ts';
import { describeViolations } from '../../../../core/mapf/validator.ts';
import { LIFELONG_PLANNERS, runLifelong } from '../../../../core/solvers/lifelong/index.ts';
import { MapGraph } from '../../../../core/solvers/lifelong/mapGraph.ts';
import { TaskPool } from '../../../../core/solvers/lifelong/taskPool.ts';
import { DefaultScheduler } from '../../../../core/solvers/lifelong/scheduler.ts';
import { validateLifelongRecord } from '../../../../core/solvers/lifelong/recordPaths.ts';
import { connectedRandomGrid, problem } from '../../../support/lifelongProblems.ts';
import type { LifelongPlanner } from '../../../../core/solvers/lifelong/types.ts';

describe('the LoRR task manager', () => {
  it('keeps revealedTasks open, does one errand a step, frees the robot on the last', () => {
    const p = problem(Grid.fromAscii(['....', '....']), 2, 5, 1);
    p.tasks = { count: 2, offsets: Int32Array.of(0, 2, 3), errands: Int32Array.of(1, 1, 6) };
    const pool = new TaskPool(p.tasks, 2, 3);
    pool.reveal(0);
    expect(pool.newTasks.length).toBe(3);
    const slotOf = (id: number) => pool.id.indexOf(id);
    expect(pool.applySchedule(Int32Array.of(slotOf(0), -1), 0)).toBe(true);
    // Task 0's errands are both cell 1: standing there does the first, the next step the second.
    expect(pool.checkErrands(Int32Array.of(1, 0), 1)).toBe(0);
    expect(pool.next[slotOf(0)]).toBe(1);
    // Opened: task 0 may not be taken from robot 1 now.
    expect(pool.applySchedule(Int32Array.of(-1, slotOf(0)), 1)).toBe(false);
    expect(pool.scheduleErrors).toBe(1);
    expect(pool.checkErrands(Int32Array.of(1, 0), 2)).toBe(1);
    expect(pool.newFreeRobots).toEqual([0]);
    pool.reveal(2);
    expect(pool.newTasks.length).toBe(1);
    expect(pool.id[pool.newTasks[0]]).toBe(3);
    expect(pool.source[pool.newTasks[0]]).toBe(1); // id 3 of a 2-task list
  });

  it('lets a task not yet opened move to another robot, never to two', () => {
    const p = problem(Grid.fromAscii(['....']), 2, 3, 2);
    const pool = new TaskPool(p.tasks, 2, 3);
    pool.reveal(0);
    const [a, b] = [pool.id.indexOf(0), pool.id.indexOf(1)];
    expect(pool.applySchedule(Int32Array.of(a, -1), 0)).toBe(true);
    expect(pool.applySchedule(Int32Array.of(b, a), 1)).toBe(true);
    expect(Array.from(pool.assignment)).toEqual([b, a]);
    expect(pool.applySchedule(Int32Array.of(a, a), 2)).toBe(false);
  });
});

describe("the Start-Kit's default scheduler", () => {
  it('gives each free robot, in the order served, an unassigned task of least makespan (brute force over BFS distances)', () => {
    const grid = connectedRandomGrid(16, 4);
    const p = problem(grid, 30, 200, 5);
    const graph = new MapGraph(grid);
    const pool = new TaskPool(p.tasks, p.teamSize, p.revealedTasks);
    pool.reveal(0);
    const scheduler = new DefaultScheduler(graph, pool);
    scheduler.observe();
    const proposed = new Int32Array(p.teamSize);
    scheduler.schedule(proposed, p.starts, Infinity, () => 0);
    const table = new Uint16Array(graph.freeCells.length);
    const dist = (a: number, b: number) => { graph.distancesFrom(b, table); return table[graph.freeIndex[a]]; };
    const makespan = (robot: number, slot: number) => {
      let cell = p.starts[robot];
      let total = 0;
      for (let k = pool.errandStart(slot); k < pool.errandStart(slot) + pool.errandCount(slot); k++) { total += dist(cell, p.tasks.errands[k]); cell = p.tasks.errands[k]; }
      return total;
    };
    const free = new Set(pool.newTasks);
    expect([...scheduler.served].sort((a, b) => a - b)).toEqual(Array.from({ length: p.teamSize }, (_, i) => i));
    for (const r of scheduler.served) {
      expect(free.has(proposed[r])).toBe(true);
      const best = Math.min(...[...free].map((s) => makespan(r, s)));
      expect(makespan(r, proposed[r])).toBe(best);
      free.delete(proposed[r]);
    }
  });
});

describe('the scheduler under a tight clock', () => {
  it('keeps assigning, one robot at a time, when a labelling pass would overrun the step', () => {
    const grid = connectedRandomGrid(16, 4);
    const p = problem(grid, 40, 200, 6);
    const graph = new MapGraph(grid);
    const pool = new TaskPool(p.tasks, p.teamSize, p.revealedTasks);
    pool.reveal(0);
    const scheduler = new DefaultScheduler(graph, pool);
    scheduler.observe();
    // Every reading of this clock costs 10 units: a labelling pass "takes" 10, more than a step's 15 leave.
    let clock = 0;
    const now = () => (clock += 10);
    const proposed = new Int32Array(p.teamSize);
    let steps = 0;
    while (pool.assignment.includes(-1) && steps < 100) {
      scheduler.schedule(proposed, p.starts, clock + 15, now);
      expect(pool.applySchedule(proposed, steps)).toBe(true);
      steps++;
    }
    expect(pool.assignment.includes(-1)).toBe(false);
  });
});

describe('the lifelong runner with the traffic-flow planner', () => {
  for (const entry of LIFELONG_PLANNERS) {
    it(`${entry.name}: finishes tasks with every step valid under LoRR's rules (turning validator)`, () => {
      const grid = connectedRandomGrid(20, 7);
      const p = problem(grid, 25, 500, 8);
      const result = runLifelong(p, entry.factory(3), { steps: 150, stepLimitMs: 1e9, record: true });
      const m = result.measures;
      expect(m.plannerErrors).toBe(0);
      expect(m.scheduleErrors).toBe(0);
      expect(m.tasksFinished).toBeGreaterThan(10);
      expect(m.tasksFinished).toBe(result.record!.pool.finished);
      expect(m.waitShare + m.forwardShare + m.turnShare).toBeCloseTo(1, 9);
      const { paths, verdict } = validateLifelongRecord(grid, p.starts, result.record!, m.steps);
      expect(verdict.valid, describeViolations(verdict)).toBe(true);
      // The run ends where the record says.
      expect(paths.map((path) => path[path.length - 1])).toEqual(Array.from(result.locations));
    });
  }

  it('plays a step that misses its limit as whole steps of waiting (LoRR timeouts)', () => {
    const grid = connectedRandomGrid(12, 9);
    const p = problem(grid, 5, 50, 10);
    let clock = 0;
    const slow: LifelongPlanner = { name: 'slow', stats: () => ({}), plan: (_w, actions) => { actions.fill(ACTION_WAIT); clock += 25; } };
    const result = runLifelong(p, () => slow, { steps: 30, stepLimitMs: 10, now: () => clock, record: true });
    // each plan costs 2.5 limits: 2 timeout steps, then the plan's step
    expect(result.measures.timeouts).toBe(20);
    expect(result.measures.planMs.length).toBe(10);
    expect(result.measures.waitShare).toBe(1);
  });

  it('refuses a step with a conflict whole: every robot waits', () => {
    const grid = Grid.fromAscii(['....']);
    const p = problem(grid, 2, 10, 1);
    p.starts = Int32Array.of(0, 2);
    // Both robots face east; robot 1 moving onto robot 2's cell while robot 2 waits is a vertex conflict.
    const fine: LifelongPlanner = { name: "fine", stats: () => ({}), plan: (_w, actions) => { actions[0] = ACTION_FORWARD; actions[1] = ACTION_WAIT; } };
    const conflict: LifelongPlanner = { name: 'conflict', stats: () => ({}), plan: (_w, actions) => { actions[0] = ACTION_FORWARD; actions[1] = ACTION_WAIT; } };
    expect(runLifelong(p, () => fine, { steps: 1, stepLimitMs: 1e9 }).measures.plannerErrors).toBe(0);
    const second = runLifelong(p, () => conflict, { steps: 2, stepLimitMs: 1e9 });
    // step 1 moves robot 1 to cell 1; step 2 would put it on robot 2's cell 2
    expect(second.measures.plannerErrors).toBe(1);
    expect(Array.from(second.locations)).toEqual([1, 2]);
  });
});
