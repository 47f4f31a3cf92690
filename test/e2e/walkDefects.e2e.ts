/**
 * The small things a designer met walking through the app at 1280x800, each measured in the real
 * renderer: the map keeps its place when a notice comes and goes; the lab offers one Open and one
 * Save; the heat map's legend leaves the fitted map whole; a PNG opened as a scenario is named as
 * an image (the level import offered), not quoted as broken JSON; the LoRR problem's question for
 * its files is on screen even with the side panel scrolled down.
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { openLab, useApp } from './support/app.ts';
import { generateTemplate, ONE_LANE_BRIDGE } from './support/templates.ts';
import { compareSolvers, measuredBridge } from './support/compareSteps.ts';
import { mapView } from './mapCanvas.ts';

const LORR = fileURLToPath(new URL('../../../shared/benchmarks/lorr-2024/example_problems/random.domain/', import.meta.url));

const app = useApp({ ready: 'map-view', acceptDialogs: true });

async function box(page: Page, testId: string) {
  return (await page.getByTestId(testId).boundingBox())!;
}

describe('the designer walk at 1280x800', () => {
  it('a notice that comes and goes leaves the map where it was (it overlays, it does not push)', async () => {
    const page = app.page;
    const before = await box(page, 'map-view');
    // C with no unit selected asks for a selection in a notice.
    await page.getByTestId('map-view').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('c');
    await page.getByTestId('notice').waitFor();
    expect(await box(page, 'map-view')).toEqual(before);
    await screenshot(page, 'walk-notice-over-map');
    await page.getByTestId('notice').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByTestId('notice').waitFor({ state: 'detached' });
    expect(await box(page, 'map-view')).toEqual(before);
  });

  it('the heat map legend lies beside the fitted map, not over its corner', async () => {
    const page = app.page;
    await generateTemplate(page, ONE_LANE_BRIDGE);
    await page.getByTestId('solver-select').selectOption('lacam');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('heatmap-toggle').check();
    const legend = await box(page, 'heat-legend');
    await expect.poll(async () => (await mapView(page)).cellSize).toBeGreaterThan(0);
    // The view re-fits when the legend comes: wait for the map to settle.
    await page.waitForTimeout(300);
    const view = await mapView(page);
    const map = { left: view.left + view.offsetX, top: view.top + view.offsetY, right: view.left + view.offsetX + 40 * view.cellSize, bottom: view.top + view.offsetY + 20 * view.cellSize };
    const overlaps = legend.x < map.right && legend.x + legend.width > map.left && legend.y < map.bottom && legend.y + legend.height > map.top;
    await screenshot(page, 'walk-heat-legend');
    expect(overlaps, `legend ${JSON.stringify(legend)} over the map ${JSON.stringify(map)}`).toBe(false);
    await page.getByTestId('heatmap-toggle').uncheck();
  });

  it('the lab has one Open and one Save (the scenario toolbar is the editor\'s)', async () => {
    const page = app.page;
    await openLab(page);
    const labels = await page.locator('button:visible').allTextContents();
    const opens = labels.filter((t) => /^Open/.test(t.trim()));
    const saves = labels.filter((t) => /^Save$/.test(t.trim()));
    await screenshot(page, 'walk-lab-buttons');
    expect(opens).toHaveLength(1);
    expect(saves).toHaveLength(1);
    await page.getByTestId('view-editor').click();
    await page.getByTestId('map-view').waitFor();
  });

  it('a PNG opened as a scenario is refused by name, with the level import offered, and nothing replaced', async () => {
    const page = app.page;
    const name = await page.getByTestId('scenario-name').textContent();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(fileURLToPath(new URL('../fixtures/levels/plan.png', import.meta.url)));
    const notice = page.getByTestId('notice');
    await expect.poll(() => notice.locator('span').first().textContent()).toMatch(/^plan\.png is a PNG image, not a scenario: nothing was opened\./);
    expect(await notice.getAttribute('data-kind')).toBe('error');
    expect(await page.getByTestId('notice-import-level').textContent()).toBe('Import as a level…');
    expect(await page.getByTestId('scenario-name').textContent()).toBe(name);
    await screenshot(page, 'walk-png-as-scenario');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('the Compare view at 1280x800 shows every column of a comparison with crowd models, no sideways scroll', async () => {
    const page = app.page;
    await measuredBridge(page);
    await compareSolvers(page, ['orca', 'flow-field', 'detour', 'pibt', 'whca', 'rhcr'], 180_000);
    await page.getByTestId('compare-view').click();
    await page.getByTestId('compare-dock').waitFor();
    await page.waitForTimeout(300);
    const fit = await page.locator('[data-testid="compare-dock"] .compare-scroll').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    await screenshot(page, 'walk-compare-view-crowds');
    expect(fit.scroll, `table ${fit.scroll} px in a view ${fit.client} px wide`).toBeLessThanOrEqual(fit.client);
    const headers = await page.locator('[data-testid="compare-dock"] [data-testid="compare-table"] thead th').allTextContents();
    for (const h of ['Arrived', 'Stuck', 'Reversals', 'ms', 'A', 'B']) expect(headers.map((t) => t.trim())).toContain(h);
    await page.getByTestId('compare-view').click();
  });

  it('a new map of the same name does not show the last one\'s comparison as stale', async () => {
    const page = app.page;
    const name = await page.getByTestId('scenario-name').textContent();
    expect(await page.getByTestId('compare-row').count()).toBeGreaterThan(0);
    // The same template with fewer units: the same name, another scenario.
    await generateTemplate(page, { ...ONE_LANE_BRIDGE, unitsPerSide: 8 });
    expect(await page.getByTestId('scenario-name').textContent()).toBe(name);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('compare-stale').count()).toBe(0);
    expect(await page.getByTestId('compare-row').count()).toBe(0);
  });

  it.skipIf(!existsSync(LORR))('the LoRR problem\'s question for its files is scrolled into view', async () => {
    const page = app.page;
    // The designer had scrolled the side panel down to the generator.
    await page.locator('.side').evaluate((side) => (side.scrollTop = side.scrollHeight));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(join(LORR, 'random_32_32_20_100.json'));
    const prompt = page.getByTestId('lorr-files');
    await prompt.waitFor();
    await page.waitForTimeout(300);
    const shown = await prompt.evaluate((el) => {
      const b = el.getBoundingClientRect();
      const side = el.closest('.side')!.getBoundingClientRect();
      return b.top >= side.top - 1 && b.top + 40 <= side.bottom && b.top >= 0 && b.top + 40 <= window.innerHeight;
    });
    await screenshot(page, 'walk-lorr-files');
    expect(shown).toBe(true);
    await page.getByTestId('lorr-files-cancel').click();
  });
});


describe('a solve the solver refuses', () => {
  const fresh = useApp({ ready: 'map-view' });

  it('keeps the last replay: back on the settings it was solved with, it plays again', async () => {
    const page = fresh.page;
    await page.getByTestId('solver-select').selectOption('lacam');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    const replay = await page.getByTestId('turn').textContent();
    expect(replay).toMatch(/^t = 0 \/ [1-9]\d*$/);
    // LaCAM plans on 4-connected grids: on 8 it refuses, and says why.
    await page.getByTestId('connectivity').selectOption('8');
    await page.getByTestId('solve').click();
    await expect.poll(() => page.getByTestId('status').textContent()).toMatch(/^Not solved: .*plans on 4-connected grids/);
    expect(await page.getByTestId('status').getAttribute('data-status')).toBe('failed');
    await page.getByTestId('connectivity').selectOption('4');
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe(replay);
    expect(await page.getByTestId('status').getAttribute('data-status')).toBe('solved');
    await screenshot(page, 'walk-refused-keeps-replay');
  });
});

describe('the open scenario after a reload', () => {
  const tab = useApp({ ready: 'map-view' });

  it('is reopened, and Recent lists the files opened before', async () => {
    const page = tab.page;
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(fileURLToPath(new URL('../../experiments/scenarios/bridge-two-way.json', import.meta.url)));
    await expect.poll(() => page.getByTestId('notice').locator('span').first().textContent()).toMatch(/^Opened bridge-two-way\.json/);
    const name = await page.getByTestId('scenario-name').textContent();
    const meta = await page.getByTestId('scenario-meta').textContent();
    expect(name).not.toBe('Chokepoint example');
    await page.reload();
    await page.getByTestId('map-view').waitFor();
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe(name);
    expect(await page.getByTestId('scenario-meta').textContent()).toBe(meta);
    expect(await page.getByTestId('notice').locator('span').first().textContent()).toMatch(/^Reopened bridge-two-way\.json, the scenario open when this page was last left\./);
    expect(await page.getByTestId('recent-files').locator('option').allTextContents()).toEqual(['Recent…', 'bridge-two-way.json', 'Clear recent']);
    // A new scenario is open next time instead: no file is reopened over it.
    await page.getByTestId('new-scenario').click();
    await page.reload();
    await page.getByTestId('map-view').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('scenario-name').textContent()).toBe('Chokepoint example');
    // Recent opens it again.
    await page.getByTestId('recent-files').selectOption('bridge-two-way.json');
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe(name);
    await screenshot(page, 'walk-recent-files');
  });
});
