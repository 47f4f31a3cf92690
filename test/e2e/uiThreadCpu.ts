/**
 * The UI thread's longest task in CPU time, from Chromium's trace: each task the renderer's main
 * thread runs is a `RunTask` event with its wall time (`dur`) and its thread's CPU time (`tdur`,
 * microseconds). The long-task observer (bigScenarioSteps.ts) sees wall time, which stretches
 * with everything else the machine runs (two cores shared by many test runs here); the CPU time a
 * task took on its own thread much less so, so a test can bound it (taskBound) where it only
 * prints wall time.
 */
import type { Browser, Page } from 'playwright-core';
import { availableParallelism, loadavg } from 'node:os';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface UiThreadTasks {
  /** The longest task's CPU time on the UI thread, ms. */
  longestCpu: number;
  /** The longest task's wall time, ms (as the long-task observer sees it). */
  longestWall: number;
  /** Tasks of over 50 ms of wall time. */
  long: number;
}

/** Traces the page's UI thread while `during` runs; the longest task in CPU and wall time. */
export async function uiThreadTasks(browser: Browser, page: Page, during: () => Promise<void>): Promise<UiThreadTasks> {
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'toplevel'] });
  try {
    await during();
  } catch (error) {
    await browser.stopTracing().catch(() => undefined);
    throw error;
  }
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = new Set(trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  let longestCpu = 0;
  let longestWall = 0;
  let long = 0;
  for (const e of trace.traceEvents) {
    if (e.name !== 'RunTask' || e.ph !== 'X' || !main.has(`${e.pid}:${e.tid}`)) continue;
    const wall = (e.dur ?? 0) / 1000;
    longestWall = Math.max(longestWall, wall);
    longestCpu = Math.max(longestCpu, (e.tdur ?? 0) / 1000);
    if (wall > 50) long++;
  }
  if (main.size === 0) throw new Error('the trace names no renderer main thread (CrRendererMain)');
  return { longestCpu, longestWall, long };
}

/** The app's target for big scenarios: no UI-thread task over 200 ms. */
export const TASK_TARGET_MS = 200;
/** A task this long in CPU time is a regression whatever the load (the old synchronous reads and writes of a 5000 x 5000 map took 0.3-1.0 s). */
export const TASK_CEILING_MS = 500;

/**
 * The bound a task's CPU time is held to: the target while the machine is quiet (1-minute load
 * under three quarters of its core count), else only the ceiling. CPU time does not count the
 * waits a busy machine adds, but it still grows under heavy load (caches and memory bandwidth
 * shared with other processes: 90 ms at load 2 was 278 ms at load 4.9 on 2 cores), and the suite
 * must pass with both cores busy. Says which bound applies, for the printed figures.
 */
export function taskBound(): { ms: number; why: string } {
  const load = loadavg()[0];
  const cores = availableParallelism();
  // A quarter of the cores idle: in the full suite (Chromium, vitest and the app's workers on two
  // cores) the load sits near or above the core count, where only the ceiling holds.
  const quiet = load < 0.75 * cores;
  return quiet ? { ms: TASK_TARGET_MS, why: `target, load ${load.toFixed(1)} < 3/4 of ${cores} cores` } : { ms: TASK_CEILING_MS, why: `ceiling only, load ${load.toFixed(1)} >= 3/4 of ${cores} cores` };
}
