/**
 * The replay and scenario tools in the browser edition, on the built-in chokepoint
 * example: a door added with the Door tool shows on the map (a marker, then the cell closed once
 * the replay reaches its turn), following a unit keeps it at the centre of the view while the
 * replay plays, and the unit editor's size and speed and the solver panel's corner rule are
 * commands with undo; a size-2 unit is drawn and followed on the centre of its 2x2 footprint.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, isWall, layerPixels, mapView } from './mapCanvas.ts';

const DOOR = { x: 10, y: 0 };

let page: Page;
const app = useApp({ viewport: { width: 1400, height: 900 } });
beforeAll(() => {
  page = app.page;
});

async function clickCell(x: number, y: number): Promise<void> {
  const [px, py] = cellPoint(await mapView(page), x, y);
  await page.mouse.click(px, py);
}

async function dynamicAt(x: number, y: number, fx: number, fy: number) {
  const [pixel] = await layerPixels(page, 'dynamic-layer', [cellPoint(await mapView(page), x, y, fx, fy)]);
  return pixel;
}

const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
/** A closed door: the dynamic layer paints the cell as an opaque wall. */
const closed = (pixel: number[]) => pixel[3] > 200 && isWall(pixel as [number, number, number, number]);
const near = (pixel: number[], rgb: number[], alpha = 200) => pixel[3] > alpha && rgb.every((c, i) => Math.abs(c - pixel[i]) <= 12);

describe('browser edition: doors, follow, unit properties', () => {
  it('adds a door with the Door tool (D): listed with its turn and marked on the map', async () => {
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe('Chokepoint example');
    await page.keyboard.press('d');
    await expect.poll(() => page.getByTestId('tool-door').getAttribute('aria-pressed')).toBe('true');
    await clickCell(DOOR.x, DOOR.y);
    await expect.poll(() => page.getByTestId('event-row').count()).toBe(1);
    await expect(page.getByTestId('event-turn-0').inputValue()).resolves.toBe('10');
    await expect(page.getByTestId('undo').textContent()).resolves.toBe('Undo map events');
    // The marker: an amber outline at the cell's edge, the inside still clear (not closed yet).
    // (Dashed until it happens: some point along the top edge is on a dash.)
    const edge = async () => (await Promise.all([0.3, 0.4, 0.5, 0.6, 0.7].map((fx) => dynamicAt(DOOR.x, DOOR.y, fx, 0.03)))).some((p) => near(p, hex('#f0a030'), 100));
    await expect.poll(edge).toBe(true);
    expect((await dynamicAt(DOOR.x, DOOR.y, 0.2, 0.2))[3]).toBe(0);
    // Turn 1, so the replay reaches it.
    await page.getByTestId('event-turn-0').fill('1');
    await page.getByTestId('event-turn-0').press('Enter');
    await expect.poll(() => page.getByTestId('events-note').isVisible()).toBe(true);
  });

  it('shows the door closed once the replay reaches its turn, open before', async () => {
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Home');
    await expect.poll(async () => closed(await dynamicAt(DOOR.x, DOOR.y, 0.2, 0.2))).toBe(false);
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => closed(await dynamicAt(DOOR.x, DOOR.y, 0.2, 0.2))).toBe(true);
    await screenshot(page, 'replay-door-closed');
  });

  it('follows the selected unit (C): it stays at the centre of the view while the replay plays', async () => {
    await page.keyboard.press('v');
    await page.keyboard.press('Home');
    await clickCell(9, 3); // unit 3's start
    await expect.poll(() => page.getByTestId('unit-editor').isVisible()).toBe(true);
    const colour = hex(await page.getByTestId('unit-colour').inputValue());
    await page.keyboard.press('n'); // no numbers on the discs: the centre pixel is the unit's colour
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    await page.keyboard.press('c');
    await expect.poll(() => page.getByTestId('follow-toggle').isChecked()).toBe(true);
    const canvas = (await page.getByTestId('dynamic-layer').boundingBox())!;
    const centre: [number, number] = [canvas.x + canvas.width / 2, canvas.y + canvas.height / 2];
    await page.getByTestId('speed').selectOption('2');
    await page.keyboard.press(' ');
    const offsets = new Set<string>();
    for (let k = 0; k < 6; k++) {
      await page.waitForTimeout(250);
      const [pixel] = await layerPixels(page, 'dynamic-layer', [centre]);
      expect(near(pixel, colour), `centre pixel ${pixel} at sample ${k}, unit colour ${colour}`).toBe(true);
      offsets.add(`${await page.getByTestId('map-view').getAttribute('data-offset-x')},${await page.getByTestId('map-view').getAttribute('data-offset-y')}`);
    }
    expect(offsets.size).toBeGreaterThan(2); // the view moved with the unit
    await screenshot(page, 'replay-follow');
    await page.keyboard.press(' ');
    await page.keyboard.press('c');
    await expect.poll(() => page.getByTestId('follow-toggle').isChecked()).toBe(false);
    await page.keyboard.press('n');
    await page.keyboard.press('0');
  });

  it('edits the unit size and speed and the corner rule, each one undo step', async () => {
    await page.getByTestId('unit-speed').fill('2');
    await page.getByTestId('unit-speed').press('Enter');
    await expect.poll(() => page.getByTestId('undo').textContent()).toBe('Undo edit units');
    await expect(page.getByTestId('unit-props-note').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('corners').isDisabled()).resolves.toBe(true);
    await page.getByTestId('connectivity').selectOption('8');
    await page.getByTestId('corners').selectOption('cut');
    await expect.poll(() => page.getByTestId('undo').textContent()).toBe('Undo movement');
    await page.getByTestId('undo').click();
    await expect.poll(() => page.getByTestId('corners').inputValue()).toBe('no-cut');
    await screenshot(page, 'unit-properties');
  });

  it('draws and follows a size-2 unit on its 2x2 footprint, with and without a plan', async () => {
    // Anchored at (5, 5) the unit covers (5,5)..(6,6): its centre is the corner (6, 6) they share.
    const BIG = { start: { x: 5, y: 5 }, goal: { x: 20, y: 12 } };
    page.once('dialog', (dialog) => void dialog.accept()); // discard this file's edits
    await page.getByTestId('new-scenario').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 0 units/);
    await page.keyboard.press('u');
    await clickCell(BIG.start.x, BIG.start.y);
    await clickCell(BIG.goal.x, BIG.goal.y);
    await page.keyboard.press('v');
    await clickCell(BIG.start.x, BIG.start.y);
    await page.getByTestId('unit-size').fill('2');
    await page.getByTestId('unit-size').press('Enter');
    await expect.poll(() => page.getByTestId('undo').textContent()).toBe('Undo edit units');
    const colour = hex(await page.getByTestId('unit-colour').inputValue());
    // Out of the field by a click on the footprint's far cell: the unit stays selected and put.
    await clickCell(BIG.start.x + 1, BIG.start.y + 1);
    await expect(page.getByTestId('undo').textContent()).resolves.toBe('Undo edit units');
    // Four points 0.4 cells from the footprint's centre, one in each cell it covers: inside the
    // disc (radius 0.72 cells) only when it is centred on the footprint, not on the anchor cell.
    const onFootprint = async (x: number, y: number) => {
      const view = await mapView(page);
      const points = [0.6, 1.4].flatMap((fx) => [0.6, 1.4].map((fy) => cellPoint(view, x, y, fx, fy)));
      return (await layerPixels(page, 'dynamic-layer', points)).every((p) => near(p, colour));
    };
    await expect.poll(() => onFootprint(BIG.start.x, BIG.start.y)).toBe(true);
    await page.getByTestId('solver-select').selectOption('whca');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByTestId('turn').textContent()).toMatch(/^t = 0 \//);
    await expect.poll(() => onFootprint(BIG.start.x, BIG.start.y)).toBe(true);
    // Follow centres the view on the same point: a cell corner (a whole number) on whole turns.
    await page.getByRole('checkbox', { name: /Trails/ }).check();
    for (let i = 0; i < 4; i++) await page.keyboard.press('+');
    await page.keyboard.press('c');
    await expect.poll(() => page.getByTestId('follow-toggle').isChecked()).toBe(true);
    const followed = async () => {
      const view = await mapView(page);
      const canvas = (await page.getByTestId('dynamic-layer').boundingBox())!;
      return [(canvas.width / 2 - view.offsetX) / view.cellSize, (canvas.height / 2 - view.offsetY) / view.cellSize];
    };
    const close = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]) < 1e-3);
    await expect.poll(async () => close(await followed(), [BIG.start.x + 1, BIG.start.y + 1])).toBe(true);
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('turn').textContent()).toMatch(/^t = 6 \//);
    await expect.poll(async () => close(await followed(), (await followed()).map(Math.round))).toBe(true);
    const [fx, fy] = await followed();
    await expect.poll(() => onFootprint(Math.round(fx) - 1, Math.round(fy) - 1)).toBe(true);
    await screenshot(page, 'replay-large-unit');
    await page.keyboard.press('c');
    await page.keyboard.press('0');
  });

  it('had a clean console', () => {
    expect(app.consoleErrors).toEqual([]);
  });
});
