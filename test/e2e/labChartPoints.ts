/** The lab e2e tests' way to pick a run from a chart: click the rightmost point of the first series. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Clicks the rightmost pixel of the first series' colour (Chart.js's first palette blue) on chart
 * `key`: the last point of that line, whose runs the lab then offers to open.
 */
export async function clickLastPoint(page: Page, key: string): Promise<void> {
  const canvas = page.locator(`[data-testid="lab-chart-${key}"] canvas`);
  const target = await canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let best = { x: -1, y: -1 };
    for (let y = 0; y < c.height; y++) {
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        if (data[i] < 120 && data[i + 1] > 100 && data[i + 2] > 200 && data[i + 3] > 200 && x > best.x) best = { x, y };
      }
    }
    const scale = c.width / c.getBoundingClientRect().width;
    return { x: best.x / scale - 2, y: best.y / scale };
  });
  expect(target.x).toBeGreaterThan(0);
  await canvas.click({ position: target });
}
