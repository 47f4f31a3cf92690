/**
 * The designer's walk, end to end, as a new user takes it in the browser edition: open the
 * one-lane bridge template, measure the bridge, solve it and read the region's figures, compare
 * PIBT, LaCAM, WHCA* and a crowd model (ORCA), keep the comparison under a name, export a clip
 * of the replay as a GIF (decoded again here), then close the page and open it again the next day
 * (autosave): the scenario, its region and the kept comparison are back, with no hidden state: no
 * leftover params, a solve works as before, and the notices say what happened, not an old story.
 *
 * It also takes the guide's pictures of this walk (docs/images/, support/guideShots.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { GifReader } from 'omggif';
import { launchBrowser, screenshot } from './browser.ts';
import { compareSolvers, measuredBridge } from './support/compareSteps.ts';
import { readAutosavedScenario, readBackup } from './support/backups.ts';
import { GUIDE_IMAGES, guideShot } from './support/guideShots.ts';

const PICKED = ['pibt', 'lacam', 'whca', 'orca'];
const NAME = 'Bridge: grid planners and ORCA';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

function watch(p: Page): void {
  p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  p.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  watch(page);
  await page.goto(inject('baseUrl'));
  await page.getByTestId('status').waitFor();
});
afterAll(async () => {
  await browser?.close();
});

const column = (p: Page, name: string) => p.locator(`[data-testid^="compare-${name}-"]`).allTextContents();
const notice = (p: Page) => p.getByTestId('notice').count().then(async (n) => (n === 0 ? '' : ((await p.getByTestId('notice').textContent()) ?? '')));

/** What the walk saw before the page closed, to find again after. */
const seen = { soc: [] as string[], status: [] as string[], crossings: [] as string[], regionName: '' };

describe('the designer\'s walk: bridge, measure, compare, keep, export a clip, reopen tomorrow', () => {
  it('opens the bridge, measures the bridge and solves: the region says how many got across', async () => {
    await measuredBridge(page);
    await page.getByTestId('region-name-0').fill('bridge');
    await page.getByTestId('region-name-0').press('Enter');
    await page.getByTestId('solver-select').selectOption('pibt');
    await page.getByTestId('solve').click();
    await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 60_000 }).toBe('solved');
    await page.getByTestId('region-measure-0').waitFor();
    const crossings = (await page.getByTestId('region-crossings-0').textContent()) ?? '';
    expect(crossings).toMatch(/\d/);
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('h');
    await page.getByTestId('timeline').fill('20');
    await guideShot(page, 'measure-bridge');
    await guideShot(page, 'measure-region-panel', page.getByTestId('regions-panel'));
    await page.keyboard.press('h');
  });

  it('compares PIBT, LaCAM, WHCA* and ORCA and keeps the comparison under a name', async () => {
    await compareSolvers(page, PICKED, 240_000);
    const labels = await page.getByTestId('compare-row').locator('td:first-child').allTextContents();
    expect(labels).toHaveLength(4);
    seen.status = await column(page, 'status');
    // The crowd model's row says what its units did, never just "solved" unless all arrived without overlaps.
    expect(seen.status.every((s) => s.length > 0)).toBe(true);
    seen.soc = await column(page, 'soc');
    seen.crossings = await page.locator('[data-testid^="compare-region-"]').allTextContents();
    await page.getByTestId('compare-name').fill(NAME);
    await page.getByTestId('compare-name').press('Enter');
    await expect.poll(() => page.getByTestId('compare-kept').locator('option:checked').textContent()).toBe(NAME);
    // Keys go to the map, not the name field just typed in.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('k');
    await page.getByTestId('compare-dock').waitFor();
    await guideShot(page, 'compare-dock');
    await page.keyboard.press('k');
    await page.getByTestId('compare-panel').waitFor();
    await guideShot(page, 'compare-kept', page.getByTestId('compare-panel'));
  });

  it('exports the replay of a compared run as a GIF clip that decodes', async () => {
    // The PIBT row's replay.
    const labels = await page.getByTestId('compare-row').locator('td:first-child').allTextContents();
    await page.getByTestId('compare-row').nth(labels.findIndex((l) => l.startsWith('PIBT'))).locator('td').first().click();
    await expect.poll(() => page.getByTestId('compare-shown').textContent()).toMatch(/^Replaying /);
    await page.keyboard.press('Control+Shift+E');
    await page.getByTestId('video-dialog').waitFor();
    const gif = await page.locator('[data-testid="video-format"] option[data-format="gif"]').getAttribute('value');
    await page.getByTestId('video-format').selectOption(gif!);
    await page.getByTestId('video-size').selectOption('320');
    await page.getByTestId('video-from').fill('10');
    await page.getByTestId('video-to').fill('40');
    await page.getByTestId('video-tps').fill('6');
    await page.getByTestId('video-fpt').fill('1');
    await expect(page.getByTestId('video-summary').textContent()).resolves.toMatch(/^31 frames, 320×160 px/);
    await guideShot(page, 'video-dialog', page.locator('[data-testid="video-dialog"] > *').first());
    const download = page.waitForEvent('download');
    await page.getByTestId('video-record').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.gif$/);
    const bytes = readFileSync((await file.path())!);
    const reader = new GifReader(bytes);
    expect(reader.numFrames()).toBe(31);
    // The map is 40×20: the clip keeps its shape.
    expect([reader.width, reader.height]).toEqual([320, 160]);
    // A known pixel: the wall above the bridge, cell (20, 5), 8 px a cell, in the map's wall colour (#2b2d33) within the palette's error.
    const pixels = new Uint8Array(320 * 160 * 4);
    reader.decodeAndBlitFrameRGBA(0, pixels);
    const o = ((5 * 8 + 4) * 320 + 20 * 8 + 4) * 4;
    expect([pixels[o], pixels[o + 1], pixels[o + 2]].map((v, i) => Math.abs(v - [0x2b, 0x2d, 0x33][i]) <= 12)).toEqual([true, true, true]);
    // The guide shows the clip itself.
    mkdirSync(GUIDE_IMAGES, { recursive: true });
    writeFileSync(`${GUIDE_IMAGES}bridge-clip.gif`, bytes);
  });

  it('reopened the next day (the page closed, autosave), everything is back and nothing hidden is left over', async () => {
    // Everything committed before the page goes.
    await expect.poll(async () => (await readBackup(page, 'mapf-lab/comparisons'))?.includes(NAME) ?? false, { timeout: 10_000 }).toBe(true);
    const savedScenario = async () => {
      const backup = await readAutosavedScenario(page);
      return backup === null ? null : (JSON.parse(backup) as { regions?: { name: string }[] });
    };
    await expect.poll(async () => (await savedScenario())?.regions?.map((r) => r.name), { timeout: 10_000 }).toEqual(['bridge']);
    const solverBefore = await page.getByTestId('solver-select').inputValue();
    await page.close({ runBeforeUnload: false });

    page = await context.newPage();
    watch(page);
    await page.goto(inject('baseUrl'));
    await page.getByTestId('recover').waitFor();
    await page.getByTestId('recover').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^40×20, 20 units/);
    await expect.poll(() => notice(page)).toMatch(/^Recovered “/);

    // The region, by its name.
    expect(await page.getByTestId('region-row').count()).toBe(1);
    expect(await page.getByTestId('region-name-0').inputValue()).toBe('bridge');
    // The kept comparison, current, with the same figures.
    await expect.poll(() => page.getByTestId('compare-kept').locator('option:checked').textContent()).toBe(NAME);
    expect(await page.getByTestId('compare-row').count()).toBe(4);
    expect(await column(page, 'soc')).toEqual(seen.soc);
    expect(await column(page, 'status')).toEqual(seen.status);
    expect(await page.locator('[data-testid^="compare-region-"]').allTextContents()).toEqual(seen.crossings);
    expect(await page.getByTestId('compare-stale').count()).toBe(0);
    await screenshot(page, 'guide-walk-reopened');
    // No hidden state: no param set aside for another solver, the solver as it was, a solve as before.
    expect(await page.getByTestId('unused-params').count()).toBe(0);
    expect(await page.getByTestId('solver-select').inputValue()).toBe(solverBefore);
    for (const solver of ['pibt', 'lacam', 'whca']) {
      await page.getByTestId('solver-select').selectOption(solver);
      await page.getByTestId('solve').click();
      await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 60_000 }).toBe('solved');
      expect(await notice(page)).not.toMatch(/RangeError|unknown param/);
    }
    expect(errors).toEqual([]);
  });
});
