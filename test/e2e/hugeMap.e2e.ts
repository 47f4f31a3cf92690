/**
 * A 5000 x 5000 map in the browser edition: a generated .map (free, with two thick wall bars)
 * says what it will cost before it opens; Cancel leaves the open scenario as it was. OK reads it
 * off the UI thread (the map worker), saying how many rows are read, with Cancel (and Esc), which
 * leaves the scenario as it was too; OK again opens it and draws it at the fitted zoom, its border (floor
 * inside, nothing outside) and its walls, from the grid as pixels. 2,880 units from a .scen are
 * then drawn as pixels too, each disc in its unit's colour where the unit stands and nothing
 * between them. The longest UI-thread task of opening and of adding the units (with the autosave
 * after, which writes the map's base) is printed in wall-clock time with the load (the long-task
 * observer; not asserted, as the wall clock stretches on a busy machine) and asserted in the UI
 * thread's CPU time from Chromium's trace (uiThreadCpu.ts): under 200 ms, the app's target for
 * big scenarios, while the machine is not oversubscribed, else under a 500 ms ceiling (taskBound).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerAsk, screenshot } from './browser.ts';
import { longestTaskSince, pageNow, profiled, recordLongTasks, settle } from './bigScenarioSteps.ts';
import { useApp } from './support/app.ts';
import { cellPoint, isWall, layerPixels, settledView } from './mapCanvas.ts';
import { percentile } from './frameTiming.ts';
import { SIDE, chooseFile, isWallCell, noticesSeen, recordNotices, writeHugeMap } from './hugeMapFile.ts';
import { TASK_TARGET_MS, taskBound, uiThreadTasks } from './uiThreadCpu.ts';
import { defaultAgentColor } from '../../core/mapf/agentColors.ts';

/** Units on a lattice of free cells 90 cells apart (13 px at the fitted zoom, discs of 5 px). */
const STEP = 90;

const app = useApp({ prepare: recordLongTasks });
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'mapf-e2e-huge-'));
});

/** The lattice's units: start and goal the same free cell. */
function unitCells(): [number, number][] {
  const cells: [number, number][] = [];
  for (let y = 45; y < SIDE; y += STEP) {
    for (let x = 45; x < SIDE; x += STEP) if (!isWallCell(x, y)) cells.push([x, y]);
  }
  return cells;
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

    // OK, then Cancel while its rows are read: nothing is opened either. The page clicks Cancel
    // (the first time; Esc the second) as soon as the first rows are told, so the read cannot end first.
    const cancelWhileReading = (how: 'click' | 'Escape') =>
      page.evaluate((by) => {
        new MutationObserver((_, observer) => {
          const cancel = document.querySelector<HTMLButtonElement>('[data-testid="cancel-open"]');
          if (cancel && /rows…$/.test(document.querySelector('[data-testid="notice"] > span')?.textContent ?? '')) {
            observer.disconnect();
            if (by === 'click') cancel.click();
            else window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      }, how);
    await cancelWhileReading('click');
    await chooseFile(page, 'open-map', mapFile);
    await answerAsk(page);
    await expect.poll(() => page.getByTestId('notice').textContent(), { timeout: 60_000 }).toContain('huge.map was not opened (cancelled while reading).');
    expect(await page.getByTestId('scenario-meta').textContent()).toBe(before);
    await page.getByTestId('notice').locator('.dismiss').click();
    await cancelWhileReading('Escape');
    await chooseFile(page, 'open-map', mapFile);
    await answerAsk(page);
    await expect.poll(() => page.getByTestId('notice').textContent(), { timeout: 60_000 }).toContain('huge.map was not opened (cancelled while reading).');
    expect(await page.getByTestId('scenario-meta').textContent()).toBe(before);

    // OK: the rows read are told as they go, it opens, and the static layer is drawn from the grid.
    await page.evaluate(() => {
      window.mapfLabStaticTimes = [];
    });
    await recordNotices(page);
    let since = await pageNow(page);
    const openingCpu = await uiThreadTasks(app.browser, page, async () => {
      await chooseFile(page, 'open-map', mapFile);
      expect(await answerAsk(page)).toBe(question);
      await expect.poll(() => page.getByTestId('scenario-meta').textContent(), { timeout: 120_000 }).toMatch(/^5000×5000, 0 units/);
      await settle(page);
    });
    const opening = await longestTaskSince(page, since);
    const notices = await noticesSeen(page);
    expect(notices).toContain('Reading huge.map (25.0 MB)…');
    expect(notices.some((n) => /^Reading huge\.map \(25\.0 MB\): [\d,]+ of 5,000 rows…$/.test(n))).toBe(true);
    expect(notices[notices.length - 1]).toMatch(/^Opened huge\.map \(5000×5000\)/);
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
    const addingCpu = await uiThreadTasks(app.browser, page, () =>
      profiled(page, '5000x5000: adding units and the autosave after', async () => {
        await chooseFile(page, 'add-units', scen);
        await answerAsk(page, 'all');
        await expect.poll(() => page.getByTestId('scenario-meta').textContent(), { timeout: 60_000 }).toBe(`5000×5000, ${cells.length} units, 4-connected`);
        // Long enough for the autosave that follows an edit (1.5 s on), which writes the map's base.
        await settle(page, 5000);
      }),
    );
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
    const bound = taskBound();
    console.log(
      `5000x5000 map: longest UI task opening ${opening.longest.toFixed(0)} ms wall (${openingCpu.longestCpu.toFixed(0)} ms CPU; target < ${TASK_TARGET_MS}), static layer ${staticTimes.map((t) => t.toFixed(0)).join(', ')} ms on opening (the blocks counted), ${redrawTimes.map((t) => t.toFixed(0)).join(', ')} ms per redraw after; ` +
        `adding 2,880 units and its autosave ${adding.longest.toFixed(0)} ms wall (${addingCpu.longestCpu.toFixed(0)} ms CPU); their draw ms/frame p50 ${percentile(draws, 0.5).toFixed(2)}, p95 ${percentile(draws, 0.95).toFixed(2)}, min ${Math.min(...draws).toFixed(2)} (${draws.length} frames); CPU asserted < ${bound.ms} ms (${bound.why}); ${load()}`,
    );
    // In the UI thread's CPU time, which a busy machine does not stretch: the map is read in the
    // worker, its rows written once into the autosave's base (0.35-1.0 s and 0.3-0.6 s tasks before).
    expect(openingCpu.longestCpu).toBeLessThan(bound.ms);
    expect(addingCpu.longestCpu).toBeLessThan(bound.ms);
    expect(app.consoleErrors).toEqual([]);
  });

  it('says where a big map read in the worker is wrong: file, line and column', { timeout: 60_000 }, async () => {
    const page = app.page;
    // 1200 x 1200: over the 1 MB read in the worker, under the size that asks first.
    const side = 1200;
    const rows = Array.from({ length: side }, (_, y) => (y === 900 ? `${'.'.repeat(700)}x${'.'.repeat(side - 701)}` : '.'.repeat(side)));
    const file = join(dir, 'bad.map');
    writeFileSync(file, `type octile\nheight ${side}\nwidth ${side}\nmap\n${rows.join('\n')}\n`);
    const before = await page.getByTestId('scenario-meta').textContent();
    await chooseFile(page, 'open-map', file);
    await expect.poll(() => page.getByTestId('notice').textContent(), { timeout: 30_000 }).toContain("bad.map:905:701: unknown map character 'x'");
    expect(await page.getByTestId('notice').getAttribute('data-kind')).toBe('error');
    expect(await page.getByTestId('cancel-open').count()).toBe(0);
    expect(await page.getByTestId('scenario-meta').textContent()).toBe(before);
  });
});
