/**
 * Moving obstacles in the browser edition: a version 3 scenario with a cart opens,
 * the cart and its route are drawn on the map, Solve runs the unit among it (units planning
 * alone, here by prediction since the scenario's units know the timetable) and the replay moves
 * the cart as the run did; WHCA* runs among it too, repairing by watch; a strategy WHCA* does
 * not take and a solver that does not take obstacles each say so; the file saves with the cart.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, layerPixels, mapView, settledView } from './mapCanvas.ts';
import { SCENARIO_VERSION } from '../../core/scenario/schema.ts';

const app = useApp({ acceptDialogs: true });

const SCENARIO = {
  format: 'mapf-lab/scenario', version: 3, name: 'Cart crossing',
  map: { kind: 'inline', rows: ['..........', '..........', '..........', '..........', '..........'] },
  agents: [{ id: 'a', start: [0, 2], goal: [9, 2] }],
  obstacles: [{ id: 'cart', route: [[5, 0], [5, 4]], mode: 'ping-pong', speed: 2 }],
  knowledge: 'timetable',
};


/** Violet, the obstacles' colour (#a05ae0), at a pixel. */
const isObstacle = ([r, g, b, a]: [number, number, number, number]) => a > 100 && r > 120 && b > 170 && g < 130;

describe('browser edition: moving obstacles', () => {
  it('opens a scenario with a cart, draws it and its route, solves among it, replays it moving, and keeps it on save', async () => {
    const page = app.page;
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-e2e-obstacles-')), 'cart.json');
    writeFileSync(file, JSON.stringify(SCENARIO));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe('Cart crossing');
    const view = await settledView(page);
    // The cart at its first waypoint (5, 0); its route's waypoint mark at (5, 4); an empty cell elsewhere.
    await expect.poll(async () => isObstacle((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 5, 0, 0.5, 0.5)]))[0])).toBe(true);
    const [waypoint, empty] = await layerPixels(page, 'dynamic-layer', [cellPoint(view, 5, 4, 0.5, 0.5), cellPoint(view, 1, 0, 0.5, 0.5)]);
    expect(isObstacle(waypoint)).toBe(true);
    expect(isObstacle(empty)).toBe(false);
    await screenshot(page, 'obstacles-cart');

    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    // Four turns on, the cart (speed 2) has moved two cells down its route: (5, 2).
    await page.keyboard.press('Escape');
    for (let k = 0; k < 4; k++) await page.getByTestId('step-forward').click();
    // (Sampled near a corner: the unit's path line runs through the cells' centres.)
    await expect.poll(async () => isObstacle((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 5, 2, 0.2, 0.2)]))[0])).toBe(true);
    expect(isObstacle((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 5, 0, 0.2, 0.2)]))[0])).toBe(false);
    await screenshot(page, 'obstacles-cart-replay');
    // recalc, units knowing the timetable: they plan against it, and nothing blocks them.
    await page.getByTestId('solver-strategy').selectOption('recalc');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    expect(await page.locator('.marks .mark[data-kind="replan"]').count()).toBe(0);
    // Knowing only where the cart stands now, recalc replans; its replans are marked on the timeline with their reasons.
    await page.getByTestId('obstacles-knowledge').selectOption('now');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.marks .mark[data-kind="replan"]').count()).toBeGreaterThan(0);
    await expect(page.locator('.marks .mark[data-kind="replan"]').first().getAttribute('title')).resolves.toMatch(/^t=\d+: unit 1 replans \((blocked by an obstacle|held up by another unit|no path yet)/);
    // watch: its 8-cell regions are drawn (a dashed line between columns 7 and 8).
    await page.getByTestId('solver-strategy').selectOption('watch');
    const along = Array.from({ length: 12 }, (_, k) => cellPoint(view, 8, 0, 0.003, 0.2 + k * 0.35));
    const faintViolet = ([r, g, b, a]: [number, number, number, number]) => a > 30 && b > g + 40 && r > g;
    await expect.poll(async () => (await layerPixels(page, 'dynamic-layer', along)).some(faintViolet)).toBe(true);
    await page.getByTestId('solver-strategy').selectOption('splice');
    await expect.poll(async () => (await layerPixels(page, 'dynamic-layer', along)).some(faintViolet)).toBe(false);
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    // WHCA* among the cart: splice is for units planning alone, and it says so; by watch it solves.
    await page.getByTestId('solver-select').selectOption('whca');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="failed"]').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('status').textContent()).resolves.toMatch(/splice is for units planning alone \(solver independent\); whca takes recalc or watch/);
    expect(await page.getByTestId('solver-strategy').locator('option').allTextContents()).toEqual([expect.stringMatching(/^default \(recalc/), expect.any(String), expect.any(String)]);
    await page.getByTestId('solver-strategy').selectOption('watch');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    for (let k = 0; k < 4; k++) await page.getByTestId('step-forward').click();
    // The cart moves as the run moved it (it never waits for the unit here): (5, 2) at turn 4.
    await expect.poll(async () => isObstacle((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 5, 2, 0.2, 0.2)]))[0])).toBe(true);
    await screenshot(page, 'obstacles-cart-whca');
    // A solver that plans once for a fixed world fails and says so.
    await page.getByTestId('solver-select').selectOption('cbs');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="failed"]').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('status').textContent()).resolves.toMatch(/cbs does not take moving obstacles: it plans once for a fixed world/);
    await page.getByTestId('solver-select').selectOption('independent');
    await page.getByTestId('solver-strategy').selectOption('splice');

    const download = page.waitForEvent('download');
    await page.keyboard.press('Control+s');
    const saved = join(mkdtempSync(join(tmpdir(), 'mapf-e2e-obstacles-')), 'saved.json');
    await (await download).saveAs(saved);
    const json = JSON.parse(readFileSync(saved, 'utf8'));
    // Saved in the current version (4 since streams), obstacles and knowledge kept as they were.
    expect(json.version).toBe(SCENARIO_VERSION);
    expect(json.obstacles).toEqual([{ id: 'cart', size: 1, speed: 2, route: [[5, 0], [5, 4]], mode: 'ping-pong', startTurn: 0 }]);
    expect(json.knowledge).toBe('now');
    expect(json.solver.params).toEqual({ strategy: 'splice' });
    expect(app.consoleErrors).toEqual([]);
  });
});

describe('browser edition: the Obstacle tool', () => {
  it('places an obstacle, adds a waypoint with Shift, sets its speed, mode and what units know in the panel, saves, and undoes each step', async () => {
    const page = app.page;
    await page.getByTestId('new-scenario').click();
    // Measure the map only once the new scenario and its notice are shown: the notice bar moves
    // the map down, and cells measured before it would be clicked a row off.
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 0 units/);
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/^New 32×32 scenario/);
    // And once the view has fitted the 32×32 map (the 10×5 one before it was drawn at 90 px a cell).
    await expect.poll(async () => (await mapView(page)).cellSize).toBeLessThan(40);
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('o');
    const view = await settledView(page);
    await page.mouse.click(...cellPoint(view, 1, 1));
    await expect.poll(() => page.getByTestId('undo').textContent()).toBe('Undo obstacles');
    await page.keyboard.down('Shift');
    await page.mouse.click(...cellPoint(view, 8, 1));
    await page.keyboard.up('Shift');
    // The route is drawn from (1, 1) to (8, 1): a waypoint mark at the far end.
    await expect.poll(async () => isObstacle((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 8, 1, 0.5, 0.5)]))[0])).toBe(true);
    await screenshot(page, 'obstacle-tool');
    // The panel: speed, mode, size and what units know, each one undo step; then the file has them.
    await expect(page.getByTestId('obstacle-row').count()).resolves.toBe(1);
    await page.getByTestId('obstacle-speed-0').fill('3');
    await page.getByTestId('obstacle-speed-0').press('Enter');
    await page.getByTestId('obstacle-mode-0').selectOption('loop');
    await page.getByTestId('obstacle-size-0').fill('2');
    await page.getByTestId('obstacle-size-0').press('Enter');
    await page.getByTestId('obstacles-knowledge').selectOption('timetable');
    await expect.poll(() => page.getByTestId('undo').textContent()).toBe('Undo knowledge');
    await screenshot(page, 'obstacles-panel');
    // Ctrl+S saves with the focus still in the select just changed (the file commands work in fields).
    const download = page.waitForEvent('download');
    await page.keyboard.press('Control+s');
    const saved = join(mkdtempSync(join(tmpdir(), 'mapf-e2e-obstacles-')), 'placed.json');
    await (await download).saveAs(saved);
    const json = JSON.parse(readFileSync(saved, 'utf8'));
    expect(json.obstacles).toEqual([{ id: 'obstacle1', size: 2, speed: 3, route: [[1, 1], [8, 1]], mode: 'loop', startTurn: 0 }]);
    expect(json.knowledge).toBe('timetable');
    for (let k = 0; k < 4; k++) await page.getByTestId('undo').click();
    await page.getByTestId('undo').click();
    await expect.poll(async () => isObstacle((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 8, 1, 0.5, 0.5)]))[0])).toBe(false);
    await page.getByTestId('undo').click();
    await expect.poll(async () => isObstacle((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 1, 1, 0.2, 0.2)]))[0])).toBe(false);
    await expect(page.getByTestId('obstacle-row').count()).resolves.toBe(0);
    expect(app.consoleErrors).toEqual([]);
  });
});
