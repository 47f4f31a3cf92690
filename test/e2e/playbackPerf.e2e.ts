/**
 * Playback speed: 1,000 units on a 256×256 benchmark map (Berlin_1_256), replayed at 8 turns per
 * second. Measures the dynamic layer's draw time per frame and the interval between animation
 * frames; the target is under 16 ms per frame. Figures are printed for the report.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openApp, screenshot, type WatchedPage } from './browser.ts';

const MAP = join(fileURLToPath(new URL('../../../shared/benchmarks/movingai/', import.meta.url)), 'maps/Berlin_1_256.map');

let browser: Browser;
let app: WatchedPage;
beforeAll(async () => {
  browser = await launchBrowser();
  app = await openApp(browser, inject('baseUrl'));
});
afterAll(async () => {
  await browser?.close();
});

declare global {
  interface Window {
    /** The renderer appends each dynamic-layer draw's duration here when the array exists. */
    mapfLabFrameTimes?: number[];
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

describe('browser edition: playback of 1,000 units on 256×256', () => {
  it('replays with frames drawn well under 16 ms', async () => {
    const page = app.page;
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-map').click();
    await (await chooser).setFiles(MAP);
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^256×256, 0 units/);
    await page.getByTestId('random-count').fill('1000');
    await page.getByTestId('place-random').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^256×256, 1000 units/);
    // Independent shortest paths: fast to compute; the drawing load is the same as any plan's.
    await page.getByTestId('solver-select').selectOption('independent');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('heatmap-toggle').check();
    await page.getByTestId('speed').selectOption('8');
    await page.evaluate(() => {
      window.mapfLabFrameTimes = [];
    });
    await page.getByTestId('play').click();
    const intervals = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const times: number[] = [];
          let last = performance.now();
          const started = last;
          const frame = (now: number) => {
            times.push(now - last);
            last = now;
            if (now - started < 3000) requestAnimationFrame(frame);
            else resolve(times.slice(1));
          };
          requestAnimationFrame(frame);
        }),
    );
    const draws = await page.evaluate(() => window.mapfLabFrameTimes ?? []);
    await screenshot(page, 'playback-1000-units');
    await page.getByTestId('play').click();
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    console.log(
      `playback 1000 units 256x256: ${draws.length} draws, draw mean ${mean(draws).toFixed(2)} ms, p95 ${percentile(draws, 0.95).toFixed(2)} ms, max ${Math.max(...draws).toFixed(2)} ms; ` +
        `frame interval mean ${mean(intervals).toFixed(2)} ms, p95 ${percentile(intervals, 0.95).toFixed(2)} ms`,
    );
    expect(draws.length).toBeGreaterThan(20);
    // Generous on a shared 2-core machine: the median draw must fit a 60 Hz frame.
    expect(percentile(draws, 0.5)).toBeLessThan(16);
    expect(app.consoleErrors).toEqual([]);
  });
});
