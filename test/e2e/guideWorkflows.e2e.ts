/**
 * The user guide's workflows, walked in the browser edition at 1280x800, each ending in the
 * pictures the guide shows (docs/images/, support/guideShots.ts), so the guide stays true to the
 * app: paint a map and solve it, the shortcuts sheet, a door and a moving cart among the units,
 * a stream of units over a bridge with its throughput line, and the lab: a preset run, its
 * charts and its HTML report. The designer's walk (measure, compare, keep, clip, reopen) is
 * guideWalk.e2e.ts. Each step checks what its picture is meant to show before taking it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { useApp } from './support/app.ts';
import { cellPoint, isWall, layerPixels, mapView, settledView } from './mapCanvas.ts';
import { guidePanelShot, guideShot } from './support/guideShots.ts';

let page: Page;
const folder = mkdtempSync(join(tmpdir(), 'mapf-e2e-guide-'));

const app = useApp({ acceptDialogs: true, ready: 'status' });
beforeAll(() => {
  page = app.page;
});

async function clickCell(x: number, y: number): Promise<void> {
  await page.mouse.click(...cellPoint(await mapView(page), x, y));
}

/** A drag from cell a to cell b with the tool in hand. */
async function dragCells(a: [number, number], b: [number, number]): Promise<void> {
  const view = await mapView(page);
  await page.mouse.move(...cellPoint(view, ...a));
  await page.mouse.down();
  await page.mouse.move(...cellPoint(view, ...b), { steps: 8 });
  await page.mouse.up();
}

async function openScenario(scenario: object, file: string): Promise<void> {
  const path = join(folder, file);
  writeFileSync(path, JSON.stringify(scenario));
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('open-scenario').click();
  await (await chooser).setFiles(path);
  await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe((scenario as { name: string }).name);
  await settledView(page);
}

async function solveWith(solver: string): Promise<void> {
  await page.getByTestId('solver-select').selectOption(solver);
  await page.getByTestId('solve').click();
  await expect.poll(() => page.getByTestId('status').getAttribute('data-status'), { timeout: 60_000 }).toBe('solved');
}

describe('the guide\'s workflows, with their pictures', () => {
  it('paint and solve: a wall with a gap painted on a new map, four units placed, HCA* solves, the replay shows their trails', async () => {
    await page.getByTestId('new-scenario').click();
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 0 units/);
    // Measured once the notice bar is in: it moves the map down.
    await expect.poll(() => page.getByTestId('notice').textContent()).toMatch(/^New 32×32 scenario\. Paint walls with P, add units with U\./);
    await settledView(page);
    await page.getByTestId('map-view').hover();
    // A wall down column 16 with a two-cell gap at rows 15 and 16 (the Line tool, L).
    await page.keyboard.press('l');
    await dragCells([16, 2], [16, 14]);
    await dragCells([16, 17], [16, 29]);
    const view = await mapView(page);
    const [wall, gap] = await layerPixels(page, 'static-layer', [cellPoint(view, 16, 8, 0.3, 0.3), cellPoint(view, 16, 15, 0.3, 0.3)]);
    expect(isWall(wall)).toBe(true);
    expect(isWall(gap)).toBe(false);
    // Four units (U: click the start, then the goal), two each way through the gap.
    await page.keyboard.press('u');
    for (const [sx, sy, gx, gy] of [[4, 10, 28, 20], [4, 20, 28, 10], [28, 12, 4, 18], [28, 18, 4, 12]]) {
      await clickCell(sx, sy);
      await clickCell(gx, gy);
    }
    await expect.poll(() => page.getByTestId('scenario-meta').textContent()).toMatch(/^32×32, 4 units/);
    await guideShot(page, 'paint-editor');
    await solveWith('hca');
    await page.getByTestId('timeline').fill('16');
    await expect.poll(() => page.getByTestId('turn').textContent()).toMatch(/^t = 16 \//);
    await guideShot(page, 'solve-replay');
    await guideShot(page, 'solve-results', page.getByRole('region', { name: 'Results' }));
  });

  it('the shortcuts sheet (?) lists every key', async () => {
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('?');
    await page.getByTestId('help-overlay').waitFor();
    await guideShot(page, 'shortcuts');
    await page.getByTestId('help-close').click();
  });

  it('moving obstacles and doors: a cart patrols, a door closes at turn 6, WHCA* plans among them', async () => {
    await openScenario({
      format: 'mapf-lab/scenario', version: 4, name: 'Yard with a cart and a door',
      map: { kind: 'inline', rows: Array.from({ length: 12 }, (_, y) => (y === 6 ? '......................' : y === 5 || y === 7 ? '@@@@@@@@@@..@@@@@@@@@@' : '......................')) },
      agents: [
        { id: 'a1', start: [1, 1], goal: [20, 10] }, { id: 'a2', start: [20, 1], goal: [1, 10] },
        { id: 'a3', start: [1, 10], goal: [20, 2] }, { id: 'a4', start: [20, 10], goal: [2, 1] },
      ],
      solver: { solver: 'whca' },
      events: [{ t: 6, cells: [[10, 6]], action: 'close' }],
      obstacles: [{ id: 'cart', size: 1, speed: 1, route: [[3, 3], [18, 3]], mode: 'ping-pong', startTurn: 0 }],
      knowledge: 'now',
    }, 'yard.json');
    await expect.poll(() => page.getByTestId('event-row').count()).toBe(1);
    await solveWith('whca');
    await page.getByTestId('timeline').fill('8');
    await expect.poll(() => page.getByTestId('turn').textContent()).toMatch(/^t = 8 \//);
    await guideShot(page, 'obstacles-doors');
    // Every column of the obstacles table (the start turn last) shows in the side bar, with no sideways scroll.
    const fit = await page.getByTestId('obstacles-table').evaluate((t) => {
      const panel = t.closest('section')!;
      const room = panel.getBoundingClientRect().right - parseFloat(getComputedStyle(panel).paddingRight);
      const cut = [...t.querySelectorAll('select')].filter((s) => s.scrollWidth > s.clientWidth + 1).length;
      return { right: Math.max(...[...t.querySelectorAll('th, td')].map((c) => c.getBoundingClientRect().right)), room: Math.ceil(room), cut };
    });
    expect(fit.right).toBeLessThanOrEqual(fit.room);
    // ... and the mode reads whole ("back and forth").
    expect(fit.cut).toBe(0);
    await guidePanelShot(page, 'obstacles-panel', page.getByTestId('obstacles-panel'));
  });

  it('streams: two spawners send units over a one-lane bridge to the far exits; PIBT runs the stream, the throughput line under the timeline', async () => {
    const rows = Array.from({ length: 8 }, (_, y) => (y === 3 ? '...............' : '......@@@......'));
    await openScenario({
      format: 'mapf-lab/scenario', version: 4, name: 'Two-way bridge',
      map: { kind: 'inline', rows },
      agents: [],
      solver: { solver: 'pibt', turnLimit: 300 },
      spawners: [
        { name: 'west gate', area: { from: [0, 0], to: [1, 1] }, every: 4, count: 8, goal: { exit: 'east dock' } },
        { name: 'east gate', area: { from: [13, 0], to: [14, 1] }, every: 4, count: 8, goal: { exit: 'west dock' } },
      ],
      exits: [
        { name: 'east dock', area: { from: [13, 6], to: [14, 7] } },
        { name: 'west dock', area: { from: [0, 6], to: [1, 7] } },
      ],
    }, 'two-way-bridge.json');
    await solveWith('pibt');
    await expect.poll(() => page.getByTestId('stream-units').textContent()).toMatch(/^16 appeared, 16 left by an exit/);
    await page.getByTestId('timeline').fill('30');
    await page.getByTestId('throughput-chart').waitFor();
    await guideShot(page, 'streams');
    await guidePanelShot(page, 'streams-panel', page.getByTestId('streams-panel'));
  });

  it('the lab: the small preset on two workers, its charts, and the HTML report', async () => {
    await page.getByTestId('view-lab').click();
    await page.locator('[data-testid="lab-editor"] .monaco-editor').waitFor();
    await page.getByTestId('lab-preset').selectOption('small');
    await expect.poll(() => page.getByTestId('lab-file-name').textContent()).toBe('lab-sweep.json');
    await page.getByTestId('lab-workers').fill('2');
    await page.getByTestId('lab-run').click();
    await page.locator('[data-testid="lab-bar"][data-phase="finished"]').waitFor({ timeout: 180_000 });
    const progress = page.getByTestId('lab-progress-text');
    expect(Number(await progress.getAttribute('data-failed'))).toBe(0);
    const done = Number(await progress.getAttribute('data-done'));
    expect(done).toBe(Number(await progress.getAttribute('data-total')));
    const chart = page.locator('[data-testid^="lab-chart-"]').first();
    await chart.scrollIntoViewIfNeeded();
    await page.locator(`[data-testid^="lab-chart-"][data-records="${done}"]`).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await guideShot(page, 'lab');
    await chart.scrollIntoViewIfNeeded();
    await guideShot(page, 'lab-chart', chart);

    const download = page.waitForEvent('download');
    await page.getByTestId('lab-export-report').click();
    const report = await download;
    expect(report.suggestedFilename()).toMatch(/\.html$/);
    const reportFile = join(folder, report.suggestedFilename());
    await report.saveAs(reportFile);
    const reportPage = await app.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await reportPage.goto(pathToFileURL(reportFile).href);
    await expect.poll(() => reportPage.locator('canvas, svg').count()).toBeGreaterThan(0);
    await reportPage.waitForTimeout(500);
    await guideShot(reportPage, 'lab-report');
    await reportPage.close();
    await page.getByTestId('view-editor').click();
    expect(app.consoleErrors).toEqual([]);
  });
});
