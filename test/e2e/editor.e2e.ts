/**
 * The designer workflow in the browser edition: paint a wall with a one-cell gap, place
 * four units that must cross it, solve with WHCA*, scrub the replay, see the heat map mark the
 * gap, undo and redo an edit, type invalid JSON and see the marker while the map keeps its
 * state, apply a valid JSON edit as one undo step, and import a Moving AI map and scenario; with
 * the Window overlay on, the selected unit's WHCA* window and reserved cells are shaded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerAsk, screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, isHeat, isWall, layerPixels, mapView } from './mapCanvas.ts';

const BENCHMARKS = MOVING_AI;
const GAP = { x: 16, y: 16 };
/** Two units on each side of the gap, each going to the other side: all four need the gap at once. */
const UNITS = [
  { start: [15, 15], goal: [18, 15] },
  { start: [15, 17], goal: [18, 17] },
  { start: [17, 15], goal: [14, 15] },
  { start: [17, 17], goal: [14, 17] },
] as const;

let page: Page;
const dialogs: string[] = [];
// Opening a file over unsaved changes asks first: accept, and keep the question for a check.
const app = useApp({ viewport: { width: 1400, height: 900 }, acceptDialogs: dialogs });
beforeAll(() => {
  page = app.page;
});

async function clickCell(x: number, y: number): Promise<void> {
  const view = await mapView(page);
  const [px, py] = cellPoint(view, x, y);
  await page.mouse.click(px, py);
}

async function wallAt(x: number, y: number): Promise<boolean> {
  const view = await mapView(page);
  const [pixel] = await layerPixels(page, 'static-layer', [cellPoint(view, x, y, 0.3, 0.3)]);
  return isWall(pixel);
}

describe('browser edition: the scenario editor and the replay player', () => {
  it('starts a new scenario and paints a wall with one gap in a single stroke', async () => {
    await page.getByTestId('new-scenario').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 0 units/);
    await page.keyboard.press('p');
    const view = await mapView(page);
    const [x0, y0] = cellPoint(view, GAP.x, 0);
    const [, y1] = cellPoint(view, GAP.x, 31);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x0, y0 + ((y1 - y0) * i) / 8);
    await page.mouse.up();
    await expect(page.getByTestId('undo').textContent()).resolves.toBe('Undo paint');
    await page.keyboard.press('e');
    await clickCell(GAP.x, GAP.y);
    await expect.poll(() => wallAt(GAP.x, 0)).toBe(true);
    await expect.poll(() => wallAt(GAP.x, 31)).toBe(true);
    await expect.poll(() => wallAt(GAP.x, GAP.y)).toBe(false);
    // The cursor's cell shows in the status bar.
    const [hx, hy] = cellPoint(await mapView(page), 3, 7);
    await page.mouse.move(hx, hy);
    await expect.poll(() => page.getByTestId('cursor-cell').textContent()).toBe('x 3, y 7');
  });

  it('places four units with the unit tool: a start click, then a goal click', async () => {
    await page.keyboard.press('u');
    for (const unit of UNITS) {
      await clickCell(unit.start[0], unit.start[1]);
      await clickCell(unit.goal[0], unit.goal[1]);
    }
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 4 units/);
    await expect(page.getByTestId('undo').textContent()).resolves.toBe('Undo add unit');
  });

  it('solves with WHCA* and the plan is conflict-free', async () => {
    await page.getByTestId('solver-select').selectOption('whca');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('validation').textContent()).resolves.toMatch(/no conflicts/);
    await screenshot(page, 'editor-solved');
  });

  it('scrubs and steps the replay', async () => {
    const turnText = () => page.getByTestId('turn').textContent();
    const last = Number(/\/ (\d+)/.exec((await turnText())!)![1]);
    expect(last).toBeGreaterThanOrEqual(5);
    const slider = (await page.getByTestId('timeline').boundingBox())!;
    await page.mouse.click(slider.x + slider.width / 2, slider.y + slider.height / 2);
    const middle = Number(/t = (\d+)/.exec((await turnText())!)![1]);
    expect(Math.abs(middle - last / 2)).toBeLessThanOrEqual(1.5);
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('ArrowRight');
    await expect.poll(turnText).toBe(`t = ${middle + 1} / ${last}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(turnText).toBe(`t = ${middle - 1} / ${last}`);
    await screenshot(page, 'editor-replay-scrubbed');
  });

  it('the congestion heat map marks the gap', async () => {
    await page.getByTestId('heatmap-toggle').check();
    const view = await mapView(page);
    // Cell corners, away from the paths drawn through cell centres.
    const near = [GAP.x - 1, GAP.x, GAP.x + 1].map((x) => cellPoint(view, x, GAP.y, 0.12, 0.12));
    const far = [cellPoint(view, 3, 3, 0.12, 0.12), cellPoint(view, 28, 28, 0.12, 0.12)];
    await expect.poll(async () => (await layerPixels(page, 'dynamic-layer', near)).some(isHeat)).toBe(true);
    expect((await layerPixels(page, 'dynamic-layer', far)).some(isHeat)).toBe(false);
    await screenshot(page, 'editor-heatmap');
    await page.getByTestId('heatmap-toggle').uncheck();
  });

  it("the Window overlay shades the selected unit's WHCA* window: its start, the gap and its goal at t=0", async () => {
    await page.keyboard.press('v');
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByTestId('turn').textContent()).toMatch(/^t = 0 \//);
    await clickCell(UNITS[0].start[0], UNITS[0].start[1]);
    const toggle = page.getByTestId('window-toggle');
    await expect(toggle.isEnabled()).resolves.toBe(true);
    // Bottom-right corners: clear of the path lines, the unit's disc and ring, goal outlines and labels.
    const view = await mapView(page);
    const cells: [number, number][] = [];
    for (let y = 12; y <= 20; y++) for (let x = 12; x <= 20; x++) cells.push([x, y]);
    cells.push([3, 3], [28, 28]);
    const points = cells.map(([x, y]) => cellPoint(view, x, y, 0.93, 0.93));
    const before = await layerPixels(page, 'dynamic-layer', points);
    await toggle.check();
    const shaded = async () => {
      const after = await layerPixels(page, 'dynamic-layer', points);
      const changed = cells.filter((_, i) => after[i].reduce((d, v, k) => d + Math.abs(v - before[i][k]), 0) > 40);
      return changed.map(([x, y]) => `${x},${y}`);
    };
    await expect.poll(shaded).toEqual(expect.arrayContaining(['15,15', '16,16', '18,15']));
    const window = await shaded();
    // Only unit 1's cells: nothing on the far side of the others' goals, nothing far away.
    for (const cell of ['14,17', '14,15', '3,3', '28,28']) expect(window).not.toContain(cell);
    expect(window.length).toBeLessThanOrEqual(17);
    // Unit 1 plans first, at t=0, and its window reaches w = 16 turns ahead.
    await expect(page.getByTestId('window-info').textContent()).resolves.toBe('planned t=0, to t=16');
    await screenshot(page, 'editor-window-t0');
    // Scrubbed on, the window starts where the unit stands and its start cell is behind it.
    await page.getByTestId('map-view').hover();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('turn').textContent()).toMatch(/^t = 3 \//);
    await expect.poll(async () => (await shaded()).length).toBeGreaterThan(0);
    expect(await shaded()).not.toContain('15,15');
    await screenshot(page, 'editor-window-t3');
    await toggle.uncheck();
    await expect.poll(async () => (await shaded()).length).toBe(0);
  });

  it('a click on a unit shows its path, waits and metrics; Delete removes it, undo brings it back', async () => {
    await page.keyboard.press('v');
    await page.keyboard.press('Home');
    await clickCell(UNITS[3].start[0], UNITS[3].start[1]);
    const metrics = page.getByTestId('unit-metrics');
    await metrics.waitFor();
    await expect(metrics.locator('tbody tr').count()).resolves.toBe(1);
    expect(Number(await page.getByTestId('unit-waits').textContent())).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'editor-unit-selected');
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 3 units/);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 4 units/);
  });

  it('undoes and redoes an edit with the keyboard', async () => {
    await page.keyboard.press('p');
    await clickCell(5, 5);
    await expect.poll(() => wallAt(5, 5)).toBe(true);
    await expect(page.getByTestId('undo').textContent()).resolves.toBe('Undo paint');
    await page.keyboard.press('Control+z');
    await expect.poll(() => wallAt(5, 5)).toBe(false);
    await expect(page.getByTestId('redo').textContent()).resolves.toBe('Redo paint');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => wallAt(5, 5)).toBe(true);
    await page.keyboard.press('Control+y'); // nothing left to redo: no change
    await page.getByTestId('undo').click();
    await expect.poll(() => wallAt(5, 5)).toBe(false);
  });

  it('invalid JSON shows a marker and leaves the map as it was', async () => {
    await page.getByTestId('toggle-json').click();
    const editor = page.locator('[data-testid="json-editor"] .monaco-editor');
    await editor.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('[data-testid="json-editor"] .view-lines').textContent()).toContain('mapf-lab/scenario');
    // Hover documentation comes from the scenario schema's descriptions.
    await page.locator('[data-testid="json-editor"] .view-lines span', { hasText: '"format"' }).first().hover();
    await expect.poll(() => page.locator('.monaco-hover').allTextContents(), { timeout: 10_000 }).toEqual(
      expect.arrayContaining([expect.stringContaining('marks the file as a MAPF Lab scenario')]),
    );
    await screenshot(page, 'editor-json-hover');
    await page.locator('[data-testid="json-editor"] .view-lines').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText('{ "format": "mapf-lab/scenario", "version": 2, "name": "broken", "map": ');
    await page.getByTestId('json-problems').waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('json-problems').textContent()).resolves.toMatch(/JSON syntax error/);
    await page.locator('[data-testid="json-editor"] .squiggly-error').first().waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('scenario-meta').textContent()).resolves.toMatch(/^32×32, 4 units/);
    await expect(page.getByTestId('scenario-name').textContent()).resolves.toBe('Untitled scenario');
    expect(await wallAt(GAP.x, 0)).toBe(true);
    expect(await wallAt(GAP.x, GAP.y)).toBe(false);
    await screenshot(page, 'editor-invalid-json');
  });

  it('a valid JSON edit applies as one undo step', async () => {
    const scenario = {
      format: 'mapf-lab/scenario',
      version: 2,
      name: 'From JSON',
      map: { kind: 'inline', rows: ['.....', '..@..', '.....'] },
      agents: [{ id: 'a1', start: [0, 1], goal: [4, 1] }],
    };
    await page.locator('[data-testid="json-editor"] .view-lines').click();
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(JSON.stringify(scenario));
    // Monaco auto-closed the first '{' after the cursor: remove it, as a user would.
    await page.keyboard.press('Control+Shift+End');
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByTestId('scenario-meta').textContent(), { timeout: 10_000 }).toMatch(/^5×3, 1 units/);
    await expect(page.getByTestId('json-problems').count()).resolves.toBe(0);
    await expect(page.getByTestId('undo').textContent()).resolves.toBe('Undo JSON edit');
    await screenshot(page, 'editor-json-applied');
    await page.getByTestId('undo').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 4 units/);
    await expect.poll(() => page.locator('[data-testid="json-editor"] .view-lines').textContent()).toContain('Untitled');
    await page.getByTestId('toggle-json').click();
  });

  it('live mode re-solves after an edit', async () => {
    await page.getByTestId('stale').waitFor();
    await page.getByTestId('live-mode').check();
    await expect.poll(() => page.getByTestId('stale').count(), { timeout: 20_000 }).toBe(0);
    await page.keyboard.press('p');
    await clickCell(2, 2);
    await expect.poll(() => page.getByTestId('stale').count(), { timeout: 20_000 }).toBe(0);
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('live-mode').uncheck();
  });

  it('imports a Moving AI map and scenario from the benchmarks', async (ctx) => {
    skipWithoutBenchmarks(ctx);
    for (const [button, file] of [['open-map', 'maps/random-32-32-20.map'], ['add-units', 'scen/random-32-32-20-random-1.scen']]) {
      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId(button).click();
      await (await chooser).setFiles(join(BENCHMARKS, file));
      if (button === 'add-units') await answerAsk(page);
    }
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 10 units/);
    expect(dialogs).toEqual(['Discard the unsaved changes to “Untitled scenario”?']);
    // The map on the canvas is the file's: every cell of its first four rows, walls and floor.
    const rows = readFileSync(join(BENCHMARKS, 'maps/random-32-32-20.map'), 'utf8').split('\n').slice(4, 8);
    const view = await mapView(page);
    const cells = rows.flatMap((row, y) => [...row.trim()].map((ch, x) => ({ x, y, wall: ch !== '.' })));
    const pixels = await layerPixels(page, 'static-layer', cells.map(({ x, y }) => cellPoint(view, x, y, 0.3, 0.3)));
    expect(cells.filter((c, i) => isWall(pixels[i]) !== c.wall)).toEqual([]);
    expect(cells.some((c) => c.wall) && cells.some((c) => !c.wall)).toBe(true);
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await screenshot(page, 'editor-benchmark');
  });

  it('had a clean console', () => {
    expect(app.consoleErrors).toEqual([]);
  });
});
