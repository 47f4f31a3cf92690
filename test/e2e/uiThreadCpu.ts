/**
 * The UI thread's longest task in CPU time, from Chromium's trace: each task the renderer's main
 * thread runs is a `RunTask` event with its wall time (`dur`) and its thread's CPU time (`tdur`,
 * microseconds). The long-task observer (bigScenarioSteps.ts) sees wall time, which stretches
 * with everything else the machine runs (two cores shared by many test runs here); the CPU time a
 * task took on its own thread does not, so a test can bound it where it only prints wall time.
 */
import type { Browser, Page } from 'playwright-core';

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
