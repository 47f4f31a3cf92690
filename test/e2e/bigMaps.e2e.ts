/**
 * Big maps, many units: units keep a minimum size on screen when a 400x400 map
 * is zoomed out to fit; a unit is found by the list's search and followed; the results sort by
 * waits and a row selects its unit; paths can be limited to the selected units.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { layerPixels, mapView } from './mapCanvas.ts';

const app = useApp({ acceptDialogs: true });

const SIDE = 400;
const UNITS = [
  { id: 'scout', name: 'Scout', colour: '#e6194b', start: [10, 10], goal: [390, 20] },
  { id: 'cart', name: 'Cart', colour: '#3cb44b', start: [200, 200], goal: [20, 380] },
  { id: 'mule', name: 'Mule', colour: '#4363d8', start: [300, 50], goal: [50, 300] },
];

describe('browser edition: big maps', () => {
  it('draws units at a minimum size on a zoomed-out 400x400 map', async () => {
    const page = app.page;
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-e2e-big-')), 'big.json');
    writeFileSync(file, JSON.stringify({ format: 'mapf-lab/scenario', version: 3, name: 'Big', map: { kind: 'inline', rows: Array.from({ length: SIDE }, () => '.'.repeat(SIDE)) }, agents: UNITS }));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^400×400, 3 units/);
    await page.waitForTimeout(400);
    const view = await mapView(page);
    expect(view.cellSize).toBeLessThan(2);
    // Past its cell (under 2 px wide here) the cart's disc is still its green: the pixel sampled 1 px
    // right of the centre has its middle 1 to 2 px from it (pixels are whole), inside the 2.5 px
    // minimum radius; 2 px right fell on the disc's anti-aliased rim when the centre sat past a pixel's middle.
    const cx = view.left + view.offsetX + 200.5 * view.cellSize;
    const cy = view.top + view.offsetY + 200.5 * view.cellSize;
    const [centre, beside] = await layerPixels(page, 'dynamic-layer', [[cx, cy], [cx + 1, cy]]);
    const green = ([r, g, b, a]: number[]) => a > 150 && g > 120 && r < 120 && b < 120;
    expect(green(centre)).toBe(true);
    expect(green(beside)).toBe(true);
    await screenshot(page, 'big-map-units');
  });

  it('finds a unit by name and follows it; sorts the results by waits; a row selects its unit', async () => {
    const page = app.page;
    await page.getByTestId('solver-select').selectOption('whca');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('unit-search').fill('mul');
    await expect.poll(() => page.locator('[data-testid="unit-matches"] button').count()).toBe(1);
    await page.getByTestId('unit-match-2').click();
    expect(await page.getByTestId('follow-toggle').isChecked()).toBe(true);
    expect(await page.getByTestId('status-bar').textContent()).toContain('1 selected');
    // Sorted by waits, worst first: the first row's waits are the most.
    await page.getByTestId('results-sort-waits').click();
    const waits = (await page.locator('[data-testid="results-row"] td:nth-child(3)').allTextContents()).map(Number);
    expect(waits).toEqual([...waits].sort((a, b) => b - a));
    await page.getByTestId('results-sort-cost').click();
    const costs = (await page.locator('[data-testid="results-row"] td:nth-child(2)').allTextContents()).map(Number);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    // A row click selects that unit.
    const name = (await page.locator('[data-testid="results-row"]').first().locator('td').first().textContent())!.trim();
    await page.locator('[data-testid="results-row"]').first().click();
    await expect.poll(() => page.locator('[data-testid="results-row"].selected td:first-child').textContent()).toContain(name);
    await page.getByTestId('paths-selected-toggle').check();
    await screenshot(page, 'big-map-selected-paths');
    await page.getByTestId('paths-selected-toggle').uncheck();
    expect(app.consoleErrors).toEqual([]);
  });
});
