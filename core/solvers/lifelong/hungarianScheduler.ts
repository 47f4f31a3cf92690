/**
 * Min-cost assignment scheduler: each step the free robots and the robots whose task's first
 * errand is not yet reached (the League lets such tasks be reassigned) are assigned to the open and
 * those reassignable tasks at least total cost (assignment.ts, Jonker-Volgenant); a robot's cost
 * for a task is `distanceWeight` x its distance to the task's first errand + the task's length.
 * Restricted to fit a step at the League's scale (a full matrix on warehouse_large_5000 is 5,000
 * x 7,500 distances a step): a robot's candidates are its k cheapest tasks, found for all robots
 * by one multi-source search from every assignable task in which each cell keeps its k cheapest
 * distinct tasks (a task not among a cell's k is not among the k of any cell beyond it), plus its
 * current task (at the Manhattan distance when not among them: a bound that favours keeping).
 * Measured (one core, load ~3, warm): k = 4 takes 12 ms of search and 17 ms in all a step on
 * warehouse_large_5000, 30 ms and 35 ms on sortation_large_2000; k = 8 four times as much. A
 * search its last duration says would overrun is skipped; robots left without a task (their k
 * candidates went to others near them) are then served one by one, the greedy scheduler's way.
 */
import { SparseAssignment } from './assignment.ts';
import type { MapGraph } from './mapGraph.ts';
import { OpenTasks } from './openTasks.ts';
import { TaskLengths } from './taskLengths.ts';
import type { TaskPool } from './taskPool.ts';
import type { LifelongScheduler } from './types.ts';

export interface HungarianOptions {
  /** Candidate tasks per robot (k); default DEFAULT_CANDIDATES. */
  candidates?: number;
  /** Weight of the distance to the first errand against the task's own length; default 1. */
  distanceWeight?: number;
  /**
   * What a change of task costs, in the cost's units, on top of the tie-break toward keeping;
   * default 0. Below NO_TASK_COST a free robot may still take an unstarted task from another.
   */
  switchCost?: number;
}

/** Candidate tasks per robot by default. */
export const DEFAULT_CANDIDATES = 4;

/** The share of the scheduler's time the candidate search may take (the rest: the assignment, then robots served alone). */
const LABEL_SHARE = 0.6;

/** The cost of leaving a robot without a task: above any task's, so as many robots as can get one do. */
const NO_TASK_COST = 1e7;

export class HungarianScheduler implements LifelongScheduler {
  readonly name: string;
  private readonly k: number;
  private readonly weight: number;
  private readonly switchCost: number;
  private readonly lengths: TaskLengths;
  /** Per cell its labels: up to k (task, cost) pairs, cheapest first as found. */
  private readonly labelCount: Uint8Array;
  private readonly labelTask: Int32Array;
  private readonly labelCost: Int32Array;
  /** Cells that hold a robot this step (how many cells are still short of k labels). */
  private readonly robotCell: Int32Array;
  private robotStamp = 0;
  private bucketHead = new Int32Array(0);
  private entryCell = new Int32Array(1024);
  private entryTask = new Int32Array(1024);
  private entryNext = new Int32Array(1024);
  /** Per slot: 1 when the task is assignable this step. */
  private readonly assignable: Uint8Array;
  private readonly solver = new SparseAssignment();
  private rowRobot: Int32Array;
  private rowStart: Int32Array;
  private column = new Int32Array(1024);
  private cost = new Float64Array(1024);
  /** Open tasks by first errand, for the robots served one by one. */
  private readonly open: OpenTasks;
  private readonly taken: Uint8Array;
  /** How long the last candidate search took, on the `now` clock. */
  private labelMs = 0;
  private counters = { scheduledRobots: 0, reassignedTasks: 0, schedulerLabels: 0, schedulerLabelsCut: 0, schedulerLabelsSkipped: 0, schedulerKeepSearches: 0, schedulerRowsCut: 0, schedulerColumnsSettled: 0, schedulerServedAlone: 0 };

  constructor(
    private readonly graph: MapGraph,
    private readonly pool: TaskPool,
    name: string,
    options: HungarianOptions = {},
  ) {
    this.name = name;
    this.k = Math.max(1, Math.min(64, Math.round(options.candidates ?? DEFAULT_CANDIDATES)));
    this.weight = Math.max(1, Math.round(options.distanceWeight ?? 1));
    this.switchCost = Math.max(0, options.switchCost ?? 0);
    this.lengths = new TaskLengths(graph, pool);
    this.labelCount = new Uint8Array(graph.cells);
    this.labelTask = new Int32Array(graph.cells * this.k);
    this.labelCost = new Int32Array(graph.cells * this.k);
    this.robotCell = new Int32Array(graph.cells);
    this.assignable = new Uint8Array(pool.capacity);
    this.taken = new Uint8Array(pool.capacity);
    this.open = new OpenTasks(graph, pool.capacity);
    this.rowRobot = new Int32Array(pool.robots);
    this.rowStart = new Int32Array(pool.robots + 1);
  }

  observe(): void {
    this.lengths.observe();
  }

  stats(): Record<string, number> {
    return { ...this.counters, schedulerCellsSearched: this.counters.schedulerLabels };
  }

  schedule(proposed: Int32Array, locations: Int32Array, deadline: number, now: () => number): void {
    const { pool, assignable, rowRobot, k } = this;
    const { assignment, next, id, robot } = pool;
    proposed.set(assignment);
    if (now() >= deadline) return;
    // Rows: reassignable robots first (a cut keeps them on their tasks), then free ones.
    let rows = 0;
    for (let r = 0; r < pool.robots; r++) if (assignment[r] >= 0 && next[assignment[r]] === 0) rowRobot[rows++] = r;
    const holding = rows;
    for (let r = 0; r < pool.robots; r++) if (assignment[r] === -1) rowRobot[rows++] = r;
    let tasks = 0;
    for (let s = 0; s < pool.capacity; s++) {
      const open = id[s] >= 0 && (robot[s] === -1 || next[s] === 0);
      assignable[s] = open ? 1 : 0;
      if (open) tasks++;
    }
    if (rows === 0 || (tasks === 0 && holding === 0)) return;
    const stamp = ++this.robotStamp;
    for (let i = 0; i < rows; i++) this.robotCell[locations[rowRobot[i]]] = stamp;
    // The search may take LABEL_SHARE of the time left; past it the robots without a task are served one by one.
    // A search expected to overrun its share is not started (the estimate halves each time, so a
    // slow search, a collector pause, does not rule searching out for good).
    const began = now();
    const labelDeadline = began + (deadline - began) * LABEL_SHARE;
    if (began + this.labelMs > labelDeadline) {
      this.labelMs *= 0.5;
      this.counters.schedulerLabelsSkipped++;
      this.serveLeftOut(proposed, locations, rows, deadline, now);
      return;
    }
    const labelled = this.label(stamp, labelDeadline, now);
    this.labelMs = now() - began;
    if (!labelled) {
      this.counters.schedulerLabelsCut++;
      this.serveLeftOut(proposed, locations, rows, deadline, now);
      return;
    }

    // Candidate pairs, row by row: the cell's labels, the current task, the row's own "no task" column.
    const { labelCount, labelTask, labelCost, lengths } = this;
    const capacity = pool.capacity;
    const keepBonus = this.switchCost + 0.5 / (rows + 1); // at least breaks ties toward keeping a task: no swaps for nothing
    this.ensurePairs(rows * (k + 2));
    const { column, cost, rowStart } = this;
    let e = 0;
    for (let i = 0; i < rows; i++) {
      rowStart[i] = e;
      const r = rowRobot[i];
      const cell = locations[r];
      const current = assignment[r];
      let found = current === -1;
      for (let l = 0, n = labelCount[cell]; l < n; l++) {
        const s = labelTask[cell * k + l];
        column[e] = s;
        cost[e++] = s === current ? labelCost[cell * k + l] - keepBonus : labelCost[cell * k + l];
        if (s === current) found = true;
      }
      if (!found) {
        this.counters.schedulerKeepSearches++;
        const first = pool.tasks.errands[pool.errandStart(current)];
        column[e] = current;
        cost[e++] = this.weight * this.graph.manhattan(cell, first) + lengths.length[current] - keepBonus;
      }
      column[e] = capacity + i;
      cost[e++] = NO_TASK_COST;
    }
    rowStart[rows] = e;
    const solver = this.solver;
    const settledBefore = solver.settled;
    const done = solver.solve({ rows, columns: capacity + rows, rowStart, column, cost }, () => now() >= deadline);
    this.counters.schedulerColumnsSettled += solver.settled - settledBefore;
    this.counters.schedulerRowsCut += rows - done;
    const { columnOf, rowOf } = solver;
    for (let i = 0; i < rows; i++) {
      const r = rowRobot[i];
      const current = assignment[r];
      let slot: number;
      if (i >= done) slot = current >= 0 && rowOf[current] === -1 ? current : -1;
      else slot = columnOf[i] < capacity ? columnOf[i] : -1;
      proposed[r] = slot;
      if (slot !== current) {
        if (slot >= 0) this.counters.scheduledRobots++;
        if (current >= 0) this.counters.reassignedTasks++;
      }
    }
    this.serveLeftOut(proposed, locations, rows, deadline, now);
  }

  /**
   * Robots the assignment left without a task while tasks stay open (their k candidates all went
   * to others, as when many robots stand near the same few tasks): each, in row order until the
   * deadline, takes the open task of least cost by its own breadth-first search.
   */
  private serveLeftOut(proposed: Int32Array, locations: Int32Array, rows: number, deadline: number, now: () => number): void {
    const { pool, rowRobot, assignable, open } = this;
    const taken = this.taken;
    taken.fill(0);
    for (let r = 0; r < pool.robots; r++) if (proposed[r] >= 0) taken[proposed[r]] = 1;
    let left = 0;
    for (let s = 0; s < pool.capacity; s++) if (assignable[s] === 1 && taken[s] === 0) left++;
    if (left === 0) return;
    open.clear();
    for (let s = 0; s < pool.capacity; s++) if (assignable[s] === 1 && taken[s] === 0) open.add(s, pool.tasks.errands[pool.errandStart(s)], this.lengths.length[s]);
    let served = 0;
    for (let i = 0; i < rows && open.count > 0; i++) {
      const r = rowRobot[i];
      if (proposed[r] >= 0) continue;
      if ((served++ & 7) === 7 && now() >= deadline) break;
      const slot = open.nearest(locations[r], this.weight);
      if (slot === -1) continue;
      proposed[r] = slot;
      open.remove(slot);
      this.counters.scheduledRobots++;
      this.counters.schedulerServedAlone++;
    }
  }

  /**
   * Dial's buckets from every assignable task's first errand at once, at the task's length: each
   * cell keeps the first k distinct tasks that reach it, the k cheapest. Stops when the cells
   * holding a robot (stamped `stamp` in robotCell) all have k labels, or the map is covered.
   */
  private label(stamp: number, deadline: number, now: () => number): boolean {
    const { graph, pool, k, weight, labelCount, labelTask, labelCost, robotCell, assignable } = this;
    const { start, neighbours } = graph;
    const length = this.lengths.length;
    labelCount.fill(0);
    let maxLength = 0;
    for (let s = 0; s < pool.capacity; s++) if (assignable[s] === 1 && length[s] > maxLength) maxLength = length[s];
    const buckets = maxLength + weight * (graph.freeCells.length + 1) + 1;
    if (this.bucketHead.length < buckets) this.bucketHead = new Int32Array(buckets);
    const bucketHead = this.bucketHead;
    bucketHead.fill(-1, 0, buckets);
    let entries = 0;
    let lowest = buckets;
    for (let s = 0; s < pool.capacity; s++) {
      if (assignable[s] === 0) continue;
      entries = this.push(entries, pool.tasks.errands[pool.errandStart(s)], s, length[s]);
      if (length[s] < lowest) lowest = length[s];
    }
    let pending = 0;
    for (let c = 0; c < graph.cells; c++) if (robotCell[c] === stamp) pending++;
    let labels = 0;
    let popped = 0;
    for (let c0 = lowest; c0 < buckets && pending > 0; c0++) {
      for (let en = bucketHead[c0]; en !== -1; en = this.entryNext[en]) {
        if ((++popped & 8191) === 0 && now() >= deadline) {
          this.counters.schedulerLabels += labels;
          return false;
        }
        const c = this.entryCell[en];
        const n = labelCount[c];
        if (n >= k) continue;
        const s = this.entryTask[en];
        let dup = false;
        for (let l = 0; l < n; l++) if (labelTask[c * k + l] === s) dup = true;
        if (dup) continue;
        labelTask[c * k + n] = s;
        labelCost[c * k + n] = c0;
        labelCount[c] = n + 1;
        labels++;
        if (n + 1 === k && robotCell[c] === stamp && --pending === 0) break;
        for (let a = start[c], end = start[c + 1]; a < end; a++) {
          const m = neighbours[a];
          const held = labelCount[m];
          if (held >= k) continue;
          let has = false;
          for (let l = 0; l < held; l++) if (labelTask[m * k + l] === s) has = true;
          if (!has) entries = this.push(entries, m, s, c0 + weight);
        }
      }
    }
    this.counters.schedulerLabels += labels;
    return true;
  }

  private push(entries: number, cell: number, task: number, cost: number): number {
    if (entries === this.entryCell.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.entryCell = grow(this.entryCell);
      this.entryTask = grow(this.entryTask);
      this.entryNext = grow(this.entryNext);
    }
    this.entryCell[entries] = cell;
    this.entryTask[entries] = task;
    this.entryNext[entries] = this.bucketHead[cost];
    this.bucketHead[cost] = entries;
    return entries + 1;
  }

  private ensurePairs(pairs: number): void {
    if (this.column.length >= pairs) return;
    this.column = new Int32Array(pairs);
    this.cost = new Float64Array(pairs);
  }
}
