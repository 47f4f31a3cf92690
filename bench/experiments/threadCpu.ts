/**
 * CPU time of each thread of this process, read from /proc/self/task/<tid>/stat (Linux only;
 * elsewhere `threadCpu()` returns null and the bench prints process totals only).
 *
 * Node 20 has no per-thread CPU clock (process.threadCpuUsage came in Node 23), and a worker
 * thread's process.cpuUsage() is the whole process's, so this is the one way to tell a solver
 * thread's own time from the V8 helper threads' (GC, compiler) and the main thread's. A thread's
 * entry vanishes when it exits, so callers read it before terminating their workers.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Thread id -> user + system CPU in ms (10 ms resolution: the kernel counts clock ticks). */
export type ThreadCpu = Map<number, number>;

/** USER_HZ: Linux reports /proc times in 1/100 s on every architecture Node runs on. */
const MS_PER_TICK = 10;

export function threadCpu(): ThreadCpu | null {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return null;
  }
  const times: ThreadCpu = new Map();
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // exited between the listing and the read
    }
    // The name in parentheses may hold spaces; fields after it are space-separated, utime and
    // stime being the 12th and 13th after the closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    times.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK);
  }
  return times;
}

/** The main thread's id: on Linux, the process id. */
export const MAIN_THREAD = process.pid;

/**
 * Accumulates the latest reading of every thread seen, so threads that exit before the end of a
 * pass keep the time they had at the last reading.
 */
export class ThreadCpuLog {
  readonly start: ThreadCpu | null = threadCpu();
  private readonly latest: ThreadCpu = new Map();

  read(): void {
    const now = threadCpu();
    if (now) for (const [tid, ms] of now) this.latest.set(tid, ms);
  }

  /** CPU used since construction, split into the main thread, threads that were already there, and threads started since. */
  split(): { main: number; existing: number; started: number[] } | null {
    if (!this.start) return null;
    this.read();
    let main = 0;
    let existing = 0;
    const started: number[] = [];
    for (const [tid, ms] of this.latest) {
      const before = this.start.get(tid);
      if (tid === MAIN_THREAD) main += ms - (before ?? 0);
      else if (before !== undefined) existing += ms - before;
      else started.push(ms);
    }
    return { main, existing, started };
  }
}
