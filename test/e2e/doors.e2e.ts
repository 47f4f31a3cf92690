/**
 * Doors reach the solver: in the browser edition, paint a corridor, put a door in it that closes
 * at turn 3, solve with WHCA*, and read the exported replay back: it is the simulator's (its map
 * changes hold the closing), no unit stands in the door from turn 3 on, and the run is valid
 * stretch by stretch on the map in force.
 *
 *        x: 4 ............ 27
 *   y  9    @@@@@@@@@@@@@@@@@@@@@@@@      units enter at the left end (5, 10) and (6, 10),
 *   y 10    . . . . . . D . . . . . .     the door D at (12, 10) closes at turn 3,
 *   y 11    @@@@@@@@@@@@@@@@@@@@@@@@      goals (20, 10) and (21, 10): round the walls it is.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, isWall, layerPixels, mapView } from './mapCanvas.ts';
import { parseReplayFile, replayFromReplayFile } from '../../core/replayFile/replayFile.ts';
import { replayCell, validateReplay } from '../../core/contract/replay.ts';
import { Grid } from '../../core/grid/grid.ts';

const DOOR = { x: 12, y: 10 };
const UNITS = [
  { start: [5, 10], goal: [20, 10] },
  { start: [6, 10], goal: [21, 10] },
] as const;

let page: Page;
const app = useApp({ viewport: { width: 1400, height: 900 } });
beforeAll(() => {
  page = app.page;
});

async function clickCell(x: number, y: number): Promise<void> {
  const [px, py] = cellPoint(await mapView(page), x, y);
  await page.mouse.click(px, py);
}

async function wallAt(x: number, y: number): Promise<boolean> {
  const [pixel] = await layerPixels(page, 'static-layer', [cellPoint(await mapView(page), x, y, 0.3, 0.3)]);
  return isWall(pixel);
}

/** One brush stroke along row y from x0 to x1, in small mouse steps. */
async function paintRow(y: number, x0: number, x1: number): Promise<void> {
  const view = await mapView(page);
  const [ax, ay] = cellPoint(view, x0, y);
  const [bx] = cellPoint(view, x1, y);
  await page.mouse.move(ax, ay);
  await page.mouse.down();
  for (let i = 1; i <= 4 * (x1 - x0); i++) await page.mouse.move(ax + ((bx - ax) * i) / (4 * (x1 - x0)), ay);
  await page.mouse.up();
}

async function downloadReplay(): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByTestId('export-menu').selectOption('replay');
  const file = await download;
  return readFileSync((await file.path())!, 'utf8');
}

describe('browser edition: a door that closes in a corridor', () => {
  it('paints a corridor, adds two units and a door closing at turn 3', async () => {
    await page.getByTestId('new-scenario').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 0 units/);
    await page.keyboard.press('p');
    await paintRow(9, 4, 27);
    await paintRow(11, 4, 27);
    for (const x of [4, 12, 27]) {
      await expect.poll(() => wallAt(x, 9)).toBe(true);
      await expect.poll(() => wallAt(x, 11)).toBe(true);
    }
    await page.keyboard.press('u');
    for (const unit of UNITS) {
      await clickCell(unit.start[0], unit.start[1]);
      await clickCell(unit.goal[0], unit.goal[1]);
    }
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 2 units/);
    await page.keyboard.press('d');
    await clickCell(DOOR.x, DOOR.y);
    await expect.poll(() => page.getByTestId('event-row').count()).toBe(1);
    await page.getByTestId('event-turn-0').fill('3');
    await page.getByTestId('event-turn-0').press('Enter');
    await expect.poll(() => page.getByTestId('event-turn-0').inputValue()).toBe('3');
    await expect(page.getByTestId('events-note').textContent()).resolves.toMatch(/replan when a door changes/);
  });

  it('solves with WHCA*: the units go round, never through the closed door', async () => {
    await page.keyboard.press('v');
    await page.getByTestId('solver-select').selectOption('whca');
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('validation').textContent()).resolves.toMatch(/no conflicts/);
    // The simulator's map change is on the timeline.
    await expect.poll(() => page.locator('.mark[data-kind="map-change"]').count()).toBeGreaterThan(0);

    const file = parseReplayFile(await downloadReplay(), 'doors-replay.json');
    expect(file.mapChanges).toEqual([{ t: 3, cells: [[DOOR.x, DOOR.y]], action: 'close' }]);
    const replay = replayFromReplayFile(file);
    const grid = new Grid(32, 32);
    for (const y of [9, 11]) for (let x = 4; x <= 27; x++) grid.setPassable(grid.cell(x, y), false);
    const door = grid.cell(DOOR.x, DOOR.y);
    for (let t = 3; t <= replay.turns; t++) {
      for (let a = 0; a < replay.agents; a++) expect(replayCell(replay, t, a), `unit ${a + 1} at t=${t}`).not.toBe(door);
    }
    // Straight through takes 15 turns; round the walls takes far more.
    expect(replay.turns).toBeGreaterThan(30);
    const agents = UNITS.map((u) => ({ start: grid.cell(u.start[0], u.start[1]), goal: grid.cell(u.goal[0], u.goal[1]) }));
    expect(validateReplay({ grid, movement: { connectivity: 4, corners: 'no-cut' }, agents }, replay, { requireGoals: true }).violations).toEqual([]);

    // Mid-detour, with the door shown closed.
    await page.keyboard.press('Home');
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowRight');
    await screenshot(page, 'door-corridor-detour');
  });

  it('had a clean console', () => {
    expect(app.consoleErrors).toEqual([]);
  });
});
