/**
 * Autosave and recovery: an edited scenario survives the page going away (a crash, a closed
 * tab): on the next start a notice offers it back, with the edit in place.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openApp, screenshot, type WatchedPage } from './browser.ts';
import { cellPoint, isWall, layerPixels, mapView } from './mapCanvas.ts';

let browser: Browser;
let app: WatchedPage;
beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser, inject('baseUrl'));
  // Leaving with unsaved changes asks first (beforeunload): leave.
  app.page.on('dialog', (dialog) => void dialog.accept());
});
afterAll(async () => {
  await browser?.close();
});

describe('browser edition: autosave and recovery', () => {
  it('recovers an unsaved edit after a reload', async () => {
    const page = app.page;
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('p');
    const view = await mapView(page);
    await page.mouse.click(...cellPoint(view, 2, 3));
    await expect(page.getByTestId('undo').textContent()).resolves.toBe('Undo paint');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('mapf-lab/autosave') !== null), { timeout: 5_000 }).toBe(true);
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
});
