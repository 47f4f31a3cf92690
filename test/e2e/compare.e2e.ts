/**
 * The designer's story: a bridge template with twenty units, the bridge measured, then
 * Compare with WHCA*, HCA*, LRA* and PIBT: a row per solver whose figures agree with its plan
 * when opened (makespan and sum of costs in the results, the units on the bridge in the region
 * panel), two rows flipped A/B at the same turn, CSV saved, and an edit that changes plans hides
 * the comparison.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, settledView } from './mapCanvas.ts';
import { compareSolvers, measuredBridge } from './support/compareSteps.ts';

const app = useApp({ acceptDialogs: true });

const PICKED = ['whca', 'hca', 'lra', 'pibt'];

/** Pixels of the dynamic layer in the red of the ring round a unit that did not arrive (#e5383b). */
async function redRingPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="dynamic-layer"]') as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - 229) < 12 && Math.abs(data[i + 1] - 56) < 12 && Math.abs(data[i + 2] - 59) < 12 && data[i + 3] > 200) n++;
    return n;
  });
}


describe('browser edition: compare solvers on one scenario', () => {
  it('compares four solvers on the bridge, opens rows, flips A/B at the same turn, saves CSV', async () => {
    const page = app.page;
    await measuredBridge(page);
    await compareSolvers(page, PICKED);
    const view = page.getByTestId('map-view');
    const labels = await page.locator('[data-testid="compare-row"] td:first-child').allTextContents();
    expect(labels.length).toBe(4);

    // Each row, opened, shows its own plan: the results panel's figures are the row's.
    for (let i = 0; i < 4; i++) {
      await page.getByTestId('compare-row').nth(i).locator('td').first().click();
      const status = await page.getByTestId(`compare-status-${i}`).textContent();
      const soc = await page.getByTestId(`compare-soc-${i}`).textContent();
      await expect.poll(() => page.getByTestId('compare-shown').textContent()).toContain(labels[i]);
      if (status === 'solved') {
        await expect.poll(() => page.getByTestId('sum-of-costs').textContent()).toBe(soc);
        expect(await page.getByTestId('makespan').textContent()).toBe(`makespan ${await page.getByTestId(`compare-makespan-${i}`).textContent()}`);
        expect(await redRingPixels(page)).toBe(0);
        // A solved plan takes every unit over the bridge.
        expect(await page.getByTestId('region-units-0').textContent()).toBe('20');
        expect((await page.getByTestId(`compare-region-${i}-0`).textContent())!.split(' · ')[0]).toBe((await page.getByTestId('region-crossings-0').textContent())!.split(' ')[0]);
      } else {
        expect(soc).toBe('—');
        expect(status).toMatch(/^\d+ of 20 arrived/);
      }
      await expect(page.getByTestId('stale').count()).resolves.toBe(0);
    }

    // A run that did not solve names its units; a click jumps to where one stopped and follows it.
    const failed = (await page.locator('[data-testid^="compare-status-"]').allTextContents()).findIndex((t) => t !== 'solved');
    if (failed >= 0) {
      await page.getByTestId('compare-row').nth(failed).locator('td').first().click();
      await expect.poll(() => page.getByTestId('failures-summary').textContent()).toMatch(/units did not arrive/);
      const first = (await page.getByTestId('failure-0').textContent())!;
      expect(first).toMatch(/^Unit \d+ did not arrive: at \(\d+, \d+\) from turn \d+, its goal at/);
      await page.getByTestId('failure-0').click();
      const stoppedAt = first.match(/from turn (\d+)/)![1];
      await expect.poll(async () => (await page.getByTestId('turn').textContent())!.match(/t = (\d+)/)![1]).toBe(stoppedAt);
      // Units that did not arrive are ringed in red on the map; a solved run has no ring.
      expect(await redRingPixels(page)).toBeGreaterThan(20);
      await screenshot(page, 'compare-failure');
    }

    // A/B: WHCA* and PIBT, flipped with the B key at the same turn.
    await page.getByTestId('compare-a-0').check();
    await page.getByTestId('compare-b-3').check();
    await page.getByTestId('compare-row').nth(0).locator('td').first().click();
    await view.hover();
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    const turn = await page.getByTestId('turn').textContent();
    await page.keyboard.press('b');
    await expect.poll(async () => (await page.getByTestId('compare-shown').textContent())!.startsWith(`Replaying ${labels[3]}`)).toBe(true);
    expect((await page.getByTestId('turn').textContent())!.split('/')[0]).toBe(turn!.split('/')[0]);
    expect(await page.getByTestId('solver-select').inputValue()).toBe('pibt');
    await screenshot(page, 'compare-ab');
    await page.getByTestId('compare-panel').scrollIntoViewIfNeeded();
    await screenshot(page, 'compare-table');

    const download = page.waitForEvent('download');
    await page.getByTestId('compare-csv').click();
    const csv = readFileSync((await (await download).path())!, 'utf8').trim().split('\n');
    expect(csv).toHaveLength(5);
    expect(csv[0]).toContain('sumOfCosts,costModel');
    expect(csv[0]).toContain('region 1 throughput');

    // A wall painted on the map changes every plan: the comparison says it is stale (its rows no longer replay). (The
    // view is fitted again first: following a unit moved it.)
    if (await page.getByTestId('follow-toggle').isChecked()) await page.getByTestId('follow-toggle').uncheck();
    await view.hover();
    await page.keyboard.press('0');
    const refitted = await settledView(page);
    await page.keyboard.press('p');
    await page.mouse.click(...cellPoint(refitted, 30, 1));
    await expect.poll(() => page.getByTestId('compare-stale').count()).toBe(1);
    expect(await page.getByTestId('compare-rerun').count()).toBe(1);
    await page.getByTestId('compare-row').nth(3).locator('td').first().click();
    expect(await page.getByTestId('compare-shown').count()).toBe(0);
    expect(app.consoleErrors).toEqual([]);
  });
});
