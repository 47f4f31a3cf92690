/**
 * The desktop lab's pool: sweeps from the renderer run here, in main, on core's experiment pool
 * (core/protocol/pool.ts) over solver utility processes, one lane per process. Main reads the
 * Moving AI files the runs name before the pool starts (a renderer never reads the disk); pause,
 * resume and cancel sent meanwhile are kept and applied when it starts (core's deferredStart,
 * the browser lab's too). Each text crosses into a solver process once, with the first run that
 * names it (the pool's sendFilesOnce). Records go back in batches: one IPC message per run would
 * cost the UI thread more than the runs' charts do.
 *
 * No Electron here: the spawner, the file reader and the sender are passed in, so the pool logic
 * is unit tested with in-memory solver processes (test/main/labSweeps.test.ts).
 */
import { lorrProblemFiles } from '../core/experiments/lorrRun.ts';
import { deferredStart, type PoolControls } from '../core/protocol/deferredStart.ts';
import { runFiles, runPool, type PoolProgress } from '../core/protocol/pool.ts';
import type { RunSpec } from '../core/experiments/runPlan.ts';
import type { RunRecord } from '../core/experiments/runRecord.ts';
import type { LabSweepEnd, LabSweepUpdate } from '../core/platform/desktopApi.ts';
import type { SpawnWorker } from '../core/protocol/port.ts';
import { checkLabControl, checkLabRequest } from './ipc/labArgs.ts';
import { checkTicket } from './ipc/validate.ts';

export interface LabSweepsOptions {
  spawn: SpawnWorker;
  /** Reads the files an experiment names, for the window `owner`: each name's text, or an Error saying why not. Never rejects. */
  readFiles: (owner: number, names: readonly string[]) => Promise<Map<string, string | Error>>;
  /** Longest a record waits before it is sent (default 200 ms). */
  flushMs?: number;
  /** Deadline slack past a run's time limit (default: the pool's). */
  runGraceMs?: number;
}

interface Sweep {
  owner: number;
  /** Its pool's controls, which work before the pool starts too (deferredStart). */
  run: PoolControls<LabSweepEnd>;
}

const EMPTY: PoolProgress = { done: 0, total: 0, failed: 0, running: 0, state: 'finished', elapsedMs: 0, etaMs: undefined };

export class LabSweeps {
  private readonly sweeps = new Map<string, Sweep>();
  private readonly flushMs: number;

  constructor(private readonly options: LabSweepsOptions) {
    this.flushMs = options.flushMs ?? 200;
  }

  /** Sweeps running now (tests). */
  get running(): number {
    return this.sweeps.size;
  }

  /** Runs a sweep for window `owner`; `send` carries updates to it. Resolves when it ends; never rejects. */
  async start(owner: number, ticketArg: unknown, requestArg: unknown, send: (ticket: string, update: LabSweepUpdate) => void): Promise<LabSweepEnd> {
    const ticket = checkTicket(ticketArg);
    if (!ticket.ok) return refused(ticket.message);
    const request = checkLabRequest(requestArg);
    if (!request.ok) return refused(request.message);
    const key = `${owner}:${ticket.value}`;
    if (this.sweeps.has(key)) return refused(`lab sweep ${ticket.value} is already running`);
    const { runs, workers } = request.value;
    let texts = new Map<string, string | Error>();
    const run = deferredStart(
      () => this.run(ticket.value, runs, workers, texts, send),
      runs.length,
      // The pool starts once every file the runs name is read (readFiles never rejects).
      (begin) => void this.readFiles(owner, runs).then((read) => {
        texts = read;
        begin();
      }),
    );
    this.sweeps.set(key, { owner, run });
    try {
      return await run.done;
    } finally {
      this.sweeps.delete(key);
    }
  }

  control(owner: number, ticketArg: unknown, actionArg: unknown): void {
    const ticket = checkTicket(ticketArg);
    const action = checkLabControl(actionArg);
    if (!ticket.ok || !action.ok) return;
    this.sweeps.get(`${owner}:${ticket.value}`)?.run[action.value]();
  }

  /** The window closed: its sweeps stop (their records so far were sent; the rest resume next time). */
  closeOwner(owner: number): void {
    for (const sweep of this.sweeps.values()) if (sweep.owner === owner) sweep.run.cancel();
  }

  dispose(): void {
    for (const sweep of this.sweeps.values()) sweep.run.cancel();
  }

  /** Every Moving AI file the runs name, read once; a file that cannot be read fails its runs (with the reason), not the sweep. */
  private async readFiles(owner: number, runs: readonly RunSpec[]): Promise<Map<string, string | Error>> {
    const names = new Set<string>();
    for (const run of runs) for (const name of runFiles(run)) names.add(name);
    if (names.size === 0) return new Map();
    const read = async (wanted: readonly string[]): Promise<Map<string, string | Error>> => {
      try {
        return await this.options.readFiles(owner, wanted);
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        return new Map(wanted.map((name) => [name, failure]));
      }
    };
    const texts = await read([...names]);
    // A LoRR problem names its map, agents and tasks files: read once the problem is.
    const more = new Set<string>();
    for (const run of runs) {
      if (run.map.kind !== 'lorr') continue;
      const problem = texts.get(run.map.problem);
      if (typeof problem !== 'string') continue;
      try {
        for (const name of lorrProblemFiles(run.map.problem, problem)) if (!texts.has(name)) more.add(name);
      } catch {
        // A bad problem file fails its runs when they read it, with its located error.
      }
    }
    if (more.size > 0) for (const [name, text] of await read([...more])) texts.set(name, text);
    return texts;
  }

  private run(ticket: string, runs: RunSpec[], workers: number, texts: Map<string, string | Error>, send: (ticket: string, update: LabSweepUpdate) => void): PoolControls<LabSweepEnd> {
    let batch: RunRecord[] = [];
    let latest: PoolProgress | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let over = false;
    const flushMs = this.flushMs;
    const flush = () => {
      timer = undefined;
      if (over || !latest) return;
      const records = batch;
      batch = [];
      send(ticket, { records, progress: latest });
    };
    const pool = runPool(runs, {
      spawn: this.options.spawn,
      sendFilesOnce: true,
      workers,
      runGraceMs: this.options.runGraceMs,
      files: {
        readText(name) {
          const text = texts.get(name);
          if (text instanceof Error) throw text;
          if (text === undefined) throw new Error(`${name}: not read`);
          return text;
        },
      },
      onRecord(record) {
        batch.push(record);
        if (timer === undefined) timer = setTimeout(flush, flushMs);
      },
      onProgress(progress) {
        const changed = latest?.state !== progress.state;
        latest = progress;
        // Pause and resume show at once; counts ride with the next batch.
        if (changed && progress.state !== 'finished' && progress.state !== 'cancelled') {
          clearTimeout(timer);
          flush();
        }
      },
    });
    return {
      pause: () => pool.pause(),
      resume: () => pool.resume(),
      cancel: () => pool.cancel(),
      done: pool.done.then((result) => {
        clearTimeout(timer);
        over = true;
        return { records: batch, cancelled: result.cancelled, progress: result.progress };
      }),
    };
  }
}

function refused(error: string): LabSweepEnd {
  return { records: [], cancelled: false, progress: EMPTY, error };
}
