/**
 * Streams in the browser edition: a version 4 scenario, a one-lane bridge over a river with a
 * spawner on each bank's top and an exit at the other bank's bottom, opens with its spawners and
 * exits outlined on the map; PIBT solves it in the solver worker; the results give the stream's
 * measures (the same figures as `mapf-lab solve --scenario` on the file), the throughput line
 * under the timeline shows deliveries over the run and a click on it moves the replay; scrubbing
 * the timeline shows units only while they are on the map.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { cellPoint, layerPixels, settledView } from './mapCanvas.ts';

const app = useApp({ acceptDialogs: true });

// A river (columns 6..8) crossed by a one-lane bridge on row 3.
const rows = Array.from({ length: 8 }, (_, y) => (y === 3 ? '...............' : '......@@@......'));
const SCENARIO = {
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
};

/** Green, the spawners' outline (#2b9348), and violet, the exits' (#7b2cbf), at a pixel. */
const isSpawner = ([r, g, b, a]: [number, number, number, number]) => a > 100 && g > 110 && g > r + 50 && g > b + 30;
const isExit = ([r, g, b, a]: [number, number, number, number]) => a > 100 && b > 150 && r > 90 && g < 80;

describe('browser edition: streams', () => {
  it('opens a two-way bridge stream, solves it with PIBT, shows its measures and throughput line, and replays units only while on the map', async () => {
    const page = app.page;
    const file = join(mkdtempSync(join(tmpdir(), 'mapf-e2e-streams-')), 'bridge.json');
    writeFileSync(file, JSON.stringify(SCENARIO));
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('open-scenario').click();
    await (await chooser).setFiles(file);
    await expect.poll(() => page.getByTestId('scenario-name').textContent()).toBe('Two-way bridge');
    const view = await settledView(page);
    // The west gate's outline on its left edge, the east dock's on its bottom edge; nothing on the river's far side.
    await expect.poll(async () => isSpawner((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 0, 1, 0.02, 0.5)]))[0])).toBe(true);
    expect(isExit((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 14, 7, 0.5, 0.97)]))[0])).toBe(true);
    expect(isSpawner((await layerPixels(page, 'dynamic-layer', [cellPoint(view, 4, 4, 0.5, 0.02)]))[0])).toBe(false);

    await page.getByTestId('solver-select').selectOption('pibt');
    await page.getByTestId('solve').click();
    const status = page.getByTestId('status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 60_000 }).not.toBe('running');
    expect(await status.getAttribute('data-status')).toBe('solved');
    expect(await page.getByTestId('validation').textContent()).toBe('Plan validator: no conflicts.');

    // The measures agree with the command line's on the same file.
    const cli = JSON.parse(execFileSync(process.execPath, ['bin/mapf-lab.mjs', 'solve', '--scenario', file, '--solver', 'pibt', '--json'], { encoding: 'utf8' })) as {
      streams: { appeared: number; left: number; throughput: number; exitThroughput: number; timeInSystem: { mean: number; p95: number; max: number } };
    };
    expect(cli.streams.appeared).toBe(16);
    await expect.poll(() => page.getByTestId('stream-units').textContent()).toMatch(/^16 appeared, 16 left by an exit, 0 on the map at the end/);
    expect(await page.getByTestId('stream-throughput').textContent()).toBe(`${cli.streams.throughput.toFixed(2)} goals reached, ${cli.streams.exitThroughput.toFixed(2)} exits per 10 turns`);
    const tis = cli.streams.timeInSystem;
    expect(await page.getByTestId('stream-time').textContent()).toBe(`mean ${tis.mean.toFixed(1)}, p95 ${tis.p95}, max ${tis.max} turns`);
    expect(await page.locator('[data-testid="stream-spawners"] tbody tr').allTextContents()).toEqual(['west gate80 / 0', 'east gate80 / 0']);
    // A one-cell-wide crossing takes at least the walk from a gate to the far dock (14 columns + 6 rows).
    expect(tis.max).toBeGreaterThanOrEqual(20);

    // The throughput line under the timeline; a click at its middle replays that turn.
    const chart = page.getByTestId('throughput-chart');
    await expect(chart.isVisible()).resolves.toBe(true);
    const turns = Number(await chart.getAttribute('data-turns'));
    expect(turns).toBeGreaterThan(20);
    expect(await page.getByTestId('throughput-value').textContent()).toMatch(/^Throughput: 0 delivered in the 10 turns to turn 0; [\d.]+ per 10 turns over the run$/);
    const box = (await chart.boundingBox())!;
    // The plot spans x 26..792 of the 800-wide chart.
    const plotX = (turn: number) => box.x + ((26 + (turn / turns) * (800 - 26 - 8)) / 800) * box.width;
    await page.mouse.move(plotX(Math.round(turns / 2)), box.y + box.height / 2);
    await expect.poll(() => page.getByTestId('throughput-value').textContent()).toMatch(new RegExp(`^turn ${Math.round(turns / 2)}: \\d+ delivered in the last 10 turns`));
    await page.mouse.click(plotX(Math.round(turns / 2)), box.y + box.height / 2);
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe(`t = ${Math.round(turns / 2)} / ${turns}`);
    await page.mouse.move(box.x, box.y - 200);
    // Halfway through, units have been delivered.
    expect(Number(/: (\d+) delivered/.exec((await page.getByTestId('throughput-value').textContent())!)![1])).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'streams-bridge-middle');

    // Scrubbing: at turn 0 the first two units stand on their gates; at the end nobody is on the map.
    // (Only selected units' paths are drawn, and nothing is selected: the cells show units alone.)
    await page.getByTestId('paths-selected-toggle').check();
    const timeline = page.getByTestId('timeline');
    await timeline.fill('0');
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe(`t = 0 / ${turns}`);
    const unitAt = async (x: number, y: number) => {
      const [[r, g, b, a]] = await layerPixels(page, 'dynamic-layer', [cellPoint(await settledView(page), x, y, 0.25, 0.5)]);
      // A unit's disc is opaque and not the light fill of an area.
      return a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 60;
    };
    expect(await unitAt(0, 0)).toBe(true);
    expect(await unitAt(13, 0)).toBe(true);
    await timeline.fill(String(turns));
    await expect.poll(() => page.getByTestId('turn').textContent()).toBe(`t = ${turns} / ${turns}`);
    for (const [x, y] of [[0, 0], [13, 0], [14, 7], [1, 7], [7, 3]] as const) expect(await unitAt(x, y)).toBe(false);
    await screenshot(page, 'streams-bridge-end');
    // Keyboard scrubbing back to the middle of the run: the throughput marker follows the turn.
    await timeline.fill(String(Math.round(turns / 3)));
    await expect.poll(() => page.getByTestId('throughput-value').textContent()).toMatch(new RegExp(`to turn ${Math.round(turns / 3)};`));
    await screenshot(page, 'streams-bridge-third');
  });

  it('draws an exit (X) and a spawner (G) as undoable edits, sets the schedule in the Streams panel, and solves the new stream', async () => {
    const page = app.page;
    const drag = async (key: string, from: [number, number], to: [number, number]) => {
      // Measured before each drag: the first edit makes the solved stream's plan stale, and the
      // throughput line under the timeline goes with it, giving the map its height back (a new fit).
      const view = await settledView(page);
      await page.getByTestId('map-view').hover();
      await page.keyboard.press(key);
      await page.mouse.move(...cellPoint(view, ...from));
      await page.mouse.down();
      await page.mouse.move(...cellPoint(view, ...to), { steps: 3 });
      await page.mouse.up();
    };
    // The third exit ('dock 3'), on the east bank's middle; then a spawner on the west bank's middle sent to the first exit.
    await drag('x', [12, 4], [13, 4]);
    await expect.poll(() => page.getByTestId('exit-2').textContent()).toMatch(/exit dock 3/);
    await expect.poll(() => page.getByTestId('undo').textContent()).toBe('Undo streams');
    await drag('g', [2, 4], [3, 4]);
    await expect.poll(() => page.locator('[data-testid="spawner-2"] strong').textContent()).toBe('gate 3');
    expect(await page.getByTestId('spawner-exit-2').inputValue()).toBe('east dock');
    await page.getByTestId('spawner-exit-2').selectOption('dock 3');
    await page.getByTestId('spawner-count-2').fill('4');
    await page.getByTestId('spawner-count-2').press('Enter');
    await page.getByTestId('spawner-every-2').fill('2');
    await page.getByTestId('spawner-every-2').press('Enter');
    await expect.poll(() => page.getByTestId('spawner-every-2').inputValue()).toBe('2');
    // Its outline is drawn (the spawner's left edge at (2, 4); the view measured again, a notice may have moved it).
    await screenshot(page, 'streams-drawn');
    await expect.poll(async () => isSpawner((await layerPixels(page, 'dynamic-layer', [cellPoint(await settledView(page), 2, 4, 0.02, 0.5)]))[0])).toBe(true);
    await page.getByTestId('solve').click();
    await page.locator('[data-testid="status"][data-status="solved"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('stream-units').textContent()).toMatch(/^20 appeared, 20 left by an exit/);
    // Undo takes back the schedule edits, then the spawner, then the exit.
    await page.getByTestId('map-view').hover();
    for (let k = 0; k < 3; k++) await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('[data-testid="spawner-2"]').count()).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('[data-testid="spawner-2"]').count()).toBe(0);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('[data-testid="exit-2"]').count()).toBe(0);
  });
});
