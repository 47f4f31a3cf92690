/**
 * The Start-Kit's default task scheduler (LoRR 2024, default_planner/scheduler.cpp): it keeps the
 * free robots and the unassigned tasks across steps and, robot by robot until its time is up,
 * gives each free robot the unassigned task of least makespan: the distance from the robot to
 * the task's first errand plus the distances between its errands in order. It never takes a task
 * back. The Start-Kit looks up each distance in a table per errand cell (a breadth-first search
 * kept for the whole run); here the errand-to-errand part is computed once when a task is
 * revealed, and the robot's part comes from one search per step seeded with every unassigned
 * task at its first errand, at its errand-to-errand length (Dial's buckets): each cell learns
 * its least makespan and which task gives it. Robots are then served in order; a robot whose
 * task was taken by an earlier robot waits for the next round's labels. The last few robots
 * search alone (openTasks.ts: breadth-first from the robot, stopping once no farther task can
 * beat the best found). Each robot gets a task of least makespan among those unassigned when it
 * is served, as in the Start-Kit, at a fraction of the searches.
 */
import type { TaskPool } from './taskPool.ts';
import type { MapGraph } from './mapGraph.ts';
import { OpenTasks } from './openTasks.ts';
import { TaskLengths } from './taskLengths.ts';
import type { LifelongScheduler } from './types.ts';

const NONE = -1;

export class DefaultScheduler implements LifelongScheduler {
  readonly name = 'greedy';
  private readonly graph: MapGraph;
  private readonly pool: TaskPool;
  /** Free robots in the order they became free; `isFree` marks them. */
  private freeRobots: number[] = [];
  private readonly isFree: Uint8Array;
  /** Unassigned tasks by first errand cell, each at the distances between its errands in order. */
  private readonly open: OpenTasks;
  /** A* between errands (the lengths a task's errands add, measured once when it is revealed). */
  private readonly errands: TaskLengths;
  // The per-step search from all unassigned tasks: best makespan and its task per cell.
  private readonly labelCost: Int32Array;
  private readonly labelTask: Int32Array;
  private bucketHead: Int32Array = new Int32Array(0);
  private entryCell: Int32Array;
  private entryNext: Int32Array;
  /** Robots assigned so far, for the measures. */
  assigned = 0;

  constructor(graph: MapGraph, pool: TaskPool) {
    this.graph = graph;
    this.pool = pool;
    this.isFree = new Uint8Array(pool.robots);
    this.open = new OpenTasks(graph, pool.capacity);
    this.errands = new TaskLengths(graph, pool);
    this.labelCost = new Int32Array(graph.cells);
    this.labelTask = new Int32Array(graph.cells);
    this.entryCell = new Int32Array(graph.cells * 2);
    this.entryNext = new Int32Array(graph.cells * 2);
  }

  /** Takes in the pool's newly freed robots and newly revealed tasks (call once per update, before `schedule`). */
  observe(): void {
    for (const r of this.pool.newFreeRobots) {
      if (this.isFree[r] === 1) continue;
      this.isFree[r] = 1;
      this.freeRobots.push(r);
    }
    for (const slot of this.pool.newTasks) this.list(slot);
  }

  /**
   * Fills `proposed` (a slot or -1 per robot) from the current assignment plus new ones, robot by
   * robot until `now() >= deadline`.
   */
  schedule(proposed: Int32Array, locations: Int32Array, deadline: number, now: () => number): void {
    this.locations = locations;
    proposed.set(this.pool.assignment);
    this.served = [];
    let waiting = this.freeRobots;
    const kept: number[] = [];
    // Rounds: label every cell with its best task, serve robots in order; a robot whose task an
    // earlier robot took this round waits for the next round's labels (an exact greedy choice
    // then too, in a different robot order: the Start-Kit's order is a hash set's anyway).
    while (waiting.length > 0 && this.open.count > 0 && now() < deadline) {
      // A labelling pass costs about as much each time: none that would end past the deadline
      // (then robots search one by one, and the estimate decays so a slow pass, a collector
      // pause, does not rule labelling out for good).
      let few = waiting.length <= 8;
      if (!few) {
        const before = now();
        if (before + this.labelMs > deadline) {
          few = true;
          this.labelMs *= 0.5;
        } else {
          this.labelAll();
          this.labelMs = now() - before;
        }
      }
      const deferred: number[] = [];
      let i = 0;
      for (; i < waiting.length; i++) {
        if (this.open.count === 0 || ((i & 7) === 7 && now() >= deadline)) break;
        const r = waiting[i];
        const here = this.locations[r];
        let slot: number;
        if (few) slot = here < 0 ? NONE : this.open.nearest(here, 1);
        else {
          const label = this.labelTask[here];
          if (label !== NONE && !this.open.isListed(label)) {
            deferred.push(r);
            continue;
          }
          slot = label;
        }
        if (slot === NONE) {
          kept.push(r); // no unassigned task is reachable from here
          continue;
        }
        proposed[r] = slot;
        this.served.push(r);
        this.isFree[r] = 0;
        this.open.remove(slot);
        this.assigned++;
      }
      for (; i < waiting.length; i++) deferred.push(waiting[i]);
      waiting = deferred;
    }
    this.freeRobots = kept.concat(waiting);
  }

  /** How long the last labelling pass took (clock of `schedule`'s `now`). */
  private labelMs = 0;

  /** The robots the last `schedule` gave a task, in the order it served them. */
  served: number[] = [];

  /** Robot locations, as `schedule` was last given them. */
  private locations: Int32Array = new Int32Array(0);

  stats(): Record<string, number> {
    return { scheduledRobots: this.assigned, schedulerCellsSearched: this.open.visited };
  }

  /**
   * Dial's algorithm from every unassigned task at once: labelCost[c] = least (distance from c to
   * a task's first errand + the task's errand-to-errand length), labelTask[c] = that task.
   */
  private labelAll(): void {
    const { graph, labelCost, labelTask, open } = this;
    const { start, neighbours } = graph;
    labelCost.fill(0x7fffffff);
    labelTask.fill(NONE);
    let maxCost = 0;
    for (let s = 0; s < this.pool.capacity; s++) if (open.isListed(s) && open.lengthOf(s) > maxCost) maxCost = open.lengthOf(s);
    const buckets = maxCost + graph.freeCells.length + 2;
    if (this.bucketHead.length < buckets) this.bucketHead = new Int32Array(buckets);
    const bucketHead = this.bucketHead;
    bucketHead.fill(NONE, 0, buckets);
    let entries = 0;
    const push = (cell: number, cost: number): void => {
      if (entries === this.entryCell.length) {
        const cells = new Int32Array(entries * 2);
        cells.set(this.entryCell);
        const next = new Int32Array(entries * 2);
        next.set(this.entryNext);
        this.entryCell = cells;
        this.entryNext = next;
      }
      this.entryCell[entries] = cell;
      this.entryNext[entries] = bucketHead[cost];
      bucketHead[cost] = entries++;
    };
    for (let c = 0; c < graph.cells; c++) {
      for (let s = open.firstAt(c); s !== NONE; s = open.nextOf(s)) {
        if (open.lengthOf(s) < labelCost[c]) {
          labelCost[c] = open.lengthOf(s);
          labelTask[c] = s;
        }
      }
      if (labelTask[c] !== NONE) push(c, labelCost[c]);
    }
    for (let cost = 0; cost < buckets; cost++) {
      for (let e = bucketHead[cost]; e !== NONE; e = this.entryNext[e]) {
        const c = this.entryCell[e];
        if (labelCost[c] !== cost) continue; // stale
        const task = labelTask[c];
        for (let k = start[c], end = start[c + 1]; k < end; k++) {
          const n = neighbours[k];
          if (labelCost[n] <= cost + 1) continue;
          labelCost[n] = cost + 1;
          labelTask[n] = task;
          push(n, cost + 1);
        }
      }
    }
  }

  /** Lists a revealed task at its first errand, at the distances between its errands in order. */
  private list(slot: number): void {
    const pool = this.pool;
    const base = pool.errandStart(slot);
    let total = 0;
    for (let k = 1, count = pool.errandCount(slot); k < count; k++) total += this.errands.distance(pool.tasks.errands[base + k - 1], pool.tasks.errands[base + k]);
    this.open.add(slot, pool.tasks.errands[base], total);
  }
}
