/**
 * The designer's Compare steps the end-to-end tests share: the one-lane bridge with its bridge
 * measured, and a comparison of exactly the picked solvers run to its end.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { cellPoint, settledView } from '../mapCanvas.ts';
import { ONE_LANE_BRIDGE, generateTemplate } from './templates.ts';

/** Opens the one-lane bridge and marks the bridge (x 15..24 on row 9) with the Measure tool, once the new map is fitted. */
export async function measuredBridge(page: Page): Promise<void> {
  await generateTemplate(page, ONE_LANE_BRIDGE);
  const fitted = await settledView(page);
  await page.getByTestId('map-view').hover();
  await page.keyboard.press('m');
  await page.mouse.move(...cellPoint(fitted, 15, 9));
  await page.mouse.down();
  await page.mouse.move(...cellPoint(fitted, 24, 9), { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => page.getByTestId('region-row').count()).toBe(1);
}

/** Picks exactly `picked` in the Compare panel, runs them and waits for every row and for Run to be back. */
export async function compareSolvers(page: Page, picked: readonly string[], timeoutMs = 120_000): Promise<void> {
  for (const name of await page.locator('[data-testid^="compare-pick-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('compare-pick-'.length)))) {
    const box = page.getByTestId(`compare-pick-${name}`);
    if ((await box.isChecked()) !== picked.includes(name)) await box.click();
  }
  await page.getByTestId('compare-run').click();
  await expect.poll(() => page.getByTestId('compare-row').count(), { timeout: timeoutMs }).toBe(picked.length);
  await expect.poll(() => page.getByTestId('compare-run').isEnabled(), { timeout: timeoutMs / 2 }).toBe(true);
}
