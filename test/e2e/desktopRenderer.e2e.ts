/**
 * The renderer as the desktop app runs it (window.mapfLab present): native menu commands reach
 * the same actions as buttons and shortcuts, main hears the document's name and unsaved state
 * (title, close prompt), Save reuses the current file, and "Save" in the close prompt saves and
 * then closes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { FAKE_DESKTOP_API } from './support/fakeDesktopApi.ts';
import { comparisonsFile } from '../../core/replayFile/comparisonFile.ts';
import type { Comparison } from '../../core/replayFile/comparisonSchema.ts';

const MAP = `${MOVING_AI}maps/random-32-32-10.map`;

type Call = [string, ...unknown[]];
let page: Page;
const calls = () => page.evaluate(() => (window as unknown as { __desktop: { calls: Call[] } }).__desktop.calls) as Promise<Call[]>;
const lastState = async () => (await calls()).filter((c) => c[0] === 'state').at(-1);
const menu = (command: string) => page.evaluate((c) => (window as unknown as { __desktop: { menu(c: string): void } }).__desktop.menu(c), command);

const app = useApp({
  prepare: async (p) => {
    await p.addInitScript(FAKE_DESKTOP_API);
  },
  ready: 'status',
});
beforeAll(() => {
  page = app.page;
});

describe('desktop renderer path (preload API stand-in)', () => {
  it('runs as the desktop edition and reports a clean document', async () => {
    await expect(page.getByTestId('edition').textContent()).resolves.toBe('Desktop');
    await expect.poll(lastState).toEqual(['state', expect.any(String), false]);
  });

  it('reports unsaved changes after an edit, and undo from the menu works', async () => {
    const before = await page.getByTestId('scenario-meta').textContent();
    await page.getByTestId('random-count').fill('7');
    await page.getByTestId('place-random').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/7 units/);
    await expect.poll(lastState).toEqual(['state', expect.any(String), true]);
    await menu('undo');
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toBe(before);
    await menu('redo');
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/7 units/);
  });

  it('sends Solve from the menu to the solver service', async () => {
    await menu('solve');
    await expect.poll(async () => (await calls()).some((c) => c[0] === 'solve')).toBe(true);
    await page.locator('[data-testid="status"][data-status="failed"]').waitFor();
  });

  it('exports the units as a Moving AI scenario from the menu', async () => {
    await menu('export-scen');
    await expect.poll(async () => (await calls()).filter((c) => c[0] === 'save').at(-1)?.[1]).toMatch(/\.scen$/);
  });

  it('saves to the current file on Save, through a dialog on Save As', async () => {
    await menu('save');
    await expect.poll(async () => (await calls()).filter((c) => c[0] === 'save').at(-1)).toEqual(['save', expect.stringMatching(/\.json$/), true]);
    await expect.poll(lastState).toEqual(['state', expect.any(String), false]);
    await menu('save-as');
    await expect.poll(async () => (await calls()).filter((c) => c[0] === 'save').at(-1)).toEqual(['save', expect.stringMatching(/\.json$/), false]);
  });

  it('saves and then closes when the close prompt says Save', async () => {
    await page.getByTestId('place-random').click();
    await expect.poll(lastState).toEqual(['state', expect.any(String), true]);
    const saves = (await calls()).filter((c) => c[0] === 'save').length;
    await menu('save-and-close');
    await expect.poll(async () => (await calls()).at(-1)?.[0]).toBe('close');
    expect((await calls()).filter((c) => c[0] === 'save').length).toBe(saves + 1);
  });

  it('opens a file main read for it (Open Recent)', async (ctx) => {
    skipWithoutBenchmarks(ctx);
    const text = readFileSync(MAP, 'utf8');
    await page.evaluate((t) => (window as unknown as { __desktop: { openFile(f: object): void } }).__desktop.openFile({ name: 'random-32-32-10.map', text: t }), text);
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe('random-32-32-10.map');
    await expect.poll(lastState).toEqual(['state', 'random-32-32-10.map', false]);
    await screenshot(page, 'desktop-renderer-open-recent');
    expect(app.consoleErrors).toEqual([]);
  });

  it('opens the comparisons main read beside a scenario, and says where a damaged side file is wrong', async () => {
    const scenario = JSON.stringify({
      format: 'mapf-lab/scenario', version: 3, name: 'Side bridge',
      map: { kind: 'inline', rows: ['.......', '...@...', '.......'] },
      agents: [{ id: 'a', start: [0, 0], goal: [2, 0] }, { id: 'b', start: [6, 0], goal: [4, 0] }],
    });
    const comparison: Comparison = {
      id: 'c-side', name: 'Kept beside', createdAt: '2026-11-26T09:00:00.000Z', scenarioHash: 'made-on-another-version', costModel: 'rest', width: 7, regions: [],
      rows: [{
        solver: 'pibt', label: 'PIBT', settings: { solver: 'pibt', order: 'given', seed: 1, params: {} }, status: 'solved', agents: 2, arrived: 2,
        makespan: 2, sumOfCosts: 4, totalWait: 0, maxWait: 0, lowerBound: null, conflicts: 0, solveMs: 1, regions: [], stats: {}, paths: [[0, 1, 2], [6, 5, 4]],
      }],
    };
    const beside = { name: 'side-bridge.compare.json', file: comparisonsFile('Side bridge', [comparison]) };
    const open = (answer: unknown) => page.evaluate(([t, a]) => {
      const desktop = (window as unknown as { __desktop: { comparisonsBeside: unknown; openFile(f: object): void } }).__desktop;
      desktop.comparisonsBeside = a;
      desktop.openFile({ name: 'side-bridge.json', text: t });
    }, [scenario, answer] as const);
    await open(beside);
    await expect.poll(() => page.getByTestId('notice').textContent()).toContain('Opened side-bridge.json: 7×3, 2 units. 1 comparison from side-bridge.compare.json, 1 made on another version of the scenario (stale).');
    await expect.poll(() => page.getByTestId('compare-kept').locator('option:checked').textContent()).toBe('Kept beside (stale)');
    expect(await page.getByTestId('compare-row').count()).toBe(1);
    await page.getByTestId('compare-stale').waitFor();

    // Opened again: the comparison is kept already (the autosave store has it), not added twice.
    await open(beside);
    await expect.poll(() => page.getByTestId('notice').textContent()).toContain('1 comparison from side-bridge.compare.json (1 already kept)');
    expect(await page.getByTestId('compare-kept').locator('option').count()).toBe(1);

    // A damaged side file: the scenario opens, the notice says where the side file is wrong.
    await open({ name: 'side-bridge.compare.json', error: 'side-bridge.compare.json:9:20: comparisons[0].costModel: Invalid option: expected one of "rest"|"away"' });
    await expect.poll(() => page.getByTestId('notice').textContent()).toContain('Opened side-bridge.json: 7×3, 2 units. Its comparisons were not read: side-bridge.compare.json:9:20: comparisons[0].costModel');
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe('Side bridge');
    expect(app.consoleErrors).toEqual([]);
  });

  it('autosaves through main (its backup files), not the page\'s storage, and offers the backup after a restart', async () => {
    await page.getByTestId('random-count').fill('5');
    await page.getByTestId('place-random').click();
    await expect.poll(async () => (await calls()).some((c) => c[0] === 'backup' && c[1] === 'mapf-lab/autosave' && typeof c[2] === 'number'), { timeout: 30_000 }).toBe(true);
    // Not kept in the page's IndexedDB on the desktop.
    const inPage = await page.evaluate(() => new Promise<boolean>((resolve) => {
      const open = indexedDB.open('mapf-lab');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('backups')) return resolve(false);
        const count = db.transaction('backups', 'readonly').objectStore('backups').count();
        count.onsuccess = () => resolve(count.result > 0);
      };
      open.onerror = () => resolve(false);
    }));
    expect(inPage).toBe(false);
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await page.getByTestId('recover').waitFor();
    // The offered backup was set apart through main too.
    expect((await calls()).filter((c) => c[0] === 'backup').map((c) => [c[1], c[2] === null])).toEqual([
      ['mapf-lab/autosave-offered', false],
      ['mapf-lab/autosave', true],
    ]);
    await page.getByTestId('recover').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/5 units/);
    expect(app.consoleErrors).toEqual([]);
  });
});
