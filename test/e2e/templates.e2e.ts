/**
 * The level designer's question from a template: will twenty units get across this bridge, and
 * how long will they wait? A bridge two lanes wide, ten units on each side, solved with WHCA*;
 * the heat map shows the congestion at the bridge.
 */
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { ONE_LANE_BRIDGE, generateTemplate } from './support/templates.ts';

const app = useApp();

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
