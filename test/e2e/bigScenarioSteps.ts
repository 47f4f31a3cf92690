/**
 * Steps and figures for the big-scenario benchmark (bigScenario.e2e.ts): long tasks on the UI
 * thread seen by a PerformanceObserver installed before the app starts, the time the JSON panel
 * takes to show text, and, with BIG_PROFILE=1, the functions that took the UI thread's time in a
 * stretch (Chromium's sampling profiler over CDP), so a long task can be named, not guessed.
 */
import type { CDPSession, Page } from 'playwright-core';

declare global {
  interface Window {
    /** Long tasks (over 50 ms) on the UI thread since the page opened. */
    bigLongTasks?: { start: number; duration: number }[];
    /** Long animation frames: how much of each was scripts (which), style and layout, rendering. */
    bigLongFrames?: { start: number; duration: number; layout: number; render: number; scripts: string }[];
  }
}

export const PROFILE = process.env.BIG_PROFILE === '1';

/** Makes a page record its long tasks from the first script on (useApp's prepare step). */
export async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.bigLongTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.bigLongTasks!.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // no long task timing in this browser: the figure stays empty
    }
    window.bigLongFrames = [];
    try {
      new PerformanceObserver((list) => {
        type Frame = PerformanceEntry & { renderStart: number; styleAndLayoutStart: number; scripts: { duration: number; invoker: string; sourceFunctionName: string; sourceCharPosition: number; sourceURL: string }[] };
        for (const e of list.getEntries() as Frame[]) {
          const end = e.startTime + e.duration;
          const scripts = e.scripts
            .map((x) => `${x.invoker} ${x.sourceFunctionName}@${x.sourceURL.split('/').pop()}:${x.sourceCharPosition} ${x.duration.toFixed(0)} ms`)
            .join('; ');
          window.bigLongFrames!.push({ start: e.startTime, duration: e.duration, layout: e.styleAndLayoutStart > 0 ? end - e.styleAndLayoutStart : 0, render: e.renderStart > 0 ? end - e.renderStart : 0, scripts });
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch {
      // no long animation frame timing: long tasks are listed without their parts
    }
  });
}

export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** The longest task since `since` (page clock), 0 when none passed 50 ms, and how many did. */
export async function longestTaskSince(page: Page, since: number): Promise<{ longest: number; count: number }> {
  const tasks = await page.evaluate((from) => (window.bigLongTasks ?? []).filter((t) => t.start >= from), since);
  if (PROFILE) {
    const frames = await page.evaluate((from) => (window.bigLongFrames ?? []).filter((t) => t.start >= from && t.duration > 50), since);
    for (const f of frames) console.log(`  long frame ${f.duration.toFixed(0)} ms (render ${f.render.toFixed(0)}, style+layout ${f.layout.toFixed(0)}): ${f.scripts}`);
  }
  return { longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0), count: tasks.length };
}

/** Lets the page finish what a step started (deferred work, a frame or two) before reading figures. */
export function settle(page: Page, ms = 1500): Promise<void> {
  return page.waitForTimeout(ms);
}

/**
 * Opens the JSON panel (Ctrl+J's button) and returns the ms from the click to the first frame
 * in which Monaco shows the scenario's text, measured in the page.
 */
export async function openJsonMs(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        (document.querySelector('[data-testid="toggle-json"]') as HTMLButtonElement).click();
        const check = () => {
          const lines = document.querySelector('[data-testid="json-editor"] .view-lines');
          if (lines && (lines.textContent ?? '').includes('"format"')) resolve(performance.now() - started);
          else if (performance.now() - started > 120_000) reject(new Error('the JSON panel showed no text in 120 s'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Samples the UI thread's JavaScript while `during` runs, when BIG_PROFILE=1; prints the top functions by self time. */
export async function profiled<T>(page: Page, label: string, during: () => Promise<T>): Promise<T> {
  if (!PROFILE) return during();
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const value = await during();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  await cdp.detach();
  console.log(`profile of ${label}:\n${topFunctions(profile, 25)}`);
  return value;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

function topFunctions(profile: CpuProfile, count: number): string {
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (us === 0) continue;
    const f = node.callFrame;
    const name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    byName.set(name, (byName.get(name) ?? 0) + us);
  }
  return [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `  ${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`)
    .join('\n');
}
