/**
 * The caller's side of the solver protocol, the same for every kind of solver process.
 *
 * A pool of workers, each given ONE request at a time, so a process that dies or hangs takes
 * only its own job with it; further requests wait in a FIFO queue. Replies are matched to jobs
 * by id. Solvers are synchronous and may sit in a loop that never reads its messages, so the
 * client enforces cancel, hangs and deadlines by terminating the process and starting a fresh
 * one; it never relies on the solver noticing.
 *
 * Every job's promise resolves, never rejects: trouble comes back as status 'failed' (or
 * 'cancelled') with a message.
 */
import type { ResultBody, RunRequestBody, RunResultBody, SolveRequestBody, SolveResultBody } from './messages.ts';
import { PROTOCOL_VERSION } from './messages.ts';
import type { SpawnWorker, WorkerHandle } from './port.ts';
import { parseFromSolverMessage } from './schema.ts';
import {
  type Ending, type Job, type RunJob, type RunJobOptions, type RunOutcome, type Slot, type SolveHandlers, type SolveJob, type SolverClientOptions,
  START_ATTEMPTS, describe, describeJob, solveEnding, versionText,
} from './clientJobs.ts';

export type { RunJob, RunJobOptions, RunOutcome, SolveHandlers, SolveJob, SolverClientOptions } from './clientJobs.ts';

export class SolverClient {
  private readonly spawnWorker: SpawnWorker;
  private readonly poolSize: number;
  private readonly hangGraceMs: number;
  private readonly defaultDeadlineMs: number;
  private readonly startTimeoutMs: number;
  private readonly pipeline: boolean;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly jobs = new Map<string, Job>();
  private nextId = 1;
  private disposed = false;
  /** Starts in a row whose process exited before it was ready. */
  private failedStarts = 0;

  constructor(spawn: SpawnWorker, options: SolverClientOptions = {}) {
    this.spawnWorker = spawn;
    this.poolSize = Math.max(1, Math.floor(options.poolSize ?? 1));
    this.hangGraceMs = options.hangGraceMs ?? 2000;
    this.defaultDeadlineMs = options.defaultDeadlineMs ?? 10 * 60_000;
    this.startTimeoutMs = options.startTimeoutMs ?? Infinity;
    this.pipeline = options.pipeline === true;
  }

  /** Jobs running in a solver process now. */
  get busy(): number {
    return this.slots.filter((s) => s.job !== null).length;
  }

  /** Jobs waiting for a free solver process. */
  get queued(): number {
    return this.queue.length;
  }

  solve(body: SolveRequestBody, handlers: SolveHandlers = {}): SolveJob {
    const id = `solve-${this.nextId++}`;
    const submitted = performance.now();
    let resolve!: (result: SolveResultBody) => void;
    const result = new Promise<SolveResultBody>((r) => (resolve = r));
    this.submit({
      id, body, handlers, submitted, deadlineMs: undefined,
      resolve: (outcome) => resolve('ending' in outcome ? solveEnding(body.solver, submitted, outcome) : (outcome as SolveResultBody)),
    });
    return { id, result };
  }

  /** Executes one experiment run (core/experiments) in a solver process; see RunRequestBody. */
  run(body: RunRequestBody, options: RunJobOptions = {}): RunJob {
    const id = `run-${this.nextId++}`;
    let resolve!: (result: RunOutcome) => void;
    const result = new Promise<RunOutcome>((r) => (resolve = r));
    this.submit({
      id, body, handlers: {}, submitted: performance.now(), deadlineMs: options.deadlineMs,
      resolve: (outcome) => resolve('ending' in outcome ? { ok: false, status: outcome.ending, message: outcome.message, cause: outcome.cause ?? 'other' } : { ok: true, record: (outcome as RunResultBody).record }),
    });
    return { id, result };
  }

  private submit(job: Job): void {
    if (this.disposed) {
      job.resolve({ ending: 'failed', message: 'the solver client has been disposed' });
      return;
    }
    this.jobs.set(job.id, job);
    this.queue.push(job);
    this.pump();
  }

  /** Resolves the job as 'cancelled' at once; a running job's process is killed and replaced. */
  cancel(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    const queuedAt = this.queue.indexOf(job);
    if (queuedAt >= 0) {
      this.queue.splice(queuedAt, 1);
      this.settle(job, { ending: 'cancelled', message: 'cancelled before it started' });
      return;
    }
    if (this.slots.some((s) => s.next === job)) {
      // Posted behind a running request: killing the process would take that one down too, so
      // the process runs it and its answer is dropped (settle ignores a job settled already).
      this.settle(job, { ending: 'cancelled', message: 'cancelled by the caller' });
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    this.settle(job, { ending: 'cancelled', message: 'cancelled by the caller' });
    // No `cancel` message first: a synchronous solver would not read it until it had finished.
    if (slot) this.replace(slot);
  }

  /** Kills every solver process; pending jobs resolve 'cancelled'. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const slot of this.slots.slice()) this.retire(slot);
    this.queue.length = 0;
    for (const job of [...this.jobs.values()]) this.settle(job, { ending: 'cancelled', message: 'the solver client was disposed' });
  }

  /** Hands queued jobs to ready idle processes, and starts processes while jobs still wait. */
  private pump(): void {
    if (this.disposed) return;
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (slot.ready && slot.job === null && !slot.retired) this.dispatch(slot, this.queue.shift()!);
    }
    if (this.pipeline) {
      for (const slot of this.slots) {
        if (this.queue.length === 0) break;
        if (slot.ready && slot.job !== null && slot.next === null && !slot.retired) this.postBehind(slot, this.queue.shift()!);
      }
    }
    const starting = this.slots.filter((s) => !s.ready).length;
    let wanted = this.queue.length - starting;
    while (wanted > 0 && this.slots.length < this.poolSize) {
      if (!this.start()) return;
      wanted--;
    }
  }

  private start(): boolean {
    let handle: WorkerHandle;
    try {
      handle = this.spawnWorker();
    } catch (error) {
      this.failQueued(`could not start a solver process: ${describe(error)}`, 'not-started');
      return false;
    }
    const slot: Slot = { handle, ready: false, job: null, next: null, timer: undefined, retired: false, unsubscribe: () => {} };
    this.slots.push(slot);
    slot.unsubscribe = handle.port.onMessage((raw) => {
      if (!slot.retired) this.receive(slot, raw);
    });
    handle.onExit((reason) => {
      if (!slot.retired) this.exited(slot, reason);
    });
    if (Number.isFinite(this.startTimeoutMs)) {
      // Slow to start is the machine's state, not a failure: a fresh process, the jobs wait on.
      slot.timer = setTimeout(() => {
        if (!slot.ready && !slot.retired) this.replace(slot);
      }, this.startTimeoutMs);
    }
    return true;
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.job = job;
    this.armDeadline(slot, job);
    if (!this.post(job, slot)) {
      clearTimeout(slot.timer);
      slot.job = null;
      this.pump();
    }
  }

  /** Posts a request behind the running one (pipeline); its deadline starts when it does. */
  private postBehind(slot: Slot, job: Job): void {
    slot.next = job;
    if (!this.post(job, slot)) slot.next = null;
  }

  /** False (and the job failed) when the request could not be posted. */
  private post(job: Job, slot: Slot): boolean {
    try {
      slot.handle.port.postMessage({ v: PROTOCOL_VERSION, type: 'request', id: job.id, body: job.body });
      return true;
    } catch (error) {
      // Typically a params value that cannot be cloned; the process itself is fine.
      this.settle(job, { ending: 'failed', message: `could not send the request to the solver process: ${describe(error)}` });
      return false;
    }
  }

  private armDeadline(slot: Slot, job: Job): void {
    const limit = job.body.kind === 'run' ? undefined : job.body.timeLimitMs;
    const deadline = job.deadlineMs ?? (limit !== undefined ? limit + this.hangGraceMs : this.defaultDeadlineMs);
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      if (slot.job !== job || slot.retired) return;
      this.settle(job, { ending: 'failed', message: `solver process did not answer within ${deadline} ms; it was stopped`, cause: 'hung' });
      this.replace(slot);
    }, deadline);
  }

  private receive(slot: Slot, raw: unknown): void {
    const parsed = parseFromSolverMessage(raw);
    const job = slot.job;
    if (!parsed.ok) {
      const text = parsed.name === 'ProtocolVersionError' ? versionText(raw) : `solver process sent a malformed message: ${parsed.message}`;
      if (!slot.ready) return this.startFailed(slot, text);
      if (job && (parsed.id === null || parsed.id === job.id)) {
        this.settle(job, { ending: 'failed', message: text });
        this.replace(slot); // a process that speaks garbage is not trusted with the next job
      } else {
        console.warn(`solver client: ${text}`);
      }
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case 'ready':
        if (slot.ready) return;
        slot.ready = true;
        this.failedStarts = 0;
        clearTimeout(slot.timer);
        this.pump();
        return;
      case 'progress':
        if (job && message.id === job.id) {
          try {
            job.handlers.onProgress?.(message.progress);
          } catch (error) {
            console.error('solver client: onProgress handler threw', error);
          }
        }
        return;
      case 'result':
        if (!job || message.id !== job.id) return;
        if ((message.body.kind === 'run') !== (job.body.kind === 'run')) {
          this.settle(job, { ending: 'failed', message: `solver process answered a ${job.body.kind ?? 'solve'} request with a ${message.body.kind ?? 'solve'} result` });
          this.replace(slot);
          return;
        }
        this.finished(slot, job, message.body);
        return;
      case 'error':
        // An error without an id is the process failing to read our request: with one request
        // per process at a time, it can only be about the running job.
        if (job && (message.id === job.id || message.id === null)) {
          this.finished(slot, job, { ending: 'failed', message: `${message.name}: ${message.message}` });
        } else {
          console.warn(`solver client: error from solver process for ${message.id ?? 'no request'}: ${message.name}: ${message.message}`);
        }
        return;
    }
  }

  private finished(slot: Slot, job: Job, result: ResultBody | Ending): void {
    clearTimeout(slot.timer);
    slot.job = null;
    if (slot.next) {
      // The process reads the request posted behind as soon as it has answered this one.
      slot.job = slot.next;
      slot.next = null;
      this.armDeadline(slot, slot.job);
    }
    this.settle(job, result);
    this.pump();
  }

  private exited(slot: Slot, reason: string): void {
    if (!slot.ready) return this.startFailed(slot, `it exited before it was ready (${reason})`);
    const job = slot.job;
    if (job) this.settle(job, { ending: 'failed', message: `the solver process crashed while running ${describeJob(job.body)} (${reason})`, cause: 'crashed' });
    // Unlike after a cancel, no fresh process at once: one that dies on its own might do so
    // again straight away, and restarting it in a loop with nothing to do would burn a core.
    this.retire(slot);
    this.pump();
  }

  /**
   * A process that exited or spoke garbage before it was ready: drop it and start a fresh one for
   * the waiting jobs; after START_ATTEMPTS in a row with no other process alive, fail them (the
   * next job tries again).
   */
  private startFailed(slot: Slot, why: string): void {
    this.retire(slot);
    this.failedStarts++;
    if (this.failedStarts >= START_ATTEMPTS && this.slots.length === 0) {
      this.failedStarts = 0;
      this.failQueued(`the solver process could not start: ${why}`, 'not-started');
    } else {
      this.pump();
    }
  }

  /**
   * Kills a healthy process that was stopped on purpose (cancelled, hung, spoke garbage) and
   * starts a fresh one at once, so the next request does not wait for the start-up.
   */
  private replace(slot: Slot): void {
    this.retire(slot);
    if (this.disposed) return;
    this.start();
    this.pump();
  }

  private retire(slot: Slot): void {
    slot.retired = true;
    clearTimeout(slot.timer);
    slot.unsubscribe();
    slot.job = null;
    // A request posted behind never started: back to the front of the queue for another process.
    if (slot.next && this.jobs.has(slot.next.id) && !this.disposed) this.queue.unshift(slot.next);
    slot.next = null;
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
    try {
      slot.handle.terminate();
    } catch (error) {
      console.warn('solver client: terminating a solver process failed', error);
    }
  }

  private failQueued(message: string, cause: 'not-started'): void {
    const jobs = this.queue.splice(0);
    for (const job of jobs) this.settle(job, { ending: 'failed', message, cause });
  }

  private settle(job: Job, outcome: ResultBody | Ending): void {
    if (!this.jobs.delete(job.id)) return;
    job.resolve(outcome);
  }
}
