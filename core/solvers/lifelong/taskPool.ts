/**
 * The League of Robot Runners' task manager (Start-Kit 2024, src/TaskManager.cpp): tasks are
 * revealed from the problem's list in order (task id k is the list's task k mod its length) so
 * that `revealedTasks` are always open; a scheduler proposes a task per robot each step; a robot
 * that stands on its task's next errand after a step completes that errand (one a step); the last
 * errand finishes the task and frees the robot. A proposal is refused whole (the old one stays,
 * a schedule error is counted) when it gives one task to two robots, names a task not open, or
 * takes a task away from a robot that has reached its first errand (an opened task is the robot's
 * until finished; before that it may be reassigned).
 */
import type { LorrTasks } from '../../formats/lorrProblem.ts';

export class TaskPool {
  readonly tasks: LorrTasks;
  readonly robots: number;
  readonly capacity: number;
  /** Per slot: the task's id (reveal order), its index in the problem's list, next errand index, robot (-1 none), reveal step; -1 id for an empty slot. */
  readonly id: Int32Array;
  readonly source: Int32Array;
  readonly next: Int32Array;
  readonly robot: Int32Array;
  readonly revealedAt: Int32Array;
  /** Per robot: its task's slot, or -1. */
  readonly assignment: Int32Array;
  /** Slots revealed and robots freed by the last update (what the scheduler is told, as env->new_tasks and new_freeagents). */
  newTasks: number[] = [];
  newFreeRobots: number[] = [];
  finished = 0;
  errandsDone = 0;
  scheduleErrors = 0;
  private nextId = 0;
  private readonly emptySlots: number[] = [];
  /** Optional record of (step, robot, task id, errands done) for the output file's `events`. */
  events: number[] | null = null;
  /** Optional record of every revealed task: [id, step, source]. */
  revealed: number[] | null = null;
  /** Optional per robot "step:taskId" changes of the assignment (actualSchedule). */
  schedules: string[][] | null = null;

  constructor(tasks: LorrTasks, robots: number, revealedTasks: number) {
    this.tasks = tasks;
    this.robots = robots;
    this.capacity = revealedTasks;
    this.id = new Int32Array(revealedTasks).fill(-1);
    this.source = new Int32Array(revealedTasks);
    this.next = new Int32Array(revealedTasks);
    this.robot = new Int32Array(revealedTasks).fill(-1);
    this.revealedAt = new Int32Array(revealedTasks);
    this.assignment = new Int32Array(robots).fill(-1);
    for (let s = revealedTasks - 1; s >= 0; s--) this.emptySlots.push(s);
    for (let r = 0; r < robots; r++) this.newFreeRobots.push(r);
  }

  record(): void {
    this.events = [];
    this.revealed = [];
    this.schedules = Array.from({ length: this.robots }, () => []);
  }

  /** The cell of the slot's next errand. */
  errand(slot: number): number {
    return this.tasks.errands[this.tasks.offsets[this.source[slot]] + this.next[slot]];
  }

  /** Errand cells of the slot's task, and how many. */
  errandStart(slot: number): number {
    return this.tasks.offsets[this.source[slot]];
  }

  errandCount(slot: number): number {
    const s = this.source[slot];
    return this.tasks.offsets[s + 1] - this.tasks.offsets[s];
  }

  /** Opens tasks until `capacity` are open (TaskManager::reveal_tasks). */
  reveal(step: number): void {
    this.newTasks = [];
    while (this.emptySlots.length > 0) {
      const slot = this.emptySlots.pop()!;
      const id = this.nextId++;
      this.id[slot] = id;
      this.source[slot] = id % this.tasks.count;
      this.next[slot] = 0;
      this.robot[slot] = -1;
      this.revealedAt[slot] = step;
      this.newTasks.push(slot);
      this.revealed?.push(id, step, this.source[slot]);
    }
  }

  /** Is `proposed` (a slot or -1 per robot) acceptable? (TaskManager::validate_task_assgnment) */
  validSchedule(proposed: Int32Array): boolean {
    const { assignment, id, next } = this;
    for (let r = 0; r < this.robots; r++) {
      const slot = proposed[r];
      if (slot >= 0 && (slot >= this.capacity || id[slot] < 0)) return false;
      const current = assignment[r];
      if (current >= 0 && next[current] > 0 && slot !== current) return false;
    }
    // One task, two robots: a second pass with a mark per slot.
    const seen = new Uint8Array(this.capacity);
    for (let r = 0; r < this.robots; r++) {
      const slot = proposed[r];
      if (slot < 0) continue;
      if (seen[slot] === 1) return false;
      seen[slot] = 1;
    }
    return true;
  }

  /** Applies the proposal if valid (else counts a schedule error and keeps the old one). */
  applySchedule(proposed: Int32Array, step: number): boolean {
    if (!this.validSchedule(proposed)) {
      this.scheduleErrors++;
      return false;
    }
    const { assignment, robot } = this;
    for (let r = 0; r < this.robots; r++) {
      const old = assignment[r];
      if (old === proposed[r]) continue;
      if (old >= 0 && robot[old] === r) robot[old] = -1;
    }
    for (let r = 0; r < this.robots; r++) {
      const slot = proposed[r];
      if (assignment[r] === slot) continue;
      assignment[r] = slot;
      if (slot >= 0) robot[slot] = r;
      this.schedules?.[r].push(`${step}:${slot >= 0 ? this.id[slot] : -1}`);
    }
    return true;
  }

  /** After a step: each robot on its task's next errand completes it; returns the tasks finished. */
  checkErrands(locations: Int32Array, step: number): number {
    this.newFreeRobots = [];
    let finished = 0;
    for (let r = 0; r < this.robots; r++) {
      const slot = this.assignment[r];
      if (slot < 0 || locations[r] !== this.errand(slot)) continue;
      this.next[slot]++;
      this.errandsDone++;
      this.events?.push(step, r, this.id[slot], this.next[slot]);
      if (this.next[slot] >= this.errandCount(slot)) {
        this.assignment[r] = -1;
        this.robot[slot] = -1;
        this.id[slot] = -1;
        this.emptySlots.push(slot);
        this.newFreeRobots.push(r);
        finished++;
      }
    }
    this.finished += finished;
    return finished;
  }
}
