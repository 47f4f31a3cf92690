/**
 * The heat map on a 2000 x 2000 map zoomed out to a fraction of a pixel per cell (browser
 * edition): two units cross the map on straight rows, and with the heat map on (visits) their
 * rows are drawn in the heat's colour and the floor between them is not, from the image of the
 * hottest cell per pixel (drawHeatFlow.ts). The dynamic layer's draw time per frame while the
 * replay plays is printed with the load (wall-clock, so not asserted): it walked all 4 M cells
 * each frame before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerAsk, screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { isHeat, layerPixels, settledView } from './mapCanvas.ts';
import { chooseFile } from './hugeMapFile.ts';
import { frameIntervals, percentile } from './frameTiming.ts';

const SIDE = 2000;
/** The units' rows: each crosses the map from x = 10 to x = 1990. */
const ROWS = [400, 1600];

const app = useApp();
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mapf-e2e-huge-heat-'));
});

describe('browser edition: the heat map of a 2000 x 2000 map, zoomed out', () => {
  it('draws the units’ rows in the heat’s colour and the floor between them bare', { timeout: 180_000 }, async () => {
    const page = app.page;
    const mapFile = join(dir, 'open.map');
    writeFileSync(mapFile, `type octile\nheight ${SIDE}\nwidth ${SIDE}\nmap\n${`${'.'.repeat(SIDE)}\n`.repeat(SIDE)}`);
    await chooseFile(page, 'open-map', mapFile);
    await expect.poll(() => page.getByTestId('scenario-meta').textContent(), { timeout: 60_000 }).toMatch(/^2000×2000, 0 units/);
    const scen = join(dir, 'open.scen');
    writeFileSync(scen, `version 1\n${ROWS.map((y) => `0\topen.map\t${SIDE}\t${SIDE}\t10\t${y}\t1990\t${y}\t0\n`).join('')}`);
    await chooseFile(page, 'add-units', scen);
    await answerAsk(page, 'all');
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^2000×2000, 2 units/);
    await page.getByTestId('solver-select').selectOption('independent');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 120_000 });
    // Only the heat on the dynamic layer under the probes: no paths or trails over it.
    await page.getByTestId('paths-selected-toggle').check();
    await page.locator('label.check', { hasText: 'Trails' }).locator('input').uncheck();
    await page.getByTestId('heatmap-toggle').check();
    await page.getByTestId('heat-measure').selectOption('visits');
    const dismiss = page.locator('[data-testid="notice"] .dismiss');
    if ((await dismiss.count()) > 0) await dismiss.click();
    const view = await settledView(page);
    expect(view.cellSize).toBeLessThan(1);
    // The pixel holding a cell's centre (where the heat image puts the cell; a device pixel ratio
    // of 1), as a page point layerPixels rounds to itself.
    const pixel = (x: number, y: number): [number, number] => [view.left + Math.floor(view.offsetX + (x + 0.5) * view.cellSize), view.top + Math.floor(view.offsetY + (y + 0.5) * view.cellSize)];
    const probes = [500, 1000, 1500].flatMap((x) => [pixel(x, ROWS[0]), pixel(x, ROWS[1]), pixel(x, 1000)]);
    await expect.poll(async () => (await layerPixels(page, 'dynamic-layer', probes)).map((p) => (p[3] === 0 ? 'bare' : isHeat(p) ? 'heat' : `rgba(${p.join(', ')})`))).toEqual(['heat', 'heat', 'bare', 'heat', 'heat', 'bare', 'heat', 'heat', 'bare']);
    await screenshot(page, 'huge-map-heat');
    // Draw time per frame while playing, heat on.
    await page.getByTestId('speed').selectOption({ index: (await page.getByTestId('speed').locator('option').count()) - 1 });
    await page.evaluate(() => {
      window.mapfLabFrameTimes = [];
    });
    await page.getByTestId('play').click();
    await frameIntervals(page);
    await page.getByTestId('play').click();
    const draws = await page.evaluate(() => window.mapfLabFrameTimes ?? []);
    expect(draws.length).toBeGreaterThan(10);
    console.log(`2000x2000 heat map (visits) at ${view.cellSize.toFixed(3)} px/cell: dynamic layer draw ms/frame p50 ${percentile(draws, 0.5).toFixed(2)}, p95 ${percentile(draws, 0.95).toFixed(2)}, min ${Math.min(...draws).toFixed(2)} (${draws.length} frames); load ${loadavg()[0].toFixed(1)}`);
    expect(app.consoleErrors).toEqual([]);
  });
});
