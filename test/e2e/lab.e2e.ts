/**
 * The lab in the browser edition: define a small sweep with the form, run it on the Web Worker
 * pool, watch the success chart fill (canvas pixels), cancel and resume (the stored records stay,
 * only the rest runs), export the report and open it offline, and measure long tasks on the UI
 * thread while the sweep runs (the target: none over 50 ms). Figures are printed for the report.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { clickLastPoint } from './labChartPoints.ts';
import { settledDone } from './labProgress.ts';

declare global {
  interface Window {
    /** Long tasks seen by the PerformanceObserver installed before the app starts. */
    labLongTasks?: { start: number; duration: number }[];
    /** Long animation frames with the scripts that ran in them: what a long task was. */
    labLongFrames?: { start: number; duration: number; scripts: string }[];
  }
}

/** Solver workers for the sweep (the app's default is one per core). */
const WORKERS = process.env.LAB_WORKERS ?? '2';

/**
 * LAB_TRACE=1: also trace the UI thread during the sweep (Chromium's timeline) and print every
 * task's figures. Off by default: tracing is work in the page and the browser too, on the cores
 * the measurement is about.
 */
const TRACE = process.env.LAB_TRACE === '1';


const app = useApp({
  viewport: { width: 1400, height: 900 },
  prepare: async (page) => {
    await page.addInitScript(() => {
      window.labLongTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.labLongTasks!.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // no long task timing in this browser: the figure stays empty
      }
      window.labLongFrames = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { scripts?: { duration: number; invoker: string; sourceFunctionName: string }[] })[]) {
            const scripts = (e.scripts ?? []).map((x) => `${x.invoker}${x.sourceFunctionName ? ` ${x.sourceFunctionName}` : ''} ${x.duration.toFixed(0)} ms`).join('; ');
            window.labLongFrames!.push({ start: e.startTime, duration: e.duration, scripts });
          }
        }).observe({ type: 'long-animation-frame', buffered: true });
      } catch {
        // no long animation frame timing: long tasks are listed without their scripts
      }
    });
  },
});

/** The progress figures, read in one script (each read is a task on the UI thread being measured). */
async function progress(page: Page): Promise<{ done: number; total: number; failed: number }> {
  return page.getByTestId('lab-progress-text').evaluate((el) => ({
    done: Number(el.getAttribute('data-done')),
    total: Number(el.getAttribute('data-total')),
    failed: Number(el.getAttribute('data-failed')),
  }));
}

/** Pixels of the first series' colour (#4c8dff) on a chart's canvas: its line, points and band. */
function seriesPixels(page: Page, key: string): Promise<number> {
  return page.evaluate((testId) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${testId}"] canvas`);
    if (!canvas) return 0;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 120 && data[i + 1] > 100 && data[i + 2] > 200) count++;
    return count;
  }, `lab-chart-${key}`);
}

/**
 * Waits until every chart in view shows `records` records (the lab's opening work, done in
 * steps after the lab shows, is then over and not counted in the sweep's window).
 */
async function chartsShow(page: Page, records: number): Promise<void> {
  await expect.poll(() => page.evaluate((n) => [...document.querySelectorAll<HTMLElement>('[data-testid^="lab-chart-"]')]
    .filter((f) => { const r = f.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })
    .every((f) => f.dataset.records === String(n)), records), { timeout: 30_000 }).toBe(true);
}

async function longTasksSince(page: Page, since: number): Promise<{ start: number; duration: number }[]> {
  return page.evaluate((from) => (window.labLongTasks ?? []).filter((t) => t.start >= from), since);
}

/** A task on the page's UI thread: wall and CPU time, and its biggest piece of work ("MajorGC", "TimerFire", "EventDispatch click"…). */
interface TracedTask {
  wallMs: number;
  cpuMs: number;
  what: string;
}

type TraceEvent = { ph: string; name: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { type?: string; functionName?: string } } };

/**
 * With LAB_TRACE=1, every task the page's UI thread ran while `during` ran, from Chromium's
 * timeline trace (none otherwise). The long task API names only tasks over 50 ms; this says how
 * close the others came, and whether a long one was work (CPU time) or waiting for a core.
 */
async function tracedTasks(page: Page, during: () => Promise<void>): Promise<TracedTask[]> {
  if (!TRACE) {
    await during();
    return [];
  }
  await app.browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  let buffer: Buffer = Buffer.alloc(0);
  try {
    await during();
  } finally {
    buffer = await app.browser.stopTracing();
  }
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts);
  const pieces = onMain.filter((e) => /^(FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|HandlePostMessage|MajorGC|MinorGC|UpdateLayoutTree|Layout|Paint|ParseHTML|EvaluateScript)$/.test(e.name));
  return onMain.filter((e) => e.name === 'RunTask').map((task) => {
    const end = task.ts + (task.dur ?? 0);
    let biggest: TraceEvent | undefined;
    for (const e of pieces) if (e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.tdur ?? 0) > (biggest?.tdur ?? 0)) biggest = e;
    const detail = biggest?.args?.data?.type ?? biggest?.args?.data?.functionName ?? '';
    return { wallMs: (task.dur ?? 0) / 1000, cpuMs: (task.tdur ?? 0) / 1000, what: biggest ? `${biggest.name}${detail ? ` ${detail}` : ''}` : 'other' };
  });
}

/** "412 tasks, longest 23.0 ms (2.1 ms CPU, TimerFire), most CPU 7.3 ms (MajorGC, 30.4 ms), over 20 ms: 3". */
function taskSummary(tasks: TracedTask[]): string {
  const none: TracedTask = { wallMs: 0, cpuMs: 0, what: '' };
  const longest = tasks.reduce((m, t) => (t.wallMs > m.wallMs ? t : m), none);
  const busiest = tasks.reduce((m, t) => (t.cpuMs > m.cpuMs ? t : m), none);
  return `${tasks.length} tasks, longest ${longest.wallMs.toFixed(1)} ms (${longest.cpuMs.toFixed(1)} ms CPU, ${longest.what}), most CPU ${busiest.cpuMs.toFixed(1)} ms (${busiest.what}, ${busiest.wallMs.toFixed(1)} ms), over 20 ms: ${tasks.filter((t) => t.wallMs > 20).length}`;
}

/** "+812 ms: 63 (Worker.onmessage handler 41 ms; …)": a long task, and the scripts of the frame it fell in. */
async function describeTasks(page: Page, tasks: { start: number; duration: number }[], origin: number): Promise<string[]> {
  const frames = await page.evaluate(() => window.labLongFrames ?? []);
  return tasks.map((t) => {
    const frame = frames.find((f) => f.start <= t.start + 1 && t.start < f.start + f.duration);
    return `+${(t.start - origin).toFixed(0)} ms: ${t.duration.toFixed(0)}${frame?.scripts ? ` (${frame.scripts})` : ''}`;
  });
}

describe('browser edition: the lab', () => {
  it('runs a sweep on the worker pool, charts it live, cancels, resumes and exports a report', async () => {
    const page = app.page;
    const openStart = await page.evaluate(() => performance.now());
    await page.getByTestId('view-lab').click();
    await page.getByTestId('lab-view').waitFor();
    await page.locator('[data-testid="lab-editor"] .monaco-editor').waitFor();
    // The sweep: the default random 16×16 maps (3 seeds) and two solvers, more agents and repeats.
    await page.getByTestId('lab-agents').fill('5-40:5');
    await page.getByTestId('lab-repeats').fill('10');
    await page.getByTestId('lab-workers').fill(WORKERS);
    await expect.poll(async () => (await progress(page)).total).toBe(8 * 3 * 10 * 2);
    await page.waitForTimeout(1000); // Monaco's JSON language service loads after the editor shows
    await chartsShow(page, 0);
    const total = (await progress(page)).total;

    const firstStart = await page.evaluate(() => performance.now());
    const opening = (await longTasksSince(page, openStart)).filter((t) => t.start < firstStart);
    console.log(`lab e2e: opening the lab (Monaco, Chart.js, empty charts; not part of the target): ${opening.length} long tasks, longest ${opening.reduce((m, t) => Math.max(m, t.duration), 0).toFixed(0)} ms`);
    // The measured window starts here: the click on Run and everything the sweep makes the UI
    // thread do until it is paused (first part) or finished (resumed part).
    const loadAtStart = loadavg()[0];
    let early = 0;
    const firstTraced = await tracedTasks(page, async () => {
      await page.getByTestId('lab-run').click();
      await page.locator('[data-testid="lab-bar"][data-phase="running"]').waitFor();
      await expect.poll(async () => (await progress(page)).done, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(20);
      // Pause: runs in flight finish, none start; the count then holds still.
      await page.getByTestId('lab-pause').click();
      await page.locator('[data-testid="lab-bar"][data-phase="paused"]').waitFor();
      // Runs in flight finish, however long a busy machine takes; then the count holds still.
      const paused = await settledDone(page);
      await page.waitForTimeout(300);
      expect((await progress(page)).done).toBe(paused);
      expect(paused).toBeLessThan(total);
      early = await seriesPixels(page, 'successRate');
      expect(early).toBeGreaterThan(50);
      await screenshot(page, 'lab-running');
    });
    const firstTasks = await longTasksSince(page, firstStart);
    const firstMs = (await page.evaluate(() => performance.now())) - firstStart;
    // The sweep keeps its definition: the JSON editor takes no typing while it is paused.
    const lines = page.locator('[data-testid="lab-editor"] .view-lines');
    const shown = await lines.textContent();
    await lines.click({ position: { x: 40, y: 8 } });
    await page.keyboard.type('xyz');
    await page.keyboard.press('Delete');
    expect(await lines.textContent()).toBe(shown);
    await expect.poll(() => page.getByTestId('lab-editor').getAttribute('data-readonly')).toBe('true');
    await page.getByTestId('lab-cancel').click();
    await page.locator('[data-testid="lab-bar"][data-phase="cancelled"]').waitFor();
    const atCancel = (await progress(page)).done;
    expect(atCancel).toBeLessThan(total);

    // Reload: the stored records come back and Run resumes with the rest only.
    await page.reload();
    await page.getByTestId('view-lab').click();
    await page.locator('[data-testid="lab-editor"] .monaco-editor').waitFor();
    await expect.poll(async () => (await progress(page)).done).toBe(atCancel);
    await chartsShow(page, atCancel); // the charts of the stored records draw
    await expect.poll(() => page.getByTestId('lab-status').textContent()).toContain('Run resumes');
    const resumeStart = await page.evaluate(() => performance.now());
    const resumeTraced = await tracedTasks(page, async () => {
      await page.getByTestId('lab-run').click();
      await page.locator('[data-testid="lab-bar"][data-phase="finished"]').waitFor({ timeout: 120_000 });
    });
    const resumeTasks = await longTasksSince(page, resumeStart);
    const resumeMs = (await page.evaluate(() => performance.now())) - resumeStart;
    const loadAtEnd = loadavg()[0];
    const end = await progress(page);
    expect(end.done).toBe(total);
    expect(end.failed).toBe(0);
    await expect.poll(() => seriesPixels(page, 'successRate'), { timeout: 30_000 }).toBeGreaterThan(200);
    const late = await seriesPixels(page, 'successRate');
    console.log(`lab e2e: success chart series pixels ${early} after the first runs, ${late} at the end`);
    // Charts out of view update when scrolled to.
    for (const key of ['meanPathLength', 'initMs', 'maxTurnMs']) {
      await page.getByTestId(`lab-chart-${key}`).scrollIntoViewIfNeeded();
      await expect.poll(() => seriesPixels(page, key)).toBeGreaterThan(100);
    }
    await page.getByTestId('lab-chart-successRate').scrollIntoViewIfNeeded();
    const status = await page.getByTestId('lab-status').textContent();
    console.log(`lab e2e: ${total} runs on ${WORKERS} workers (${atCancel} before cancel); resumed part: ${status}`);
    await screenshot(page, 'lab-finished');

    // Long tasks on the UI thread while the sweep ran (page loads excluded): the target is none.
    const during = [...firstTasks, ...resumeTasks];
    const longest = during.reduce((m, t) => Math.max(m, t.duration), 0);
    const listed = [
      ...(await describeTasks(page, firstTasks, firstStart)).map((t) => `first ${t}`),
      ...(await describeTasks(page, resumeTasks, resumeStart)).map((t) => `resumed ${t}`),
    ];
    console.log(`lab e2e: long tasks (> 50 ms) during the sweep (${(firstMs / 1000).toFixed(1)} s first part, ${(resumeMs / 1000).toFixed(1)} s resumed; load average ${loadAtStart.toFixed(1)} to ${loadAtEnd.toFixed(1)} on ${availableParallelism()} cores): ${during.length}, longest ${longest.toFixed(0)} ms${listed.length > 0 ? ` [${listed.join(', ')}]` : ''}`);
    // The target: none over 50 ms, on a busy machine too (the solver workers and other work take
    // the cores, and a task's wall time is then several times its CPU time). Before their fixes
    // the sweep caused 50-230 ms tasks: a storage write per record, eight charts created at the
    // first record, Monaco's JSON mode loading when the sweep started, chart updates that React
    // batched into one task. Now each chart update is a few small steps of a few ms each
    // (renderer/src/lab/chartQueue.ts).
    console.log(TRACE
      ? `lab e2e: every UI thread task during the sweep (Chromium trace): first part ${taskSummary(firstTraced)}; resumed ${taskSummary(resumeTraced)}`
      : 'lab e2e: LAB_TRACE=1 traces the UI thread during the sweep and prints every task\'s wall and CPU time');
    // The target (none over 50 ms) is a benchmark figure, printed above and by npm run bench:ui:
    // a test cannot hold it on a busy machine (it failed at load ~6 with 111 ms). What
    // is deterministic, that each chart update is split into small steps, chartQueue.test.ts checks.

    // The report: downloaded, opened from disk, every chart drawn, nothing fetched.
    const download = page.waitForEvent('download');
    await page.getByTestId('lab-export-report').click();
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-lab-report-')), 'report.html');
    await (await download).saveAs(file);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain(`${total} of ${total} runs recorded`);
    const report = await app.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const reportRequests: string[] = [];
    report.on('request', (r) => reportRequests.push(r.url()));
    await report.goto(pathToFileURL(file).href);
    await report.locator('html[data-charts="drawn"]').waitFor();
    const painted = await report.evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [...document.querySelectorAll('canvas')].map((canvas) => {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
        return n;
      });
    });
    expect(painted.length).toBe(8);
    for (const n of painted) expect(n).toBeGreaterThan(500);
    expect(reportRequests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    await report.screenshot({ path: (await screenshot(report, 'lab-report')), fullPage: false });
    await report.close();

    // CSV of every run, and a chart as PNG (a binary download).
    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('lab-export-csv').click();
    const csvFile = join(tmpdir(), `lab-${Date.now()}.csv`);
    await (await csvDownload).saveAs(csvFile);
    const csv = readFileSync(csvFile, 'utf8').trimEnd().split('\n');
    expect(csv[0].startsWith('id,key,map,instance,agents,solver,label')).toBe(true);
    expect(csv).toHaveLength(total + 1);
    const pngDownload = page.waitForEvent('download');
    await page.getByTestId('lab-png-successRate').click();
    const png = await pngDownload;
    expect(png.suggestedFilename()).toBe('lab-sweep-successRate.png');
    const pngFile = join(tmpdir(), `lab-${Date.now()}.png`);
    await png.saveAs(pngFile);
    const bytes = readFileSync(pngFile);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(5000);

    // Click the last point of the first series: one of its runs is picked, and opens as a replay in the editor.
    page.on('dialog', (dialog) => void dialog.accept());
    await clickLastPoint(page, 'successRate');
    await expect.poll(() => page.getByTestId('lab-picked-run').textContent()).toMatch(/40 agents/);
    await page.getByTestId('lab-open-replay').click();
    await page.locator('[data-testid="view-editor"][aria-pressed="true"]').waitFor();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^16×16, 40 units/);
    await page.locator('[data-testid="status"][data-status]').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 30_000 }).toMatch(/solved|failed|timeout/);
    await page.waitForTimeout(300);
    await screenshot(page, 'lab-replay');
    // Ctrl+Shift+L goes back to the lab with everything still there.
    await page.keyboard.press('Control+Shift+L');
    await page.getByTestId('lab-view').waitFor();
    expect((await progress(page)).done).toBe(total);

    expect(app.consoleErrors).toEqual([]);
  }, 240_000);
});
