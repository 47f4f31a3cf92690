/**
 * A 5000 x 5000 map in the browser edition: a generated .map (free, with two thick wall bars)
 * says what it will cost before it opens; Cancel leaves the open scenario as it was, OK opens it
 * and draws it at the fitted zoom, its border (floor inside, nothing outside) and its walls, from
 * the grid as pixels. 2,880 units from a .scen are then drawn as pixels too, each disc in its
 * unit's colour where the unit stands and nothing between them. The longest UI-thread tasks of
 * opening and of adding the units are printed with the load (wall-clock, so not asserted: the
 * figure to watch is the opening's, under 1.5 s with a quiet machine); the test asserts what is
 * seen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerAsk, screenshot } from './browser.ts';
import { longestTaskSince, pageNow, profiled, recordLongTasks, settle } from './bigScenarioSteps.ts';
import { useApp } from './support/app.ts';
import { cellPoint, isWall, layerPixels, settledView } from './mapCanvas.ts';
import { percentile } from './frameTiming.ts';
import { defaultAgentColor } from '../../core/mapf/agentColors.ts';

const SIDE = 5000;
/** Wall bars: columns 1000..1299 over rows 500..4499, and rows 3000..3299 over columns 2000..4799. */
const isWallCell = (x: number, y: number) => (x >= 1000 && x < 1300 && y >= 500 && y < 4500) || (y >= 3000 && y < 3300 && x >= 2000 && x < 4800);
/** Units on a lattice of free cells 90 cells apart (13 px at the fitted zoom, discs of 5 px). */
const STEP = 90;

const app = useApp({ prepare: recordLongTasks });
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mapf-e2e-huge-'));
});

function writeHugeMap(file: string): void {
  const free = '.'.repeat(SIDE);
  const rows: string[] = [];
  for (let y = 0; y < SIDE; y++) {
    let row = '';
    for (let x = 0; x < SIDE; ) {
      // Runs of the same kind, so building 25 M characters stays quick.
      let end = x;
      const wall = isWallCell(x, y);
      while (end < SIDE && isWallCell(end, y) === wall) end++;
      row += wall ? '@'.repeat(end - x) : free.slice(0, end - x);
      x = end;
    }
    rows.push(row);
  }
  writeFileSync(file, `type octile\nheight ${SIDE}\nwidth ${SIDE}\nmap\n${rows.join('\n')}\n`);
}

/** The lattice's units: start and goal the same free cell. */
function unitCells(): [number, number][] {
  const cells: [number, number][] = [];
  for (let y = 45; y < SIDE; y += STEP) {
    for (let x = 45; x < SIDE; x += STEP) if (!isWallCell(x, y)) cells.push([x, y]);
  }
  return cells;
}

async function chooseFile(page: Page, button: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId(button).click();
  await (await chooser).setFiles(file);
}

const load = () => `load ${loadavg()[0].toFixed(1)}`;
const hex = ([r, g, b]: number[]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

describe('browser edition: a 5000 x 5000 map', () => {
  it('says what it will cost, opens on OK, draws its border and walls, and 2,880 units as pixels', { timeout: 300_000 }, async () => {
    const page = app.page;
    const mapFile = join(dir, 'huge.map');
    writeHugeMap(mapFile);
    await page.getByTestId('scenario-meta').waitFor();
    const before = await page.getByTestId('scenario-meta').textContent();

    // Cancel: nothing is opened.
    await chooseFile(page, 'open-map', mapFile);
    await page.getByTestId('ask-dialog').waitFor();
    const question = (await page.getByTestId('ask-message').textContent()) ?? '';
    expect(question).toMatch(/^huge\.map is 5000×5000: 25 M cells \(25,000,000\)\. Opening it takes about \d+ MB/);
    expect(question).toContain('distance table of 95 MB per unit');
    expect(await page.getByTestId('ask-input').count()).toBe(0);
    await screenshot(page, 'huge-map-cost');
    await page.getByTestId('ask-cancel').click();
    await expect.poll(() => page.getByTestId('notice').textContent()).toContain('huge.map was not opened');
    expect(await page.getByTestId('scenario-meta').textContent()).toBe(before);

    // OK: it opens, and the static layer is drawn from the grid.
    await page.evaluate(() => {
      window.mapfLabStaticTimes = [];
    });
    let since = await pageNow(page);
    await chooseFile(page, 'open-map', mapFile);
    expect(await answerAsk(page)).toBe(question);
    await expect.poll(() => page.getByTestId('scenario-meta').textContent(), { timeout: 120_000 }).toMatch(/^5000×5000, 0 units/);
    await settle(page);
    const opening = await longestTaskSince(page, since);
    const staticTimes = await page.evaluate(() => (window.mapfLabStaticTimes ?? []).filter(([, whole]) => whole === 1).map(([ms]) => ms));
    const view = await settledView(page);
    expect(view.cellSize).toBeLessThan(0.2);
    // The outline's pixels (drawStaticPixels: one pixel outside the pixels holding the edge
    // cells' centres; a device pixel ratio of 1), as page points layerPixels rounds to themselves.
    const outlineX = view.left + Math.floor(view.offsetX + 0.5 * view.cellSize) - 1;
    const outlineY = view.top + Math.floor(view.offsetY + (SIDE - 0.5) * view.cellSize) + 1;
    const edgeLeft = view.left + view.offsetX;
    const edgeBottom = view.top + view.offsetY + SIDE * view.cellSize;
    const [, midY] = cellPoint(view, 0, 2500);
    const [midX] = cellPoint(view, 2500, 0);
    const [inside, outlineLeft, outlineBelow, outsideLeft, outsideBelow, wallA, wallB, floor] = await layerPixels(page, 'static-layer', [
      cellPoint(view, 20, 2500),
      [outlineX, Math.round(midY)],
      [Math.round(midX), outlineY],
      [edgeLeft - 4.5, midY],
      [midX, edgeBottom + 4.5],
      cellPoint(view, 1150, 2500),
      cellPoint(view, 3500, 3150),
      cellPoint(view, 2500, 1500),
    ]);
    // The border: floor just inside the map's left edge, its outline a pixel outside, nothing beyond.
    expect(inside[3]).toBe(255);
    expect(isWall(inside)).toBe(false);
    expect(outlineLeft[3]).toBeGreaterThan(60);
    expect(outlineBelow[3]).toBeGreaterThan(60);
    expect(outsideLeft[3]).toBe(0);
    expect(outsideBelow[3]).toBe(0);
    expect(isWall(wallA)).toBe(true);
    expect(isWall(wallB)).toBe(true);
    expect(isWall(floor)).toBe(false);
    await screenshot(page, 'huge-map-open');
    // Fit again (a zoom or pan redraws the whole layer too): from the counted blocks this time.
    await page.evaluate(() => {
      window.mapfLabStaticTimes = [];
    });
    await page.getByTestId('fit').click();
    await page.keyboard.press('-');
    await page.getByTestId('fit').click();
    await expect.poll(() => page.evaluate(() => (window.mapfLabStaticTimes ?? []).length)).toBeGreaterThan(0);
    const redrawTimes = await page.evaluate(() => (window.mapfLabStaticTimes ?? []).map(([ms]) => ms));

    // 2,880 units from a .scen: drawn as pixels, each in its colour.
    const cells = unitCells();
    const scen = join(dir, 'huge.scen');
    writeFileSync(scen, `version 1\n${cells.map(([x, y]) => `0\thuge.map\t${SIDE}\t${SIDE}\t${x}\t${y}\t${x}\t${y}\t0\n`).join('')}`);
    since = await pageNow(page);
    await profiled(page, '5000x5000: adding units and the autosave after', async () => {
      await chooseFile(page, 'add-units', scen);
      await answerAsk(page, 'all');
      await expect.poll(() => page.getByTestId('scenario-meta').textContent(), { timeout: 60_000 }).toBe(`5000×5000, ${cells.length} units, 4-connected`);
      // Long enough for the autosave that follows an edit (1.5 s on), which writes the map inline.
      await settle(page, 5000);
    });
    const adding = await longestTaskSince(page, since);
    // Enough units to be drawn as pixels (PIXEL_UNITS_MIN in renderer/src/canvas/drawUnitPixels.ts).
    expect(cells.length).toBeGreaterThanOrEqual(1000);
    const probe = [0, 1, 57, 1234, cells.length - 1];
    const points = probe.flatMap((i) => {
      const [x, y] = cells[i];
      const [px, py] = cellPoint(view, x, y);
      // The disc's centre, and halfway to the next unit on the lattice (empty).
      return [[px, py], [px + (STEP / 2) * view.cellSize, py]] as [number, number][];
    });
    const pixels = await layerPixels(page, 'dynamic-layer', points);
    probe.forEach((i, k) => {
      const centre = pixels[2 * k];
      expect({ unit: i + 1, colour: hex(centre), alpha: centre[3] }).toEqual({ unit: i + 1, colour: defaultAgentColor(i).toLowerCase(), alpha: 255 });
      expect(pixels[2 * k + 1][3]).toBe(0);
    });
    await screenshot(page, 'huge-map-units');
    // The dynamic layer's draw time: each move of the pointer to another cell redraws it.
    await page.evaluate(() => {
      window.mapfLabFrameTimes = [];
    });
    for (let k = 0; k < 40; k++) {
      await page.mouse.move(...cellPoint(view, 200 + k * 110, 2600 + (k % 2) * 50));
      await page.waitForTimeout(30);
    }
    const draws = await page.evaluate(() => window.mapfLabFrameTimes ?? []);
    expect(draws.length).toBeGreaterThan(10);
    console.log(
      `5000x5000 map: longest UI task opening ${opening.longest.toFixed(0)} ms (target < 1500), static layer ${staticTimes.map((t) => t.toFixed(0)).join(', ')} ms on opening (the blocks counted), ${redrawTimes.map((t) => t.toFixed(0)).join(', ')} ms per redraw after; ` +
        `adding 2,880 units and its autosave ${adding.longest.toFixed(0)} ms; their draw ms/frame p50 ${percentile(draws, 0.5).toFixed(2)}, p95 ${percentile(draws, 0.95).toFixed(2)}, min ${Math.min(...draws).toFixed(2)} (${draws.length} frames); ${load()}`,
    );
    expect(app.consoleErrors).toEqual([]);
  });
});
