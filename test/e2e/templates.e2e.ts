/**
 * The level designer's question from a template: will twenty units get across this bridge, and
 * how long will they wait? A bridge two lanes wide, ten units on each side, solved with WHCA*;
 * the heat map shows the congestion at the bridge.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openApp, screenshot, type WatchedPage } from './browser.ts';
import { ONE_LANE_BRIDGE, generateTemplate } from './support/templates.ts';

let browser: Browser;
let app: WatchedPage;
beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser, inject('baseUrl'));
});
afterAll(async () => {
  await browser?.close();
});

describe('browser edition: chokepoint templates', () => {
  it('builds a bridge with twenty units and replays the crossing', async () => {
    const page = app.page;
    await generateTemplate(page, { ...ONE_LANE_BRIDGE, opening: 2 });
    await page.getByTestId('solver-select').selectOption('whca');
    await page.getByTestId('solve').click();
    const status = page.getByTestId('status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).not.toBe('running');
    const waits = await page.locator('[data-testid="results"] tbody tr td:nth-child(3)').allTextContents();
    console.log(`bridge 40x20, 2 lanes x 10 long, 20 units, WHCA*: ${await status.textContent()} total waits ${waits.reduce((a, w) => a + Number(w), 0)}; ${await page.getByTestId('validation').textContent()}`);
    await expect(status.getAttribute('data-status')).resolves.toBe('solved');
    await page.getByTestId('heatmap-toggle').check();
    await page.getByTestId('map-view').hover();
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    await screenshot(page, 'template-bridge');
    expect(app.consoleErrors).toEqual([]);
  });
});
