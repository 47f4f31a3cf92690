/**
 * The 'cpu' clock of a Node solver thread (core/util/clock.ts): the CPU time of the thread that
 * calls it, so that other processes and other solver threads neither use up a run's time limit
 * nor inflate its times.
 *
 * Node 20 has no per-thread CPU clock (process.threadCpuUsage came in Node 23). WASI's
 * thread clock (wasiThreadClock.ts: POSIX clock_gettime on the calling thread, to the
 * nanosecond) is the first choice. Where it is unavailable, on Linux the kernel keeps one per
 * thread: the first field of /proc/thread-self/schedstat is the nanoseconds the thread has run on
 * a CPU, brought up to date at each scheduler tick (4 ms here). The file is opened once, by the thread that will solve (the path
 * names the thread that opens it), and re-read with one pread: about 2 µs of CPU a read on this
 * machine (process.cpuUsage: 1 µs). Reads are still throttled: within THROTTLE_MS of wall time
 * since the last read the clock answers from that read plus the wall time since, so a solver may
 * ask between every two agents without the clock costing more than a read a millisecond.
 *
 * Elsewhere (macOS, Windows, a /proc without schedstat) the process's CPU time stands in
 * (process.cpuUsage): the same as the thread's while one thread solves (the app's solver
 * process), not with several solver threads in one process (`mapf-lab experiment --workers N`),
 * which then refuses the 'cpu' clock.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { type Clock, cpuClock } from '../../core/util/clock.ts';
import { createWasiThreadCpuMs } from './wasiThreadClock.ts';

const SCHEDSTAT = '/proc/thread-self/schedstat';
/** Wall time between two reads of the kernel's counter (ms). */
export const THROTTLE_MS = 1;

export type CpuClockSource = 'thread' | 'process';

/** Whether this system has a per-thread CPU clock (WASI's, or Linux's schedstat). */
export function threadCpuClockAvailable(): boolean {
  if (createWasiThreadCpuMs() !== null) return true;
  try {
    closeSync(openSync(SCHEDSTAT, 'r'));
    return true;
  } catch {
    return false;
  }
}

/** Nanoseconds on CPU from schedstat's first field, read into `buffer`; NaN if unreadable. */
function readSchedstat(fd: number, buffer: Uint8Array): number {
  const length = readSync(fd, buffer, 0, buffer.length, 0);
  let value = 0;
  let digits = 0;
  for (let i = 0; i < length; i++) {
    const c = buffer[i];
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
    digits++;
  }
  return digits > 0 ? value : NaN;
}

/**
 * A reader that answers from the last read while less than `throttleMs` of wall time has passed,
 * adding that wall time (an upper bound of the CPU time spent since), and never goes backwards.
 */
export function throttled(read: () => number, throttleMs: number = THROTTLE_MS, wall: () => number = () => performance.now()): () => number {
  let lastWall = -Infinity;
  let lastRead = 0;
  let answered = -Infinity;
  return () => {
    const now = wall();
    let value: number;
    if (now - lastWall >= throttleMs) {
      lastWall = now;
      lastRead = read();
      value = lastRead;
    } else {
      value = lastRead + (now - lastWall);
    }
    if (value < answered) value = answered;
    answered = value;
    return value;
  };
}

/** The process's CPU time in ms (all its threads). */
function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * The calling thread's CPU clock (call it on the thread that solves), or the process's where
 * there is none; `source` says which.
 */
export function createCpuClock(): { clock: Clock; source: CpuClockSource } {
  const wasiThreadCpuMs = createWasiThreadCpuMs();
  if (wasiThreadCpuMs !== null) return { clock: cpuClock(throttled(wasiThreadCpuMs)), source: 'thread' };
  let fd: number;
  try {
    fd = openSync(SCHEDSTAT, 'r');
  } catch {
    return { clock: cpuClock(throttled(processCpuMs)), source: 'process' };
  }
  const buffer = new Uint8Array(64);
  if (!Number.isFinite(readSchedstat(fd, buffer))) {
    closeSync(fd);
    return { clock: cpuClock(throttled(processCpuMs)), source: 'process' };
  }
  return { clock: cpuClock(throttled(() => readSchedstat(fd, buffer) / 1e6)), source: 'thread' };
}
