/**
 * The shipped experiments as presets in the browser edition: each loads with its full size
 * (Silver's 600 runs, Standley's 3,000), is narrowed in the form to a few maps and agent counts,
 * runs on the Web Worker pool with the real solvers, and fills every chart with each solver's
 * line. The narrowed experiment saves as a download and opens again through the file input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshot } from './browser.ts';
import { openLab, useApp } from './support/app.ts';
import { clickLastPoint } from './labChartPoints.ts';
import { parseReplayFile } from '../../core/replayFile/replayFile.ts';

let page: Page;
const dialogs: string[] = [];
const app = useApp({
  viewport: { width: 1400, height: 1000 },
  acceptDialogs: dialogs,
  ready: async (p) => {
    await openLab(p);
    await p.getByTestId('lab-workers').fill('2');
  },
});
beforeAll(() => {
  page = app.page;
});

async function progress(): Promise<{ done: number; total: number; failed: number }> {
  const el = page.getByTestId('lab-progress-text');
  return { done: Number(await el.getAttribute('data-done')), total: Number(await el.getAttribute('data-total')), failed: Number(await el.getAttribute('data-failed')) };
}

/** Per series colour of the lab's palette: how many pixels of it a chart's canvas has. */
function paletteCounts(key: string, colours: number): Promise<number[]> {
  return page.evaluate(({ testId, n }) => {
    const palette = ['#4c8dff', '#ff6b6b', '#59c27a', '#ffa94d', '#b197fc', '#c0a080'].slice(0, n).map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${testId}"] canvas`);
    if (!canvas) return palette.map(() => 0);
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const counts = palette.map(() => 0);
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] < 250) continue; // opaque only: the lines and points, not the translucent bands
      palette.forEach(([r, g, b], k) => {
        if (Math.abs(data[i] - r) < 8 && Math.abs(data[i + 1] - g) < 8 && Math.abs(data[i + 2] - b) < 8) counts[k]++;
      });
    }
    return counts;
  }, { testId: `lab-chart-${key}`, n: colours });
}

async function runPreset(id: string, fullRuns: number, seeds: string, agents: string, narrowedRuns: number, solvers: number, charts: string[]): Promise<void> {
  await page.getByTestId('lab-preset').selectOption(id);
  await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe(`${id}.json`);
  await expect.poll(async () => (await progress()).total).toBe(fullRuns);
  await page.getByTestId('lab-map-seeds-0').fill(seeds);
  await page.getByTestId('lab-agents').fill(agents);
  await expect.poll(async () => (await progress()).total).toBe(narrowedRuns);
  const started = Date.now();
  await page.getByTestId('lab-run').click();
  await page.locator('[data-testid="lab-bar"][data-phase="finished"]').waitFor({ timeout: 120_000 });
  const end = await progress();
  expect(end).toEqual({ done: narrowedRuns, total: narrowedRuns, failed: 0 });
  console.log(`lab presets e2e: ${id} narrowed to ${narrowedRuns} runs (of ${fullRuns}) in ${((Date.now() - started) / 1000).toFixed(1)} s on 2 workers`);
  for (const key of charts) {
    await page.getByTestId(`lab-chart-${key}`).scrollIntoViewIfNeeded();
    // Every solver's line is drawn (some lines may cover others where the solvers agree).
    await expect.poll(async () => (await paletteCounts(key, solvers)).filter((n) => n > 20).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(Math.min(solvers, 2));
    console.log(`lab presets e2e: ${id} ${key}: series pixels ${(await paletteCounts(key, solvers)).join(', ')}`);
  }
  await page.getByTestId(`lab-chart-${charts[0]}`).scrollIntoViewIfNeeded();
  // Every record drawn (the charts take them in steps of their own, chartQueue.ts) before a point is clicked.
  await page.locator(`[data-testid="lab-chart-${charts[0]}"][data-records="${narrowedRuns}"]`).waitFor();
  await screenshot(page, `lab-preset-${id}`);
}

/** Clicks the rightmost point of the first series (#4c8dff) on a chart. */

describe('browser edition: the shipped experiments as presets', () => {
  it('runs Silver 2005 narrowed to 2 maps and 10-30 agents: all six solvers chart; a point\'s run saves its replay file', async () => {
    await runPreset('silver2005', 600, '1-2', '10, 20, 30', 2 * 3 * 6, 6, ['successRate', 'meanPathLength', 'cyclesPerAgent']);
    // No solver of Silver's proves a lower bound: no chart of one.
    expect(await page.getByTestId('lab-chart-costLowerBound').count()).toBe(0);
    await clickLastPoint(page, 'successRate');
    const picked = page.getByTestId('lab-picked-run');
    // All six solvers reach 100% at 30 agents, so the point clicked may be any of theirs (the last drawn is on top).
    await expect.poll(() => picked.textContent()).toMatch(/^Run \d+: \S+, \S+#\d+, 30 agents/);
    const label = /^Run \d+: (\S+),/.exec((await picked.textContent())!)![1];
    await screenshot(page, 'lab-picked-run');
    const nameBefore = await page.getByTestId('scenario-name').textContent();
    const dialogsBefore = dialogs.length;
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByTestId('lab-save-replay').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/-replay\.json$/);
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-lab-replay-')), saved.suggestedFilename());
    await saved.saveAs(file);
    const replay = parseReplayFile(readFileSync(file, 'utf8'), file);
    expect(replay.units).toHaveLength(30);
    // The picked run's solver: 'WHCA*(32)' -> 'whca', 'LRA*' -> 'lra'.
    expect(replay.solver.name).toBe(label.replace(/\(.*\)|\*/g, '').toLowerCase());
    console.log(`lab presets e2e: replay file of a Silver run: ${saved.suggestedFilename()}, ${replay.units.length} units, solver ${replay.solver.name} (${replay.solver.status})`);
    // Saving a run's replay leaves the editor's scenario alone (it loaded the
    // run into the editor, asking to discard unsaved edits): same scenario, no prompt, still the lab.
    expect(await page.getByTestId('scenario-name').textContent()).toBe(nameBefore);
    expect(dialogs.slice(dialogsBefore)).toEqual([]);
    await page.getByTestId('lab-view').waitFor();
  }, 180_000);

  it('runs Standley 2010 narrowed to 2 maps of 2 drawn instances: OD+ID, S+ID and HCA* chart', async () => {
    const before = dialogs.length;
    await runPreset('standley2010', 3000, '1-2', '2-8x2', 2 * 2 * 3, 3, ['successRate', 'sumOfCosts']);
    // The narrowed Silver experiment had unsaved edits: loading another preset asked first.
    expect(dialogs.slice(before)).toEqual(['Discard the unsaved changes to “silver2005.json”?']);
  }, 180_000);

  it('saves the narrowed experiment as a download and opens it again', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('lab-save').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('standley2010.json');
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-lab-experiment-')), 'standley-small.json');
    await saved.saveAs(file);
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name: string; agents: unknown; maps: { seeds: number[] }[] };
    expect(json.name).toBe('standley2010');
    expect(json.agents).toEqual({ min: 2, max: 8, instances: 2 });
    expect(json.maps[0].seeds).toEqual([1, 2]);
    await expect.poll(() => page.getByTestId('lab-file-name').getAttribute('data-dirty')).toBe('false');

    await page.getByTestId('lab-preset').selectOption('small');
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('lab-sweep.json');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('lab-open').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('standley-small.json');
    // The same definition: its records were stored and come back with it.
    await expect.poll(async () => await progress()).toEqual({ done: 12, total: 12, failed: 0 });
    expect(app.consoleErrors).toEqual([]);
  }, 60_000);

  it('runs one shard, and merging the other machine\'s results (a JSONL export) completes the sweep', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('lab-export-jsonl').click();
    const jsonl = join(mkdtempSync(join(tmpdir(), 'mapf-lab-shard-')), 'standley-small.jsonl');
    await (await download).saveAs(jsonl);
    await page.getByTestId('lab-clear').click();
    await expect.poll(async () => (await progress()).done).toBe(0);
    await page.getByTestId('lab-shard').fill('1/2');
    await page.getByTestId('lab-run').click();
    await page.locator('[data-testid="lab-bar"][data-phase="finished"]').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('lab-status').textContent()).resolves.toMatch(/^Finished shard 1\/2/);
    expect(await progress()).toEqual({ done: 6, total: 12, failed: 0 });
    const before = dialogs.length;
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('lab-merge').click();
    await (await chooser).setFiles(jsonl);
    await expect.poll(async () => (await progress()).done).toBe(12);
    expect(dialogs.slice(before)).toEqual([expect.stringMatching(/^Merge the run records of standley-small\.jsonl into “standley2010”\?/)]);
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/Merged 6 run records from standley-small\.jsonl \(left out: 6 already here\)/);
    expect(app.consoleErrors).toEqual([]);
  }, 60_000);

  it('shows what the stored results of every experiment take, in a store of their own, and Clear all forgets them all', async () => {
    const stored = page.getByTestId('lab-stored');
    await expect.poll(() => stored.textContent()).toMatch(/^Stored results: [\d.]+ (B|KB|MB) for \d+ experiments? Clear all/);
    expect(Number(await stored.getAttribute('data-bytes'))).toBeGreaterThan(1000);
    // Not in localStorage, which autosave needs.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('mapf-lab/lab/results/')))).toEqual([]);
    await screenshot(page, 'lab-stored-results');
    const before = dialogs.length;
    await page.getByTestId('lab-clear-all').click();
    expect(dialogs.slice(before)).toEqual([expect.stringMatching(/^Forget the stored results of all \d+ experiments? \(/)]);
    await expect.poll(() => stored.count()).toBe(0);
    expect((await progress()).done).toBe(0);
    // Gone from the store too: a reload finds nothing.
    await page.reload();
    await page.getByTestId('view-lab').click();
    await page.getByTestId('lab-progress-text').waitFor();
    await expect.poll(async () => (await progress()).total).toBe(12);
    expect((await progress()).done).toBe(0);
    expect(await stored.count()).toBe(0);
    expect(app.consoleErrors).toEqual([]);
  }, 60_000);

  it('runs Standley 2010 4-connected narrowed: OD+ID and CBS side by side, and CBS\'s proved lower bound charted', async () => {
    await runPreset('standley2010-4c', 2000, '1-2', '2-8x2', 2 * 2 * 2, 2, ['successRate', 'sumOfCosts']);
    // Only CBS (the second colour) proves a lower bound: that chart comes with its runs and draws its line.
    await page.getByTestId('lab-chart-costLowerBound').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await paletteCounts('costLowerBound', 2))[1], { timeout: 30_000 }).toBeGreaterThan(20);
    await page.locator('[data-testid="lab-chart-costOverBound"][data-records="8"]').waitFor();
    await expect.poll(async () => (await paletteCounts('costOverBound', 2))[1], { timeout: 30_000 }).toBeGreaterThan(20);
    await screenshot(page, 'lab-preset-standley2010-4c-bound');
    expect(app.consoleErrors).toEqual([]);
  }, 180_000);
});
