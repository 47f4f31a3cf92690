/**
 * Autosave and recovery: an edited scenario survives the page going away (a crash, a closed
 * tab): on the next start a notice offers it back, with the edit in place.
 */
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, isWall, layerPixels, mapView } from './mapCanvas.ts';
import { readAutosavedScenario, readBackup } from './support/backups.ts';

// Leaving with unsaved changes asks first (beforeunload): leave.
const app = useApp({ acceptDialogs: true });

describe('browser edition: autosave and recovery', () => {
  it('recovers an unsaved edit after a reload', async () => {
    const page = app.page;
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('p');
    const view = await mapView(page);
    await page.mouse.click(...cellPoint(view, 2, 3));
    await expect(page.getByTestId('undo').textContent()).resolves.toBe('Undo paint');
    await expect.poll(() => readBackup(page, 'mapf-lab/autosave').then((b) => b !== null), { timeout: 30_000 }).toBe(true);
    await page.reload();
    await page.getByTestId('recover').waitFor();
    await screenshot(page, 'autosave-offer');
    await page.getByTestId('recover').click();
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/^Recovered “Chokepoint example”/);
    await expect(page.getByTestId('scenario-meta').textContent()).resolves.toMatch(/^11×7, 4 units/);
    const after = await mapView(page);
    await expect.poll(async () => isWall((await layerPixels(page, 'static-layer', [cellPoint(after, 2, 3, 0.3, 0.3)]))[0])).toBe(true);
    // Recovered work is still unsaved: it stays in autosave until saved.
    expect(app.consoleErrors).toEqual([]);
  });

  it('keeps the offered backup until the user answers: an edit made meanwhile does not replace it', async () => {
    const page = app.page;
    // Leave a backup with a wall at (4, 1), then start again: it is offered.
    if ((await page.getByTestId('discard-recovery').count()) > 0) await page.getByTestId('discard-recovery').click();
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('p');
    const view = await mapView(page);
    await page.mouse.click(...cellPoint(view, 4, 1));
    await expect.poll(() => readAutosavedScenario(page).then((b) => b?.includes('"....@') ?? false), { timeout: 30_000 }).toBe(true);
    await page.reload();
    await page.getByTestId('recover').waitFor();
    // Without answering, paint another cell and wait until that edit is autosaved on its own.
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('p');
    const again = await mapView(page);
    await page.mouse.click(...cellPoint(again, 8, 5));
    await expect.poll(() => readBackup(page, 'mapf-lab/autosave').then((b) => b !== null), { timeout: 30_000 }).toBe(true);
    // Recover brings back the offered backup (the wall at (4, 1)), not the one-edit document.
    await page.getByTestId('recover').click();
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/^Recovered “Chokepoint example”/);
    const after = await mapView(page);
    await expect.poll(async () => isWall((await layerPixels(page, 'static-layer', [cellPoint(after, 4, 1, 0.3, 0.3)]))[0])).toBe(true);
    await expect.poll(() => readBackup(page, 'mapf-lab/autosave-offered')).toBeNull();
    await screenshot(page, 'autosave-offer-kept');
  });
});
