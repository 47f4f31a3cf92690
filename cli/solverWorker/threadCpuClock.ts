/**
 * The 'cpu' clock of a Node solver thread (core/util/clock.ts): the CPU time of the thread that
 * calls it, so that other processes and other solver threads neither use up a run's time limit
 * nor inflate its times.
 * More on this in README.md, "threadCpuClock.ts".
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
