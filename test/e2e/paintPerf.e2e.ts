/**
 * Painting on a 1024×1024 map: the time per stroke segment (the model command a pointer move
 * dispatches) and per static-layer redraw (a segment's region, and the whole map after a zoom or
 * pan). The target is no visible lag; figures are printed for the report.
 */
import { loadavg } from 'node:os';
import { describe, expect, it } from 'vitest';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, mapView } from './mapCanvas.ts';

declare global {
  interface Window {
    mapfLabStaticTimes?: [number, number][];
    mapfLabStrokeTimes?: number[];
  }
}

const app = useApp();

const stats = (v: number[]) => {
  const sorted = [...v].sort((a, b) => a - b);
  const mean = v.reduce((a, b) => a + b, 0) / v.length;
  return `n=${v.length} mean ${mean.toFixed(2)} ms, p95 ${sorted[Math.floor(v.length * 0.95)].toFixed(2)} ms, max ${sorted[v.length - 1].toFixed(2)} ms`;
};

describe('browser edition: painting a 1024×1024 map', () => {
  it('paints a brush-5 stroke as one undo step without lag', async () => {
    const page = app.page;
    await page.getByTestId('new-scenario').click();
    await page.getByTestId('map-width').fill('1024');
    await page.getByTestId('map-height').fill('1024');
    await page.getByTestId('resize-map').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^1024×1024, 0 units/);
    await page.getByTestId('map-view').hover();
    for (let i = 0; i < 4; i++) await page.keyboard.press(']');
    await expect.poll(() => page.getByTestId('brush-size').inputValue()).toBe('5');
    await page.keyboard.press('p');
    await page.evaluate(() => {
      window.mapfLabStaticTimes = [];
      window.mapfLabStrokeTimes = [];
    });
    const view = await mapView(page);
    const start = cellPoint(view, 40, 40);
    await page.mouse.move(...start);
    await page.mouse.down();
    // A zigzag across the map: 300 segments.
    for (let i = 1; i <= 300; i++) {
      const x = 40 + (i * 3) % 940;
      const y = 40 + Math.floor((i * 3) / 940) * 100 + (i % 2) * 40;
      await page.mouse.move(...cellPoint(view, x, y));
    }
    await page.mouse.up();
    await expect(page.getByTestId('undo').textContent()).resolves.toBe('Undo paint');
    await page.keyboard.press('+'); // a zoom redraws the whole map
    await page.keyboard.press('-');
    await page.waitForTimeout(200);
    const strokes = await page.evaluate(() => window.mapfLabStrokeTimes ?? []);
    const statics = await page.evaluate(() => window.mapfLabStaticTimes ?? []);
    const regions = statics.filter(([, whole]) => whole === 0).map(([ms]) => ms);
    const wholes = statics.filter(([, whole]) => whole === 1).map(([ms]) => ms);
    console.log(`paint 1024x1024 brush 5: stroke segment ${stats(strokes)}; region redraw ${stats(regions)}; whole-map redraw ${stats(wholes)}; load ${loadavg()[0].toFixed(1)}`);
    await screenshot(page, 'paint-1024');
    expect(strokes.length).toBeGreaterThan(100);
    expect(regions.length).toBeGreaterThan(10);
    // One undo step for the whole stroke: undoing it leaves the resize to undo next.
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('undo').textContent()).toBe('Undo resize map');
    expect(app.consoleErrors).toEqual([]);
  });
});
