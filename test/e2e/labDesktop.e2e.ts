/**
 * The lab on the desktop renderer path (preload API stand-in with main's lab pool played by
 * support/fakeLabPool.ts): the sweep goes to main's solver processes, not to Web Workers in the
 * page; pause, resume and cancel reach main; a cancelled sweep resumes with only the runs left;
 * the charts fill from the records main sends; the experiment file saves (Save as, then Save to
 * the same file) and opens through main, asking before it replaces unsaved edits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MOVING_AI, benchmarksPresent, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { clickLastPoint } from './labChartPoints.ts';
import { settledDone } from './labProgress.ts';
import { FAKE_DESKTOP_API } from './support/fakeDesktopApi.ts';
import { FAKE_LAB_POOL } from './support/fakeLabPool.ts';

const SILVER = readFileSync(fileURLToPath(new URL('../../experiments/silver2005.json', import.meta.url)), 'utf8');
const BENCHMARKS = MOVING_AI;
// Read only when present: absent, the test that opens them skips itself (and says why).
const MAP = benchmarksPresent ? readFileSync(`${BENCHMARKS}maps/random-32-32-10.map`, 'utf8') : '';
const SCEN = benchmarksPresent ? readFileSync(`${BENCHMARKS}scen/random-32-32-10-even-1.scen`, 'utf8') : '';

type Call = [string, ...unknown[]];
let page: Page;
const workers: string[] = [];
const dialogs: string[] = [];
const calls = () => page.evaluate(() => (window as unknown as { __desktop: { calls: Call[] } }).__desktop.calls) as Promise<Call[]>;
const callsOf = async (name: string) => (await calls()).filter((c) => c[0] === name);

async function progress(): Promise<{ done: number; total: number }> {
  const el = page.getByTestId('lab-progress-text');
  return { done: Number(await el.getAttribute('data-done')), total: Number(await el.getAttribute('data-total')) };
}

/** Pixels of the first series' colour (#4c8dff) on a chart's canvas. */
function seriesPixels(key: string): Promise<number> {
  return page.evaluate((testId) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${testId}"] canvas`);
    if (!canvas) return 0;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 120 && data[i + 1] > 100 && data[i + 2] > 200) count++;
    return count;
  }, `lab-chart-${key}`);
}

const app = useApp({
  viewport: { width: 1400, height: 900 },
  acceptDialogs: dialogs,
  prepare: async (p) => {
    p.on('worker', (w) => workers.push(w.url()));
    await p.addInitScript(FAKE_DESKTOP_API);
    await p.addInitScript(FAKE_LAB_POOL);
  },
  ready: async (p) => {
    await expect(p.getByTestId('edition').textContent()).resolves.toBe('Desktop');
    await p.keyboard.press('Control+Shift+L');
    await p.getByTestId('lab-view').waitFor();
    await p.locator('[data-testid="lab-editor"] .monaco-editor').waitFor();
  },
});
beforeAll(() => {
  page = app.page;
});

describe('desktop renderer path: the lab on main\'s solver processes', () => {
  it('runs the sweep in main, pauses, cancels and resumes with the rest, and the charts fill', async () => {
    await page.getByTestId('lab-workers').fill('3');
    const { total } = await progress();
    expect(total).toBeGreaterThan(20);
    await page.getByTestId('lab-run').click();
    await expect.poll(() => page.getByTestId('lab-status').textContent()).toMatch(/^Running on 3 solver processes/);
    await expect.poll(async () => (await progress()).done).toBeGreaterThanOrEqual(12);
    await page.getByTestId('lab-pause').click();
    await page.locator('[data-testid="lab-bar"][data-phase="paused"]').waitFor();
    // Runs in flight finish and their records reach the charts with the next batch (FLUSH_MS),
    // however long a busy machine takes: then the count holds still.
    const paused = await settledDone(page);
    await page.waitForTimeout(300);
    expect((await progress()).done).toBe(paused);
    await page.getByTestId('lab-resume').click();
    await page.locator('[data-testid="lab-bar"][data-phase="running"]').waitFor();
    await page.getByTestId('lab-cancel').click();
    await page.locator('[data-testid="lab-bar"][data-phase="cancelled"]').waitFor();
    const atCancel = (await progress()).done;
    expect(atCancel).toBeLessThan(total);
    expect((await callsOf('labControl')).map((c) => c[1])).toEqual(['pause', 'resume', 'cancel']);

    await page.getByTestId('lab-run').click();
    await page.locator('[data-testid="lab-bar"][data-phase="finished"]').waitFor({ timeout: 30_000 });
    expect((await progress()).done).toBe(total);
    // Main was asked for every run first, then only for those not recorded before the cancel.
    expect(await callsOf('labStart')).toEqual([['labStart', 3, total], ['labStart', 3, total - atCancel]]);
    for (const key of ['successRate', 'meanPathLength']) {
      await page.getByTestId(`lab-chart-${key}`).scrollIntoViewIfNeeded();
      await expect.poll(() => seriesPixels(key)).toBeGreaterThan(100);
    }
    await page.getByTestId('lab-chart-successRate').scrollIntoViewIfNeeded();
    await screenshot(page, 'lab-desktop-finished');
    // No solver ran in the page: neither the editor's solver service nor a solver Web Worker.
    expect(await callsOf('solve')).toEqual([]);
    expect(workers.filter((url) => url.includes('webSolverWorker'))).toEqual([]);
  }, 60_000);

  it('saves the experiment through main (Save as, then Save to the same file) and opens one, asking before it drops edits', async () => {
    await page.getByTestId('lab-save').click();
    await expect.poll(() => callsOf('labSave')).toEqual([['labSave', 'lab-sweep.json', false, expect.any(Number)]]);
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('lab-sweep.json');
    await page.getByTestId('lab-repeats').fill('3');
    await expect.poll(() => page.getByTestId('lab-file-name').getAttribute('data-dirty')).toBe('true');
    await expect(page.getByTestId('lab-file-name').textContent()).resolves.toBe('• lab-sweep.json');
    await page.getByTestId('lab-save').click();
    await expect.poll(async () => (await callsOf('labSave')).at(-1)?.slice(0, 3)).toEqual(['labSave', 'lab-sweep.json', true]);
    await expect.poll(() => page.getByTestId('lab-file-name').getAttribute('data-dirty')).toBe('false');

    // In the lab, Ctrl+S (even in a field) and the File menu's Save save the experiment, not the hidden scenario.
    await page.getByTestId('lab-repeats').fill('5');
    await page.keyboard.press('Control+s');
    await expect.poll(async () => (await callsOf('labSave')).length).toBe(3);
    await expect.poll(() => page.getByTestId('lab-file-name').getAttribute('data-dirty')).toBe('false');
    await page.getByTestId('lab-repeats').fill('6');
    await page.evaluate(() => (window as unknown as { __desktop: { menu(c: string): void } }).__desktop.menu('save'));
    await expect.poll(async () => (await callsOf('labSave')).length).toBe(4);
    expect(await callsOf('save')).toEqual([]);

    await page.getByTestId('lab-repeats').fill('4');
    await page.evaluate((text) => {
      (window as unknown as { __desktop: { nextExperiment: object } }).__desktop.nextExperiment = { name: 'silver2005.json', text };
    }, SILVER);
    const before = dialogs.length;
    await page.getByTestId('lab-open').click();
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('silver2005.json');
    expect(dialogs.slice(before)).toEqual(['Discard the unsaved changes to “lab-sweep.json”?']);
    await expect.poll(async () => (await progress()).total).toBe(600);
    expect(app.consoleErrors).toEqual([]);
  });

  it('runs a Moving AI map named by path and replays one of its runs from the file main reads', async (ctx) => {
    skipWithoutBenchmarks(ctx);
    const experiment = {
      format: 'mapf-lab/experiment', version: 1, name: 'by-path',
      maps: [{ kind: 'movingai', map: '../maps/random-32-32-10.map', scen: ['../scen/random-32-32-10-even-1.scen'] }],
      agents: [5, 10], placement: 'scenario', solvers: [{ solver: 'lra', label: 'LRA*' }, { solver: 'ca', label: 'CA*' }],
    };
    await page.evaluate(({ text, map, scen }) => {
      const desktop = (window as unknown as { __desktop: { nextExperiment: object; experimentFiles: Record<string, string> } }).__desktop;
      desktop.nextExperiment = { name: 'by-path.json', text };
      desktop.experimentFiles = { '../maps/random-32-32-10.map': map, '../scen/random-32-32-10-even-1.scen': scen };
    }, { text: JSON.stringify(experiment, null, 2), map: MAP, scen: SCEN });
    await page.getByTestId('lab-open').click();
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('by-path.json');
    await expect.poll(async () => (await progress()).total).toBe(4);
    await page.getByTestId('lab-run').click();
    await page.locator('[data-testid="lab-bar"][data-phase="finished"]').waitFor({ timeout: 30_000 });
    // The rightmost point of the first series (LRA*, 10 agents).
    await page.getByTestId('lab-chart-successRate').scrollIntoViewIfNeeded();
    // The chart draws the sweep's last records in steps of its own (chartQueue.ts).
    await page.locator('[data-testid="lab-chart-successRate"][data-records="4"]').waitFor();
    await clickLastPoint(page, 'successRate');
    await expect.poll(() => page.getByTestId('lab-picked-run').textContent()).toMatch(/LRA\*, random-32-32-10#\d+, 10 agents/);
    await page.getByTestId('lab-open-replay').click();
    await page.locator('[data-testid="view-editor"][aria-pressed="true"]').waitFor();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 10 units/);
    expect((await callsOf('labRead')).map((c) => c[1]).sort()).toEqual(['../maps/random-32-32-10.map', '../scen/random-32-32-10-even-1.scen']);
    await screenshot(page, 'lab-desktop-by-path-replay');
    expect(app.consoleErrors).toEqual([]);
  });
});
