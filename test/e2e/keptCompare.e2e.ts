/**
 * A comparison you keep: the bridge compared with three solvers, the comparison named, the page
 * reloaded (as after a crash) and the scenario recovered: the comparison is back with the same
 * figures and its plans replay. The Compare view (K) gives the table the full width: at 1280x800
 * no cell is cut and the table needs no sideways scroll, and the best value of each column is
 * marked. A wall painted on the bridge makes it stale, saying so; Run again makes it current.
 * Deleting it is undone from the notice.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, settledView } from './mapCanvas.ts';
import { compareSolvers, measuredBridge } from './support/compareSteps.ts';
import { readBackup } from './support/backups.ts';
import { readFileSync } from 'node:fs';
import { parseComparisonsFile } from '../../core/replayFile/comparisonFile.ts';

const app = useApp({ acceptDialogs: true });

const PICKED = ['pibt', 'hca', 'lacam'];

async function column(page: Page, name: string): Promise<string[]> {
  return page.locator(`[data-testid^="compare-${name}-"]`).allTextContents();
}

/** Cells of the comparison table whose content does not fit (cut or wrapped out of sight). */
async function cutCells(page: Page): Promise<string[]> {
  return page.getByTestId('compare-table').evaluate((table) =>
    [...table.querySelectorAll('th, td')].filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1).map((c) => c.textContent ?? ''),
  );
}

describe('browser edition: a comparison you keep', () => {
  it('keeps a named comparison across a reload, marks the best, fits 1280x800, goes stale on an edit and runs again', async () => {
    const page = app.page;
    await measuredBridge(page);
    await compareSolvers(page, PICKED);
    const view = page.getByTestId('map-view');

    // Named: the kept list shows the name; the notice offers Undo.
    await page.getByTestId('compare-name').fill('Bridge, three solvers');
    await page.getByTestId('compare-name').press('Enter');
    await expect.poll(() => page.getByTestId('compare-kept').locator('option:checked').textContent()).toBe('Bridge, three solvers');
    expect(await page.getByTestId('compare-undo').count()).toBe(1);
    const soc = await column(page, 'soc');
    const status = await column(page, 'status');
    const crossings = await page.locator('[data-testid^="compare-region-"]').allTextContents();
    await expect.poll(async () => (await readBackup(page, 'mapf-lab/comparisons'))?.includes('Bridge, three solvers') ?? false, { timeout: 5_000 }).toBe(true);
    await expect.poll(() => readBackup(page, 'mapf-lab/autosave').then((b) => b !== null), { timeout: 10_000 }).toBe(true);

    // A reload (the page gone as in a crash), the scenario recovered: the comparison is back.
    await page.reload();
    await page.getByTestId('recover').waitFor();
    await page.getByTestId('recover').click();
    await expect.poll(() => page.getByTestId('compare-row').count()).toBe(3);
    expect(await page.getByTestId('compare-kept').locator('option:checked').textContent()).toBe('Bridge, three solvers');
    expect(await column(page, 'soc')).toEqual(soc);
    expect(await column(page, 'status')).toEqual(status);
    expect(await page.locator('[data-testid^="compare-region-"]').allTextContents()).toEqual(crossings);
    expect(await page.getByTestId('compare-stale').count()).toBe(0);
    // Its plans came back too: a solved row replays with its own sum of costs.
    const solved = status.indexOf('solved');
    expect(solved).toBeGreaterThanOrEqual(0);
    await page.getByTestId('compare-row').nth(solved).locator('td').first().click();
    await expect.poll(() => page.getByTestId('sum-of-costs').textContent()).toBe(soc[solved]);

    // The Compare view: full width, every cell readable, the best of each column marked.
    await view.hover();
    await page.keyboard.press('k');
    await page.getByTestId('compare-dock').waitFor();
    expect(await page.getByTestId('compare-panel-stub').count()).toBe(1);
    expect(await cutCells(page)).toEqual([]);
    const fits = await page.getByTestId('compare-table').evaluate((table) => {
      const scroller = table.parentElement!;
      return { table: table.scrollWidth, room: scroller.clientWidth, page: document.documentElement.scrollWidth, window: window.innerWidth };
    });
    expect(fits.table).toBeLessThanOrEqual(fits.room);
    expect(fits.page).toBeLessThanOrEqual(fits.window);
    const marked = await page.locator('[data-testid="compare-table"] td[data-best="true"]').allTextContents();
    expect(marked.length).toBeGreaterThan(0);
    const bestSoc = Math.min(...soc.filter((s) => s !== '—').map(Number));
    if (soc.filter((s) => s !== '—').length >= 2) expect(await page.getByTestId(`compare-soc-${soc.indexOf(String(bestSoc))}`).getAttribute('data-best')).toBe('true');
    // Dragging the top edge up gives it more room.
    const before = (await page.getByTestId('compare-dock').boundingBox())!.height;
    const handle = (await page.getByTestId('compare-dock-handle').boundingBox())!;
    await page.mouse.move(handle.x + 200, handle.y + 3);
    await page.mouse.down();
    await page.mouse.move(handle.x + 200, handle.y - 80, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await page.getByTestId('compare-dock').boundingBox())!.height).toBeGreaterThan(before + 60);
    await screenshot(page, 'compare-view');

    // A wall on the bridge changes every plan: the comparison says it is stale and offers to run again.
    await page.keyboard.press('k');
    await page.getByTestId('compare-panel').waitFor();
    if (await page.getByTestId('follow-toggle').isChecked()) await page.getByTestId('follow-toggle').uncheck();
    await view.hover();
    await page.keyboard.press('0');
    const refitted = await settledView(page);
    await page.keyboard.press('p');
    await page.mouse.click(...cellPoint(refitted, 30, 1));
    await page.getByTestId('compare-stale').waitFor();
    expect(await page.getByTestId('compare-stale').textContent()).toContain('The scenario changed since “Bridge, three solvers”');
    expect(await page.getByTestId('compare-kept').locator('option:checked').textContent()).toBe('Bridge, three solvers (stale)');
    // The old figures stay readable, but do not replay on the changed scenario.
    expect(await column(page, 'soc')).toEqual(soc);
    await page.getByTestId('compare-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'compare-stale');
    await page.getByTestId('compare-rerun').click();
    await expect.poll(() => page.getByTestId('compare-stale').count(), { timeout: 120_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('compare-run').isEnabled(), { timeout: 120_000 }).toBe(true);
    expect(await page.getByTestId('compare-row').count()).toBe(3);
    expect(await page.getByTestId('compare-kept').locator('option').allTextContents()).toEqual(['Bridge, three solvers']);

    // Saved as the side file NAME.compare.json, with the plans; a damaged copy is refused saying where.
    const download = page.waitForEvent('download');
    await page.getByTestId('compare-save').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/\.compare\.json$/);
    const text = readFileSync((await saved.path())!, 'utf8');
    const file = parseComparisonsFile(text, saved.suggestedFilename());
    expect(file.comparisons.map((c) => c.name)).toEqual(['Bridge, three solvers']);
    expect(file.comparisons[0].rows.filter((r) => r.status === 'solved').every((r) => r.paths.length === 20)).toBe(true);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('compare-open').click();
    await (await chooser).setFiles({ name: 'bad.compare.json', mimeType: 'application/json', buffer: Buffer.from(text.replace('"costModel": "rest"', '"costModel": "fast"')) });
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/bad\.compare\.json:\d+:\d+: comparisons\[0\]\.costModel/);

    // Deleted, then undone from the notice.
    await page.getByTestId('compare-delete').click();
    await expect.poll(() => page.getByTestId('compare-row').count()).toBe(0);
    await page.getByTestId('compare-undo').click();
    await expect.poll(() => page.getByTestId('compare-row').count()).toBe(3);
    expect(await page.getByTestId('compare-kept').locator('option:checked').textContent()).toBe('Bridge, three solvers');

    // Deleted for good, then opened again from the side file: back, current, replayable.
    await page.getByTestId('compare-delete').click();
    await expect.poll(() => page.getByTestId('compare-row').count()).toBe(0);
    const again = page.waitForEvent('filechooser');
    await page.getByTestId('compare-open').click();
    await (await again).setFiles({ name: 'bridge.compare.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect.poll(() => page.getByTestId('compare-row').count()).toBe(3);
    expect(await page.getByTestId('compare-stale').count()).toBe(0);
    expect(app.consoleErrors).toEqual([]);
  });
});
